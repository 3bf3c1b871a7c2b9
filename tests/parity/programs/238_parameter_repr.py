# nn.Parameter: its repr, what ops on it return, isinstance checks, requires_grad=False parameters
import torch
from torch import nn

torch.manual_seed(0)
p = nn.Parameter(torch.randn(3))
print(p)
print(type(p).__name__, isinstance(p, torch.Tensor), p.is_leaf, p.requires_grad)
print(p * 2, type(p * 2).__name__, p.data, type(p.data).__name__, p.detach())
q = nn.Parameter(torch.zeros(2, 2), requires_grad=False)
print(q, q.requires_grad)
s = nn.Parameter(torch.tensor(1.0))
print(s, repr(s), str(s))
(s**2).backward()
print(s.grad)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = p
        self.plain = torch.ones(1)


print(list(dict(M().named_parameters())), M().plain)
