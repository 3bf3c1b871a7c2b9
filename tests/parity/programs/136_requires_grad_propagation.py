# How requires_grad and is_leaf flow through expressions mixing constants and parameters.
import torch

p = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([3.0, 4.0])
for name, t in [
    ("c*2", c * 2),
    ("p*2", p * 2),
    ("c+p", c + p),
    ("c.exp()", c.exp()),
    ("p.detach()+c", p.detach() + c),
    ("(p>1)", p > 1),
    ("p[0]", p[0]),
    ("c[0]", c[0]),
    ("p.sum()", p.sum()),
    ("c@c", c @ c),
    ("p@c", p @ c),
]:
    print(f"{name:12s}", t.requires_grad, t.is_leaf, type(t.grad_fn).__name__)
