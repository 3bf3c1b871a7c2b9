# ruff: noqa - written as the source writes it
import torch


# Tensor puzzles in their own style: each standard function rebuilt from arange, broadcasting,
# indexing and where alone (one line each), then checked against the library's own on small inputs
def arange(i: int):
    "Use this function to replace a for-loop."
    return torch.tensor(range(i))


def where(q, a, b):
    "Use this function to replace an if-statement."
    return (q * a) + (~q) * b


def ones(i):
    return where(arange(i) > -1, 1, 0)


def sum(a):
    return ones(a.shape[0]) @ a[:, None]


def outer(a, b):
    return a[:, None] * b[None, :]


def diag(a):
    return a[arange(a.shape[0]), arange(a.shape[0])]


def eye(j):
    return where(arange(j)[:, None] == arange(j), 1, 0)


def triu(j):
    return where(arange(j)[:, None] <= arange(j), 1, 0)


def cumsum(a):
    return a @ triu(a.shape[0])


def diff(a, i):
    return a[arange(i)] - where(arange(i) != 0, a[arange(i) - 1], 0)


def vstack(a, b):
    return where(arange(2)[:, None] == ones(a.shape[0]), b, a)


def roll(a, i):
    return a[(arange(i) + 1) % i]


def flip(a, i):
    return a[i - arange(i) - 1]


def compress(g, v, i):
    return where(g[:, None], arange(i) == (cumsum(1 * g) - 1)[:, None], 0) @ v


def pad_to(a, i, j):
    return a @ (1 * (arange(i)[:, None] == arange(j)))


def sequence_mask(values, length):
    return where(length[:, None] > arange(values.shape[1]), values, 0)


def bincount(a, j):
    return ones(a.shape[0]) @ eye(j)[a]


def scatter_add(values, link, j):
    return values @ eye(j)[link]


def flatten(a, i, j):
    return a[arange(i * j) // j, arange(i * j) % j]


def linspace(i, j, n):
    return i + (j - i) * arange(n) / max(1, n - 1)


def heaviside(a, b):
    return where(a > 0, 1, where(a == 0, b, 0))


def repeat(a, d):
    return ones(d)[:, None] @ a[None]


def bucketize(v, boundaries):
    return (1 * (v[:, None] >= boundaries)) @ ones(boundaries.shape[0])


a = torch.tensor([3, -1, 4, 1, -5, 9])
b = torch.tensor([2, 7, 1, 8, 2, 8])
m = torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(ones(4), sum(a), torch.sum(a))
print(outer(a[:3], b[:3]), torch.outer(a[:3], b[:3]))
print(diag(m), torch.diag(m), eye(3), torch.eye(3, dtype=torch.long))
print(triu(4), torch.triu(torch.ones(4, 4, dtype=torch.long)))
print(cumsum(a), torch.cumsum(a, 0), diff(a, 6), torch.diff(a))
print(vstack(a, b), torch.vstack([a, b]))
print(roll(a, 6), torch.roll(a, -1), flip(a, 6), torch.flip(a, [0]))
g = torch.tensor([True, False, True, True, False, False])
print(compress(g, a, 6), pad_to(a, 6, 8), pad_to(a, 6, 3))
print(sequence_mask(m, torch.tensor([1, 3, 2])))
print(
    bincount(torch.tensor([0, 2, 2, 3, 0, 0]), 5),
    torch.bincount(torch.tensor([0, 2, 2, 3, 0, 0]), minlength=5),
)
print(scatter_add(b, torch.tensor([0, 1, 1, 3, 0, 2]), 4))
print(flatten(m, 3, 3), m.flatten(), linspace(0.0, 1.0, 5), torch.linspace(0.0, 1.0, 5))
print(
    heaviside(torch.tensor([-1.5, 0.0, 2.0]), torch.tensor([0.5, 0.5, 0.5])),
    torch.heaviside(torch.tensor([-1.5, 0.0, 2.0]), torch.tensor([0.5])),
)
print(repeat(a, 3), a.repeat(3, 1))
boundaries = torch.tensor([1, 3, 5, 7])
v = torch.tensor([0, 1, 4, 6, 9])
print(bucketize(v, boundaries), torch.bucketize(v, boundaries, right=True))
