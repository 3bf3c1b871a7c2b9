# The in-place error a student hits: a tensor saved for backward modified before backward
# (https://pytorch.org/docs/stable/notes/autograd.html#in-place-operations-with-autograd)
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.exp()
y.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = a * 2
z = h * h
h += 1
try:
    z.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
s = torch.tensor([0.5, -0.5], requires_grad=True)
o = torch.sigmoid(s)
o.mul_(2)
try:
    o.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
W = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor([1.0, 1.0])
out = W @ v
v[0] = 5.0
try:
    out.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
q = a * 3
q.add_(1)
q.sum().backward()
print(a.grad, q.grad_fn, q._version)
