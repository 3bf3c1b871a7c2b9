# Numeric edges of 1/x, x/0, log and sqrt: inf and nan, never Python exceptions.
import torch


def show(label, f, v):
    x = torch.tensor(v, requires_grad=True)
    y = f(x)
    y.backward()
    print(label, y, x.grad)


show("1/x at 0", lambda x: 1 / x, 0.0)
show("x/0 at 1", lambda x: x / 0, 1.0)
show("x/0 at 0", lambda x: x / 0, 0.0)
show("x/0 at -1", lambda x: x / 0, -1.0)
show("x/x at 0", lambda x: x / x, 0.0)
show("log at 0", torch.log, 0.0)
show("log at -1", torch.log, -1.0)
show("sqrt at -1", torch.sqrt, -1.0)
show("x**0.5 at -1", lambda x: x**0.5, -1.0)
show("sqrt at 0", torch.sqrt, 0.0)
show("x**0.5 at 0", lambda x: x**0.5, 0.0)
show("x**-1 at 0", lambda x: x**-1, 0.0)
show("sqrt(x*x) at 0", lambda x: torch.sqrt(x * x), 0.0)
show("sqrt(x)*0 at 0", lambda x: torch.sqrt(x) * 0, 0.0)
