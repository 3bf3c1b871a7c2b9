# Factories with shapes given as numbers, tuples and lists; dtypes and requires_grad.
import torch

print(torch.ones(2, 3))
print(torch.zeros((2, 3)), torch.zeros([3]))
print(torch.ones(3, requires_grad=True), torch.zeros(2, 2, requires_grad=True))
print(
    torch.ones(2, dtype=torch.float64),
    torch.zeros(3, dtype=torch.int64),
    torch.ones(2, dtype=torch.bool),
)
print(torch.ones(()), torch.zeros(()).shape, torch.ones(1), torch.ones(1, 1))
print(torch.ones(0), torch.ones(0).shape)
print(
    torch.arange(6),
    torch.arange(2, 8),
    torch.arange(0, 10, 4),
    torch.arange(1.0, 2.0, 0.5),
)
print(torch.arange(4, dtype=torch.float64), torch.arange(3.0, requires_grad=True))
print(torch.arange(-3, 3), torch.arange(5, 0, -2))
print(torch.tensor([[1, 2.5], [3, 4]]), torch.tensor([1, 2.0], requires_grad=True))
print(torch.tensor(True), torch.tensor([[True], [False]]))
print(torch.ones(2, 3).shape, torch.ones(2, 3).size(), len(torch.ones(4, 2)))
