# Higher-order derivatives with autograd.grad(create_graph=True): sin, tanh, exp, polynomials.
import torch

x = torch.tensor(0.5, requires_grad=True)
for name, f in [
    ("x^3", lambda t: t**3),
    ("sin", torch.sin),
    ("tanh", torch.tanh),
    ("exp*x", lambda t: torch.exp(t) * t),
    ("sigmoid", torch.sigmoid),
    ("log", torch.log),
    ("sqrt", torch.sqrt),
    ("1/x", lambda t: 1 / t),
]:
    y = f(x)
    (g1,) = torch.autograd.grad(y, x, create_graph=True)
    (g2,) = torch.autograd.grad(g1, x, create_graph=True)
    (g3,) = torch.autograd.grad(g2, x)
    print(name, y, g1, g2, g3, sep="\n  ")
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x**3).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(g)
(h,) = torch.autograd.grad(g.sum(), x)
print(h)
y = (x**4).sum()
g = torch.autograd.grad(y, [x], create_graph=True)
print(type(g).__name__, len(g), g[0])
