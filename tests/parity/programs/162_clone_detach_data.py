# clone() versus detach() versus .data: what keeps the graph and what shares memory
# (https://pytorch.org/docs/stable/generated/torch.clone.html)
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
for name, t in [
    ("clone", x.clone()),
    ("detach", x.detach()),
    ("data", x.data),
    ("detach().clone()", x.detach().clone()),
]:
    print(f"{name:18s}", t, t.requires_grad, t.is_leaf, t.grad_fn, t.data_ptr() == x.data_ptr())
c = x.clone()
(c * 3).sum().backward()
print(x.grad, c.grad_fn.next_functions)
c2 = x.detach().clone().requires_grad_(True)
print(c2, c2.is_leaf)
try:
    x.detach().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
