# no_grad, enable_grad and set_grad_enabled: as context managers, a decorator and a call.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
    with torch.enable_grad():
        z = x * 2
    w = torch.ones(2, requires_grad=True)
print(y.requires_grad, y.grad_fn, y.is_leaf)
print(z.requires_grad, z.grad_fn)
print(w.requires_grad, w.is_leaf, w.grad_fn)
with torch.set_grad_enabled(False):
    a = x + 1
with torch.set_grad_enabled(True):
    b = x + 1
print(a.requires_grad, b.requires_grad)


@torch.no_grad()
def double(t):
    return t * 2


print(double(x))
torch.set_grad_enabled(False)
c = x * 3
torch.set_grad_enabled(True)
d = x * 3
print(c, d)
