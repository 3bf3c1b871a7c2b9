# detach, detach().requires_grad_(), requires_grad as an attribute, and stopping gradients.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
d = y.detach()
print(d, d.requires_grad, d.is_leaf, d.grad_fn)
d2 = y.detach().requires_grad_()
print(d2, d2.is_leaf)
(d2 * d2).sum().backward()
print(d2.grad, x.grad)
z = torch.tensor([5.0, 6.0])
z.requires_grad = True
print(z, z.requires_grad)
z.requires_grad = False
print(z)
try:
    y.requires_grad = False
except RuntimeError as e:
    print(type(e).__name__, e)
k = (y.detach() * x).sum()
k.backward()
print(x.grad, k.grad_fn.next_functions[0][0].next_functions)
p = torch.ones(2).requires_grad_()
print(p, p.requires_grad_(False), p.requires_grad)
