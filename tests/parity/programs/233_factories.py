# The factories of the tensor tutorials: arange, linspace, logspace, full, eye, zeros/ones(_like), empty-then-fill, tensor from nested lists (https://pytorch.org/docs/stable/torch.html#creation-ops)
import torch
import math
# ruff: noqa: I001 - torch imported first; student code as written

print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.1), torch.arange(10, 0, -3))
print(torch.linspace(-math.pi, math.pi, 5), torch.linspace(0, 1, 11).tolist())
print(
    torch.logspace(0, 3, 4),
    torch.full((2, 3), 7.0),
    torch.full((2,), 3),
    torch.eye(3),
    torch.eye(2, 3),
)
x = torch.tensor([[1, 2], [3, 4]])
print(
    torch.zeros_like(x),
    torch.ones_like(x, dtype=torch.float),
    torch.full_like(x, 9),
    x.new_zeros(3),
    x.new_tensor([1.5]),
)
print(
    torch.empty(2, 2).fill_(0.5),
    torch.zeros(2, 1, 3).shape,
    torch.ones(()),
    torch.tensor([]),
    torch.tensor([[]]).shape,
)
print(
    torch.tensor([[1.0, 2.0], [3.0, 4.0]]).tolist(),
    torch.tensor(3.5).tolist(),
    torch.as_tensor([1, 2]),
)
print(torch.diag(torch.tensor([1.0, 2.0])), torch.tensor(range(4)), torch.tensor([1, 2.5, True]))
