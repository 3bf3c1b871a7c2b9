# Hooks: print gradients as they flow, scale them, clip them, then remove the hooks.
import torch

x = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
y = x * 2
z = y.tanh()
seen = []
h1 = x.register_hook(lambda g: seen.append(("x", g)))
h2 = y.register_hook(lambda g: seen.append(("y", g)))
h3 = z.register_hook(lambda g: g * 10)
z.sum().backward()
for name, g in seen:
    print(name, g)
print(x.grad)
h1.remove()
h2.remove()
h3.remove()
x.grad = None
seen.clear()
y = x * 2
y.register_hook(lambda g: g * (g.abs() < 5))
(y * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad, seen)
w = torch.tensor(2.0, requires_grad=True)
handle = w.register_hook(lambda g: print("hook got", g))
(w**3).backward()
print(w.grad)
handle.remove()
(w**3).backward()
print(w.grad)
print(type(handle).__name__)
