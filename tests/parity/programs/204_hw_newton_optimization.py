# Course homework: Newton's method for minimisation with autograd (first and second derivative by
# torch.autograd.grad with create_graph=True)
import torch


def f(x):
    return x**4 - 3 * x**3 + 2


x = torch.tensor(4.0, requires_grad=True)
for it in range(8):
    y = f(x)
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    (h,) = torch.autograd.grad(g, x)
    with torch.no_grad():
        x -= g / h
    print(it, x.item(), y.item(), g.item(), h.item())
print(g, h)
xd = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)


def rosen(v):
    return (1 - v[0]) ** 2 + 100 * (v[1] - v[0] ** 2) ** 2


for it in range(6):
    y = rosen(xd)
    (g,) = torch.autograd.grad(y, xd, create_graph=True)
    H = torch.stack([torch.autograd.grad(g[i], xd, retain_graph=True)[0] for i in range(2)])
    with torch.no_grad():
        xd -= torch.linalg.solve(H, g)
    print(it, xd.tolist(), y.item())
