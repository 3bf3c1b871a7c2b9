# cat, stack, eq, all, any, equal, allclose, boolean indexing and masks (the tensor tutorial's joining tensors)
import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
b = torch.tensor([[5.0, 6.0]])
print(torch.cat([a, b]), torch.cat([a, a], dim=1), torch.cat((a, b), 0).shape)
print(
    torch.stack([a, a]),
    torch.stack([a, a], dim=2).shape,
    torch.stack([torch.tensor(1.0), torch.tensor(2.0)]),
)
print(torch.hstack([a, a]), torch.vstack([a, b]))
try:
    torch.cat([a, torch.ones(1, 3)])
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.stack([a, b])
except RuntimeError as e:
    print(type(e).__name__, e)
c = torch.tensor([1.0, 2.0, 3.0])
d = torch.tensor([1.0, 0.0, 3.0])
print(c == d, c.eq(d), torch.eq(c, d), c != d, c.ne(d), c > d, c.ge(d), c < 2, c <= 2)
print(
    (c == d).all(), (c == d).any(), torch.all(c > 0), torch.equal(c, d), torch.equal(c, c.clone())
)
print(torch.allclose(c, c + 1e-9), torch.isclose(c, d), (c == d).sum(), (c == d).float().mean())
print(c[c > 1.5], c[torch.tensor([True, False, True])], a[a > 1.5], a[a[:, 0] > 2])
c[c > 1.5] = 0
print(c, torch.nonzero(d), d.nonzero().squeeze(), torch.count_nonzero(d))
print(
    torch.tensor([True, False]) & torch.tensor([True, True]),
    ~torch.tensor([True, False]),
    torch.logical_or(torch.tensor([True]), torch.tensor([False])),
)
