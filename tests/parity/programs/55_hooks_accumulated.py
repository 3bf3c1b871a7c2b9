# Hooks on an intermediate change what flows on; a leaf hook sees the summed gradient once.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda g: g * 2)
z = (y * y).sum() + y.sum()
calls = []
x.register_hook(lambda g: calls.append(g.tolist()))
z.backward()
print(x.grad, calls)
a = torch.tensor(3.0, requires_grad=True)
b = a * a + a
a.register_hook(lambda g: print("a sees", g))
b.backward()
print(a.grad)
