# Numeric edges a student meets: sqrt and log at 0, division by zero, relu and abs at the kink.
import torch

x = torch.tensor([0.0, 1.0, -1.0, 4.0], requires_grad=True)
for name, f in [
    ("sqrt", torch.sqrt),
    ("log", torch.log),
    ("1/x", lambda t: 1 / t),
    ("x/0", lambda t: t / 0),
    ("relu", torch.relu),
    ("abs", torch.abs),
    ("x**0", lambda t: t**0),
    ("x**0.5", lambda t: t**0.5),
    ("x**-1", lambda t: t**-1),
    ("x**2", lambda t: t**2),
    ("exp", torch.exp),
    ("sigmoid", torch.sigmoid),
    ("x*0", lambda t: t * 0),
]:
    x.grad = None
    y = f(x)
    y.sum().backward()
    print(f"{name:7s}", y, x.grad)
big = torch.tensor([2.0, -3.0, 0.5, 0.0], requires_grad=True)
torch.tanh(big).sum().backward()
print(torch.tanh(big), big.grad)
print(torch.exp(torch.tensor([88.0, 89.0, -1000.0])))
