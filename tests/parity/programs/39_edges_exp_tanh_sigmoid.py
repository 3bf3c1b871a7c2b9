# Saturation and overflow: tanh and sigmoid far out, exp past float range, nan propagation.
import torch


def show(label, f, v):
    x = torch.tensor(v, requires_grad=True)
    y = f(x)
    y.backward()
    print(label, y, x.grad)


show("tanh at 20", torch.tanh, 20.0)
show("tanh at 100", torch.tanh, 100.0)
show("tanh at -100", torch.tanh, -100.0)
show("sigmoid at 100", torch.sigmoid, 100.0)
show("sigmoid at -1000", torch.sigmoid, -1000.0)
show("exp at 1000", torch.exp, 1000.0)
show("exp at -1000", torch.exp, -1000.0)
show("x*0 at inf", lambda x: x * 0, float("inf"))
show("x*0 at nan", lambda x: x * 0, float("nan"))
x = torch.tensor([1000.0, 0.0], requires_grad=True)
p = torch.exp(x) / torch.exp(x).sum()
print(p)
p.sum().backward()
print(x.grad)
