# requires_grad and is_leaf on leaves, results and constants.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
k = torch.tensor([3.0, 4.0])
print(a.requires_grad, a.is_leaf)
print(k.requires_grad, k.is_leaf)
c = a * k
print(c.requires_grad, c.is_leaf)
d = k * 2
print(d.requires_grad, d.is_leaf, d.grad_fn)
e = k.requires_grad_()
print(e is k, k.requires_grad, k.is_leaf)
print(k)
f = a.requires_grad_(False)
print(f is a, a.requires_grad, a)
g = torch.tensor(2.0)
g.requires_grad = True
print(g, g.is_leaf)
