# More than 1000 elements: only the first and last three of each dimension are printed.
import torch

print(torch.arange(1001.0))
print(torch.arange(1001))
print(torch.ones(1001) * 0.5)
print(torch.arange(2000.0) * 1e-3)
print(torch.zeros(40, 30))
x = torch.ones(1500, requires_grad=True)
print(x)
print((x * 2).sum())
