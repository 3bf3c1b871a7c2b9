# Getting numbers out: item, tolist, shape, len, and indexing.
import torch

x = torch.tensor([1.0, 2.5, -3.0], requires_grad=True)
s = x.sum()
print(s.item(), type(s.item()).__name__)
print(x.tolist(), s.tolist())
print(x.shape, s.shape, len(x))
print(tuple(x.shape), x.shape == (3,), x.shape[0])
M = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(M.shape, len(M), M.tolist())
print(M[2], M[0][1], M[0][1].item())
print(x[1], x[-1])
print(torch.tensor([1, 2, 3]).tolist(), torch.tensor(7).item())
try:
    s[0]
except Exception as e:
    print(type(e).__name__, e)
