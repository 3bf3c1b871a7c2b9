# Backward twice: retain_graph, accumulation, the freed-graph error, and ops that save nothing.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
try:
    y.backward()
except RuntimeError as e:
    print(type(e).__name__, e)
x.grad = None
z = (x + 1).sum()
z.backward()
z.backward()
print(x.grad)
w = (-x).sum()
w.backward()
w.backward()
print(x.grad)
u = (x * 3).sum()
u.backward()
try:
    u.backward()
except RuntimeError as e:
    print("x*3:", type(e).__name__)
v = x.exp().sum()
v.backward()
try:
    torch.autograd.grad(v, x)
except RuntimeError as e:
    print("grad:", type(e).__name__)
