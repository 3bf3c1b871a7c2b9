# Numeric edges of powers, relu and abs at 0.
import torch


def show(label, f, v):
    x = torch.tensor(v, requires_grad=True)
    y = f(x)
    y.backward()
    print(label, y, x.grad)


show("x**0 at 0", lambda x: x**0, 0.0)
show("x**x at 0", lambda x: x**x, 0.0)
show("x**2 at 0", lambda x: x**2, 0.0)
show("x**3 at 0", lambda x: x**3, 0.0)
show("relu at 0", torch.relu, 0.0)
show("relu at -0.", torch.relu, -0.0)
show("abs at 0", torch.abs, 0.0)
show("abs at -2", torch.abs, -2.0)
show("0**x at 0", lambda x: 0**x, 0.0)
base = torch.tensor(0.0, requires_grad=True)
exp = torch.tensor(0.0, requires_grad=True)
(base**exp).backward()
print("0.**0.", base.grad, exp.grad)
base = torch.tensor(-2.0, requires_grad=True)
exp = torch.tensor(2.0, requires_grad=True)
y = base**exp
y.backward()
print("(-2.)**2.", y, base.grad, exp.grad)
