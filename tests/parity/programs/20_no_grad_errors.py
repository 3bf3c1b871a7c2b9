# backward on something that does not require grad.
import torch

x = torch.tensor([1.0, 2.0, 3.0])
try:
    x.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = (w * 2).sum()
print(y, y.requires_grad, y.grad_fn, y.is_leaf)
try:
    y.backward()
except Exception as e:
    print(type(e).__name__, e)
d = (w * 2).sum().detach()
try:
    d.backward()
except Exception as e:
    print(type(e).__name__, e)
