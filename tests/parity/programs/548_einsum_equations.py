import torch

# torch.einsum over the equations the einsum docs and tutorials use: values, grad_fn names (View, Sum, Permute, Mul), grads
torch.manual_seed(0)
a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, 4, requires_grad=True)
v = torch.randn(3, requires_grad=True)
bb = torch.randn(5, 2, 3, requires_grad=True)
cc = torch.randn(5, 3, 4)
sq = torch.randn(3, 3, requires_grad=True)
for eq, ops in [
    ("ij,jk->ik", (a, b)),
    ("ij,jk", (a, b)),
    ("ik,kj->ij", (a, b)),
    ("ij->ji", (a,)),
    ("ij->", (a,)),
    ("ij->j", (a,)),
    ("i,i->", (v, v)),
    ("i,j->ij", (v, v)),
    ("ij,j->i", (a, v)),
    ("bij,bjk->bik", (bb, cc)),
    ("ii->i", (sq,)),
    ("ii", (sq,)),
    ("...ij,...jk->...ik", (bb, cc)),
    ("ij,ij->ij", (a, a)),
    ("ij,ij->", (a, a)),
    ("i j , j k -> i k", (a, b)),
    ("ij,jk->ki", (a, b)),
    ("bij,bjk,bkl->bil", (bb, cc, torch.randn(5, 4, 2))),
    ("ij,jk,kl->il", (a, b, torch.randn(4, 2))),
    ("bn,anm,bm->ba", (torch.randn(2, 3), torch.randn(4, 3, 5), torch.randn(2, 5))),
    ("ij->ij", (a,)),
    ("i->", (v,)),
    ("ij,kj->ik", (a, a)),
    ("ijk->kji", (bb,)),
]:
    r = torch.einsum(eq, *ops)
    print(eq, r.shape, r.grad_fn.name() if r.grad_fn else None, r)
    if r.requires_grad:
        r.sum().backward()
print(a.grad, b.grad, v.grad, bb.grad, sq.grad)
print(torch.einsum("ij,jk->ik", [a, b]).grad_fn)
x = torch.arange(6.0).reshape(2, 3)
print(torch.einsum("ij->", x), torch.einsum("i,i", torch.arange(3), torch.arange(3)))
print(torch.einsum("ijk->ki", bb).grad_fn, torch.einsum("ijk->ki", bb))
