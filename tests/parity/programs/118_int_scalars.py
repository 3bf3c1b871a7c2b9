# 0-d integer tensors with Python numbers: division, powers, comparisons, item and indexing.
import torch

n = torch.tensor(7)
print(n / 2, n * 2, n + 0.5, n - 10, n**2, n**0.5, 2**n, -n)
print(n > 5, n == 7, n.item(), type(n.item()).__name__, int(n), float(n))
v = torch.arange(5)
print(v[n - 5], v[-1], v[int(n) % 5], v.sum() / len(v), v.sum())
print(torch.tensor(5) / torch.tensor(2), torch.tensor(5) * torch.tensor(2.0))
print(torch.tensor(3.0) ** torch.tensor(2), torch.tensor(2) ** torch.tensor(3))
print(torch.tensor([1, 2, 3]) * torch.tensor(0.5))
