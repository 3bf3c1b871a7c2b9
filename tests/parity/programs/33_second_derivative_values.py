# Second derivatives of several functions, then the first derivative's backward into .grad.
import torch

x = torch.tensor(0.5, requires_grad=True)
for name, f in [
    ("sin", torch.sin),
    ("cos", torch.cos),
    ("exp", torch.exp),
    ("tanh", torch.tanh),
    ("sigmoid", torch.sigmoid),
    ("log", torch.log),
    ("sqrt", torch.sqrt),
    ("cube", lambda t: t * t * t),
    ("recip", lambda t: 1 / t),
]:
    (d1,) = torch.autograd.grad(f(x), x, create_graph=True)
    (d2,) = torch.autograd.grad(d1, x)
    print(name, f"{d1.item():.4f}", f"{d2.item():.4f}")
w = torch.tensor(3.0, requires_grad=True)
(dw,) = torch.autograd.grad(w**2, w, create_graph=True)
dw.backward()
print(dw, w.grad)
