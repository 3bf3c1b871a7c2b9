# More printing: tiny and huge values in 2-d, wide rows, bool and int matrices.
import torch

print(torch.tensor([[1e-8, 1.0], [2.0, 3.0]], requires_grad=True))
print(torch.tensor([[-1.5, 2.25], [1000.0, 3.0]]) * 1)
print(torch.tensor([123456789.0, 1.0]))
print(torch.tensor([[float("nan"), 1.0]]), torch.tensor([[1, -2], [3, 4]]))
M = torch.ones(3, 12, requires_grad=True)
print(M * 1.5)
print(torch.ones(2, 30) * 0.5)
print(torch.tensor([[True, False], [False, True]]))
print(torch.ones(1, 1))
print(torch.tensor([[]]))
