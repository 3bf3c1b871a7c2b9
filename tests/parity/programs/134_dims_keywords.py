# sum and mean with dim= keywords, negative dims and keepdim, and their backward.
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
a = x.sum(dim=0)
b = torch.sum(x, dim=-1)
c = x.mean(dim=-1, keepdim=True)
d = torch.mean(x, 0, True)
print(a, b, c, d, sep="\n")
(a.sum() + (b * b).sum() + c.sum() * 2 + d.sum()).backward()
print(x.grad)
print(c.shape, d.shape, c.grad_fn, d.grad_fn)
