# micrograd's README example, translated to torch.
import torch

a = torch.tensor(-4.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
c = a + b
d = a * b + b**3
c = c + c + 1
c = c + 1 + c + (-a)
d = d + d * 2 + (b + a).relu()
d = d + 3 * d + (b - a).relu()
e = c - d
f = e**2
g = f / 2.0
g = g + 10.0 / f
print(f"{g.item():.4f}")
g.backward()
print(f"{a.grad.item():.4f}")
print(f"{b.grad.item():.4f}")
print(g.grad_fn.name(), f.grad_fn.name(), e.grad_fn.name())
