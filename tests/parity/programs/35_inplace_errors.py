# In-place updates of a leaf that requires grad are refused outside no_grad.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    a += 1
except Exception as e:
    print(type(e).__name__, e)
try:
    a -= 1
except Exception as e:
    print(type(e).__name__, e)
try:
    a *= 2
except Exception as e:
    print(type(e).__name__, e)
print(a)
with torch.no_grad():
    a += 1
    a *= 2
    a -= 0.5
print(a, a.is_leaf, a.grad_fn)
k = torch.tensor([1.0, 2.0])
k += 1
k *= 3
print(k)
