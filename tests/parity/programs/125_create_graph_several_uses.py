# The gradient made with create_graph=True for inputs used several times or broadcast from 0-d.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
for name, f in [
    ("x*x", lambda: (x * x).sum()),
    ("x+x", lambda: (x + x).sum()),
    ("x*x + x", lambda: (x * x + x).sum()),
    ("exp+sin", lambda: (x.exp() + x.sin()).sum()),
    ("x[0]*x[1]", lambda: x[0] * x[1]),
    ("x[0]+x.sum()", lambda: x[0] + x.sum()),
    ("w*x", lambda: (w * x).sum()),
    ("w*w*x", lambda: (w * w * x).sum()),
    ("2x+3x", lambda: (2 * x + 3 * x).sum()),
    ("x.sum()*x.sum()", lambda: x.sum() * x.sum()),
    ("x@x", lambda: x @ x),
]:
    y = f()
    print(name, torch.autograd.grad(y, x, create_graph=True))
    if name.startswith("w"):
        print("  w:", torch.autograd.grad(f(), w, create_graph=True))
