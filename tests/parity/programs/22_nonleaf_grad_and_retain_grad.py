# .grad of a non-leaf is None (with a warning) unless retain_grad() was called.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = (y * y).sum()
z.backward()
print(y.grad)
print(x.grad)
x.grad = None
y = x * 2
y.retain_grad()
z = (y * y + y).sum()
z.backward()
print(y.grad)
print(x.grad)
x.retain_grad()
print(x.grad)
k = torch.tensor([1.0])
try:
    k.retain_grad()
except Exception as e:
    print(type(e).__name__, e)
