# len, iteration, out-of-range indexing and item() of a non-scalar.
import torch

s = torch.tensor(1.0)
try:
    len(s)
except Exception as e:
    print(type(e).__name__, e)
v = torch.tensor([1.0, 2.0])
try:
    v[5]
except Exception as e:
    print(type(e).__name__, e)
try:
    v.item()
except Exception as e:
    print(type(e).__name__, e)
print(v[-2], list(v), [t.item() for t in v])
for t in torch.tensor([[1.0, 2.0], [3.0, 4.0]]):
    print(t)
