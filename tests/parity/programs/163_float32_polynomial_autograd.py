# "Learning PyTorch with Examples", polynomial_autograd: a + b x + c x^2 + d x^3 fit to sin(x), with a fixed start and fewer points/steps (https://pytorch.org/tutorials/beginner/examples_autograd/polynomial_autograd.html)
import torch
import math
# ruff: noqa: I001 - torch imported first; student code as written

dtype = torch.float
device = torch.device("cpu")
x = torch.linspace(-math.pi, math.pi, 200, device=device, dtype=dtype)
y = torch.sin(x)
a = torch.tensor(0.1, device=device, dtype=dtype, requires_grad=True)
b = torch.tensor(-0.2, device=device, dtype=dtype, requires_grad=True)
c = torch.tensor(0.3, device=device, dtype=dtype, requires_grad=True)
d = torch.tensor(-0.05, device=device, dtype=dtype, requires_grad=True)
learning_rate = 1e-4
for t in range(300):
    y_pred = a + b * x + c * x**2 + d * x**3
    loss = (y_pred - y).pow(2).sum()
    if t % 20 == 19:
        print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
print(f"Result: y = {a.item()} + {b.item()} x + {c.item()} x^2 + {d.item()} x^3")
