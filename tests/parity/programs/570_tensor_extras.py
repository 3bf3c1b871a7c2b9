import torch

# addbmm/baddbmm, unfold, slice/select/diagonal_scatter, mvlgamma, i0, bit shifts, adjoint/mH,
# hardshrink/prelu as methods, heaviside_: values, grads and grad_fns, float32 and float64
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(2, 3, dtype=dt, requires_grad=True)
    b1 = torch.randn(4, 2, 5, dtype=dt, requires_grad=True)
    b2 = torch.randn(4, 5, 3, dtype=dt)
    s = torch.randn(4, 6, dtype=dt, requires_grad=True)
    for name, y, leaf in [
        ("addbmm", torch.addbmm(x, b1, b2), b1),
        ("addbmm beta alpha", x.addbmm(b1, b2, beta=0.5, alpha=2), x),
        ("baddbmm", torch.baddbmm(x.unsqueeze(0), b1, b2, alpha=0.25), b1),
        ("unfold", s.unfold(1, 3, 2), s),
        ("unfold dim 0", s.unfold(0, 2, 1), s),
        ("slice_scatter", torch.slice_scatter(s, x[:, :1].T.repeat(4, 1) * 2, 1, 0, 6, 3), s),
        ("select_scatter", s.select_scatter(x.reshape(-1) ** 2, 0, 2), x),
        ("diagonal_scatter", torch.diagonal_scatter(s, x.reshape(-1)[:4] * 3, offset=2), x),
        ("mvlgamma", torch.mvlgamma(s.abs() + 2, 3), s),
        ("i0", torch.i0(s), s),
        ("mH", x.mH * torch.arange(1.0, 7.0, dtype=dt).reshape(3, 2), x),
        ("adjoint", torch.adjoint(x), x),
        ("hardshrink", s.hardshrink(0.7), s),
        ("prelu", x.prelu(torch.tensor([0.3], dtype=dt)), x),
    ]:
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(name, tuple(y.shape), y.grad_fn.name())
        print(y.reshape(-1)[:6].detach(), leaf.grad.reshape(-1)[:6])
        for t in (x, b1, s):
            t.grad = None
    h = torch.tensor([-1.0, 0.0, 2.0], dtype=dt)
    h.heaviside_(torch.tensor([0.5], dtype=dt))
    print(
        h,
        torch.i0(torch.tensor([0.0, 1.0, 2.5, 10.0], dtype=dt)),
        torch.mvlgamma(torch.tensor([2.5, 3.0], dtype=dt), 3),
    )
    print(torch.arange(10.0, dtype=dt).unfold(0, 3, 2), torch.tensor(5.0, dtype=dt).unfold(0, 1, 1))

i = torch.tensor([1, 2, -8, 7])
print(
    i << 2,
    i >> 1,
    torch.bitwise_left_shift(i, torch.tensor([0, 1, 2, 3])),
    i.bitwise_right_shift(2),
)
j = i.clone()
j <<= 1
print(j, i.bitwise_left_shift_(3), i)
try:
    torch.tensor([1.0]) << 1
except (RuntimeError, TypeError) as e:
    print(type(e).__name__, e)
