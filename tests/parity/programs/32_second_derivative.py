# Higher derivatives of x^3 at 2 with create_graph=True: 12, 12, 6.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3
(d1,) = torch.autograd.grad(y, x, create_graph=True)
print(d1)
(d2,) = torch.autograd.grad(d1, x, create_graph=True)
print(d2)
(d3,) = torch.autograd.grad(d2, x)
print(d3)
try:
    torch.autograd.grad(d3, x)
except Exception as e:
    print(type(e).__name__, e)
print(d1.grad_fn.name(), d1.is_leaf)
