import math

import torch

# the special functions (lgamma, digamma, erfinv, acosh), logaddexp2, logcumsumexp, ldexp,
# renorm, diag_embed/diagflat, msort, masked_scatter, index_put, fill_diagonal_, narrow_copy,
# and the number helpers (isposinf, isneginf, gcd, lcm, frexp, nextafter, unique_consecutive)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.tensor([0.25, 0.5, 1.0, 2.5, 7.0, 12.0], dtype=dt, requires_grad=True)
    p = torch.tensor([-0.9, -0.5, 0.0, 0.3, 0.75, 0.99], dtype=dt, requires_grad=True)
    a = torch.tensor([1.0, 1.5, 2.0, 4.0, 10.0, 100.0], dtype=dt, requires_grad=True)
    for name, y in [
        ("lgamma", x.lgamma()),
        ("digamma", torch.digamma(x)),
        ("erfinv", p.erfinv()),
        ("acosh", torch.acosh(a)),
        ("arccosh", a.arccosh()),
        ("logaddexp2", torch.logaddexp2(x, p)),
        ("ldexp", torch.ldexp(x, torch.tensor([1, 2, 3, -1, 0, 5]))),
    ]:
        y.sum().backward()
        grads = [t.grad for t in (x, p, a) if t.grad is not None]
        print(name, y, *grads, sep="\n")
        for t in (x, p, a):
            t.grad = None
    print(
        torch.lgamma(torch.tensor([0.0, -1.0, -2.5], dtype=dt)),
        torch.digamma(torch.tensor([0.0, -1.0, -2.5], dtype=dt)),
    )
    print(
        torch.erfinv(torch.tensor([-1.0, 1.0, 2.0], dtype=dt)),
        torch.acosh(torch.tensor([0.5], dtype=dt)),
    )
    m = torch.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], dtype=dt, requires_grad=True)
    for name, y in [
        ("logcumsumexp", torch.logcumsumexp(m, 1)),
        ("logcumsumexp dim 0", m.logcumsumexp(0)),
        ("renorm", m.renorm(2, 0, 2.5)),
        ("renorm p1", torch.renorm(m * torch.tensor([1.0, 1.3, 0.7], dtype=dt), 1, 1, 5.0) ** 2),
        ("diag_embed", torch.diag_embed(m)),
        ("diag_embed offset", torch.diag_embed(m, offset=-1)),
        ("diagflat", m.diagflat(1)),
        ("msort", torch.msort(m)),
        ("masked_scatter", m.masked_scatter(m > 0, torch.arange(10.0, 16.0, dtype=dt))),
        (
            "index_put",
            m.index_put(
                (torch.tensor([0, 1]), torch.tensor([2, 0])), torch.tensor([7.0, 8.0], dtype=dt)
            ),
        ),
        (
            "index_put accumulate",
            torch.index_put(
                m, (torch.tensor([0, 0]),), torch.tensor(1.5, dtype=dt), accumulate=True
            ),
        ),
        ("narrow_copy", m.narrow_copy(1, 1, 2)),
    ]:
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(name, y, m.grad, sep="\n")
        m.grad = None
    z = torch.zeros(5, 3, dtype=dt)
    print(
        z.clone().fill_diagonal_(2.0),
        z.fill_diagonal_(-1.0, wrap=True),
        torch.ones(3, 3, 3).fill_diagonal_(0)[1],
    )
    q = m * 1
    q.fill_diagonal_(9.0)
    print(q, q.grad_fn.name())
    v = torch.tensor([1.0, -math.inf, math.inf, math.nan, 0.0], dtype=dt)
    print(
        torch.isposinf(v), v.isneginf(), torch.frexp(torch.tensor([8.0, 0.3, -5.0, 0.0], dtype=dt))
    )
    print(
        torch.nextafter(
            torch.tensor([1.0, 0.0, -2.0], dtype=dt), torch.tensor([2.0, -1.0, -3.0], dtype=dt)
        ).tolist()
    )
    s = torch.tensor([1.0, 1.0, 2.0], dtype=dt)
    s.lgamma_()
    print(s, torch.tensor([3.0], dtype=dt).digamma_(), torch.tensor([0.5], dtype=dt).erfinv_())

ints = torch.tensor([12, -18, 0, 7])
print(torch.gcd(ints, torch.tensor([8, 12, 5, 0])), ints.lcm(torch.tensor([8, 12, 5, 3])))
print(torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])))
print(
    torch.unique_consecutive(
        torch.tensor([[1, 1], [3, 3]]), return_inverse=True, return_counts=True
    )
)
