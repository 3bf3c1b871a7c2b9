# The gradient made with create_graph=True is itself a tensor with a grad_fn: which one?
import torch

x = torch.tensor([0.5, 2.0], requires_grad=True)
w = torch.tensor([1.5, -1.0], requires_grad=True)
for name, f in [
    ("exp", torch.exp),
    ("log", torch.log),
    ("sqrt", torch.sqrt),
    ("sin", torch.sin),
    ("cos", torch.cos),
    ("tanh", torch.tanh),
    ("sigmoid", torch.sigmoid),
    ("neg", lambda t: -t),
    ("square", lambda t: t**2),
    ("pow3", lambda t: t**3),
    ("2**x", lambda t: 2**t),
    ("recip", lambda t: 1 / t),
    ("x/2", lambda t: t / 2),
    ("2*x", lambda t: 2 * t),
    ("x*w", lambda t: t * w),
    ("w*x", lambda t: w * t),
    ("x/w", lambda t: t / w),
    ("w/x", lambda t: w / t),
    ("x**w", lambda t: t**w),
    ("w**x", lambda t: w.abs() ** t),
    ("x-w", lambda t: t - w),
    ("w-x", lambda t: w - t),
    ("1-x", lambda t: 1 - t),
    ("x+1", lambda t: t + 1),
    ("x*x", lambda t: t * t),
]:
    y = f(x).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    print(f"{name:8s}", g)
y = (x * w).sum()
gx, gw = torch.autograd.grad(y, [x, w], create_graph=True)
print(gx, gw)
y = torch.dot(x, w)
gx, gw = torch.autograd.grad(y, [x, w], create_graph=True)
print(gx, gw)
y = x.mean()
print(torch.autograd.grad(y, x, create_graph=True))
y = x.sum()
print(torch.autograd.grad(y, x, create_graph=True))
