# Hessian-vector products with create_graph, and a full 2x2 Hessian row by row.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)


def f(t):
    return (t[0] ** 2) * t[1] + t[1] ** 3


y = f(x)
(g,) = torch.autograd.grad(y, x, create_graph=True)
print(y, g)
v = torch.tensor([1.0, 0.0])
(hv,) = torch.autograd.grad(torch.dot(g, v), x, retain_graph=True)
print(hv)
rows = [torch.autograd.grad(g[i], x, retain_graph=True)[0] for i in range(2)]
print(rows)
print(g.grad_fn, g[0].grad_fn)
