# torch.linspace, eye, zeros_like, ones_like, full_like, empty and full as the tensor tutorials use them.
import torch

print(
    torch.linspace(0, 1, 5),
    torch.linspace(-3.3, 7.1, 11).tolist(),
    torch.linspace(0, 1, 7, dtype=torch.float64).tolist(),
)
print(
    torch.eye(3),
    torch.eye(2, 3),
    torch.zeros_like(torch.ones(2, 2)),
    torch.ones_like(torch.tensor([1, 2])),
    torch.full_like(torch.zeros(3), 7.0),
    torch.empty(2, 2).shape,
    torch.full((2,), 3.0),
)
print(torch.linspace(1, 1, 1), torch.linspace(0, 10, 2))
