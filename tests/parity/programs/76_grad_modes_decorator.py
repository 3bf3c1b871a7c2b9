# no_grad / enable_grad / set_grad_enabled as context managers, decorators and functions.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)


@torch.no_grad()
def doubler(t):
    return t * 2


@torch.enable_grad()
def tripler(t):
    return t * 3


y = doubler(x)
print(y, y.requires_grad, y.is_leaf)
with torch.no_grad():
    z = tripler(x)
print(z, z.requires_grad)
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
w = x * x
print(w, w.requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    v = x + 1
    print(torch.is_grad_enabled())
print(v, torch.is_grad_enabled())
is_train = False
with torch.set_grad_enabled(is_train):
    u = x * 2
print(u.requires_grad)
with torch.no_grad():
    with torch.enable_grad():
        k = x**2
    m = x**2
print(k, m)
with torch.no_grad():
    leaf = torch.ones(2, requires_grad=True)
print(leaf, leaf.requires_grad, leaf.is_leaf)
