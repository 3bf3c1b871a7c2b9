# Printing big tensors: summarized 1-d and 2-d, float64 extremes.
import torch

print(torch.arange(2000.0))
print(torch.arange(1001))
print(torch.zeros(40, 30))
print(torch.ones(3, 400))
print(torch.ones(1500, 1) * 0.5)
print(torch.tensor([1e300, 1.0], dtype=torch.float64))
print(torch.tensor([0.1 + 0.2], dtype=torch.float64), torch.tensor(1 / 3, dtype=torch.float64))
print(torch.arange(1000.0, requires_grad=True) * 2)
