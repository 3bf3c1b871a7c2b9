# Second derivatives through relu and abs are zero, but the first derivative still has a graph.
import torch

x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
for name, f in [("relu", torch.relu), ("abs", torch.abs)]:
    y = f(x).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    print(name, g, g.requires_grad, g.is_leaf)
    (h,) = torch.autograd.grad(g.sum(), x)
    print("  second", h)
    (g2,) = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    print("  3rd", torch.autograd.grad((g2 * x).sum(), x))
s = torch.tensor(-0.5, requires_grad=True)
(g,) = torch.autograd.grad(torch.relu(s), s, create_graph=True)
print(g, torch.autograd.grad(g, s))
