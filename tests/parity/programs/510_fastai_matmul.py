# fast.ai "Deep Learning from the Foundations" (course-v3 nbs/dl2/01_matmul.ipynb): matmul with three loops,
# elementwise, broadcasting (expand_as, storage, stride, None indexing), einsum, @; seeded rand in place of MNIST
import torch
import math  # noqa: F401
import operator
from torch import tensor

# ruff: noqa: I001 - written as the source writes it


def test(a, b, cmp, cname=None):
    if cname is None:
        cname = cmp.__name__
    assert cmp(a, b), f"{cname}:\n{a}\n{b}"


def test_eq(a, b):
    test(a, b, operator.eq, "==")


torch.manual_seed(0)
x_valid = torch.rand(5, 6)
weights = torch.randn(6, 4)
bias = torch.zeros(4)
print(x_valid[0].view(2, 3).type())


def matmul(a, b):
    ar, ac = a.shape
    br, bc = b.shape
    assert ac == br
    c = torch.zeros(ar, bc)
    for i in range(ar):
        for j in range(bc):
            for k in range(ac):
                c[i, j] += a[i, k] * b[k, j]
    return c


m1 = x_valid[:5]
m2 = weights
print(m1.shape, m2.shape)
t1 = matmul(m1, m2)
print(t1, t1.shape)
a = tensor([10.0, 6, -4])
b = tensor([2.0, 8, 7])
print(a, b)
print(a + b)
print((a < b).float().mean())
m = tensor([[1.0, 2, 3], [4, 5, 6], [7, 8, 9]])
print(m)
print((m * m).sum().sqrt())


def matmul(a, b):
    ar, ac = a.shape
    br, bc = b.shape
    assert ac == br
    c = torch.zeros(ar, bc)
    for i in range(ar):
        for j in range(bc):
            c[i, j] = (a[i, :] * b[:, j]).sum()
    return c


def near(a, b):
    return torch.allclose(a, b, rtol=1e-3, atol=1e-5)


def test_near(a, b):
    test(a, b, near)


test_near(t1, matmul(m1, m2))
print(a > 0, a + 1, 2 * m)
c = tensor([10.0, 20, 30])
print(c, m.shape, c.shape)
print(m + c)
print(c + m)
t = c.expand_as(m)
print(t)
print(m + t)
print(t.untyped_storage().size(), t.stride(), t.shape)
print(c.unsqueeze(0), c.unsqueeze(1))
print(c.shape, c.unsqueeze(0).shape, c.unsqueeze(1).shape)
print(c.shape, c[None].shape, c[:, None].shape)
print(c[None].shape, c[..., None].shape)
print(c[:, None].expand_as(m))
print(m + c[:, None])


def matmul(a, b):
    ar, ac = a.shape
    br, bc = b.shape
    assert ac == br
    c = torch.zeros(ar, bc)
    for i in range(ar):
        c[i] = (a[i].unsqueeze(-1) * b).sum(dim=0)
    return c


test_near(t1, matmul(m1, m2))
print(c[None, :], c[None, :].shape, c[:, None], c[:, None].shape)
print(c[None, :] * c[:, None])
print(c[None] > c[:, None])


def matmul(a, b):
    return torch.einsum("ik,kj->ij", a, b)


test_near(t1, matmul(m1, m2))
t2 = m1 @ m2
test_near(t1, t2)
print(t2 - t1, (t2 == t1).all())
test_eq(c.shape, torch.Size([3]))
try:
    test_near(t1, t2 + 1)
except AssertionError as e:
    print("AssertionError:", e)
