# Tensor hooks see the gradient, may replace it, run outputs first, and can be removed.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
z = y * y
y.register_hook(lambda g: print("y hook", g))
z.register_hook(lambda g: print("z hook", g))
x.register_hook(lambda g: print("x hook", g))
z.backward()
print(x.grad)

x = torch.tensor(2.0, requires_grad=True)
h = x.register_hook(lambda g: g * 10)
(x * 2).backward()
print(x.grad)
h.remove()
(x * 2).backward()
print(x.grad)

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * a
b.register_hook(lambda g: g * 0.5)
b.sum().backward()
print(a.grad)
c = torch.tensor([1.0, 2.0])
try:
    c.register_hook(lambda g: g)
except Exception as e:
    print(type(e).__name__, e)
