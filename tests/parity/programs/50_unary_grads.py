# Forward values and gradients of the unary functions at a few points.
import torch

x = torch.tensor([0.25, 0.5, 1.0, 2.0], requires_grad=True)
for name in ["exp", "log", "tanh", "relu", "sigmoid", "sin", "cos", "sqrt", "abs"]:
    x.grad = None
    y = getattr(torch, name)(x)
    y.sum().backward()
    print(name, y)
    print(" grad", x.grad)
n = torch.tensor([-1.0, -0.5], requires_grad=True)
(n.relu() + n.abs()).sum().backward()
print(n.grad)
