import torch

# index writes (index_add, index_copy, index_fill, scatter, scatter_add), their in-place forms,
# statistics (cov, corrcoef, histc, aminmax), more arithmetic (exp2, erfc, logit, sinc, copysign,
# fmax/fmin, float_power, addmv, addr) and in-place comparisons/scans: values, grads, grad_fns
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.arange(12.0, dtype=dt).reshape(3, 4).requires_grad_()
    src = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]], dtype=dt, requires_grad=True)
    idx = torch.tensor([2, 0])
    for name, y in [
        ("index_add", x.index_add(0, idx, src)),
        ("index_add alpha", torch.index_add(x, 0, torch.tensor([1, 1]), src, alpha=0.5)),
        ("index_copy", x.index_copy(0, idx, src)),
        ("index_fill", x.index_fill(1, torch.tensor([0, 3]), -1.0)),
        ("scatter", x.scatter(0, torch.tensor([[0, 1, 2, 0], [1, 2, 0, 1]]), src)),
        ("scatter value", torch.scatter(x, 1, torch.tensor([[1], [2], [3]]), 9.5)),
        ("scatter_add", x.scatter_add(0, torch.tensor([[0, 1, 2, 0], [0, 0, 1, 1]]), src)),
    ]:
        w = torch.linspace(-1, 1, 12, dtype=dt).reshape(3, 4)
        (y * w).sum().backward()
        print(name, y, x.grad, src.grad, sep="\n")
        x.grad = None
        src.grad = None
    z = torch.zeros(5, dtype=dt)
    z.index_add_(0, torch.tensor([0, 4, 0]), torch.tensor([1.0, 2.0, 3.0], dtype=dt))
    print(z, z.scatter_add_(0, torch.tensor([1, 1, 1]), torch.ones(3, dtype=dt)))
    print(
        z.index_fill_(0, torch.tensor([2]), 7),
        z.index_copy_(0, torch.tensor([3]), torch.tensor([0.25], dtype=dt)),
    )
    bins = torch.zeros(4, dtype=dt).scatter_add_(
        0, torch.tensor([0, 1, 1, 3, 3, 3]), torch.ones(6, dtype=dt)
    )
    print("counts", bins)

    # statistics
    torch.manual_seed(0)
    data = torch.randn(3, 6, dtype=dt, requires_grad=True)
    c = torch.cov(data)
    print(c, torch.cov(data, correction=0), torch.corrcoef(data), sep="\n")
    print(
        torch.cov(data, fweights=torch.tensor([1, 2, 1, 3, 1, 1]), aweights=torch.rand(6, dtype=dt))
    )
    c.trace().backward()
    print(data.grad)
    print(torch.cov(torch.tensor([1.0, 2.0, 4.0], dtype=dt)), torch.corrcoef(data[:2].detach()))
    print(
        torch.histc(torch.tensor([1.0, 2.0, 1.0, 2.5, 4.0, -1.0], dtype=dt), bins=4, min=0, max=4)
    )
    print(torch.histc(data.detach(), bins=5), data.detach().histc(3, -1, 1))
    mm = torch.aminmax(data)
    print(mm, mm.min, mm.max)
    print(torch.aminmax(data, dim=1, keepdim=True))

    # more arithmetic
    t = torch.tensor([-2.0, -0.5, 0.0, 0.25, 1.5, 3.0], dtype=dt, requires_grad=True)
    p = torch.tensor([0.1, 0.25, 0.5, 0.75, 0.9, 0.999], dtype=dt, requires_grad=True)
    for name, y in [
        ("exp2", t.exp2()),
        ("erfc", torch.erfc(t)),
        ("logit", p.logit()),
        ("logit eps", torch.logit(p, eps=0.2)),
        ("sinc", torch.sinc(t)),
        ("copysign", t.copysign(torch.tensor([1.0, -1.0, -0.0, 2.0, -3.0, 0.0], dtype=dt))),
        ("copysign number", torch.copysign(t, -1)),
        ("fmax", torch.fmax(t, torch.tensor([0.0, float("nan"), 1.0, 0.25, -1.0, 5.0], dtype=dt))),
        ("fmin", t.fmin(torch.tensor([0.0, float("nan"), 1.0, 0.25, -1.0, 5.0], dtype=dt))),
        ("float_power", t.float_power(2)),
        ("xlogy", torch.xlogy(p, 2.0)),
    ]:
        y.sum().backward()
        grads = [g.grad for g in (t, p) if g.grad is not None]
        print(name, y, *grads, sep="\n")
        t.grad = None
        p.grad = None
    print(torch.float_power(torch.tensor([2, 3]), 0.5), torch.exp2(torch.tensor([3, 4])))
    m = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=dt, requires_grad=True)
    v = torch.tensor([0.5, -1.0], dtype=dt, requires_grad=True)
    b = torch.ones(3, dtype=dt, requires_grad=True)
    y = torch.addmv(b, m, v, beta=0.5, alpha=2)
    y.sum().backward()
    print(y, m.grad, v.grad, b.grad)
    r = torch.addr(m, b, v)
    print(r, b.addr(b, b.detach()) if False else torch.addr(torch.zeros(3, 3, dtype=dt), b, b))

    # in-place comparisons, scans and others
    a = torch.tensor([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], dtype=dt)
    print(
        a.clone().eq_(3.0), a.clone().gt_(0), a.clone().le_(torch.tensor([1.0, 5.0, 0.0], dtype=dt))
    )
    print(a.clone().remainder_(2.5), a.clone().fmod_(2.5), a.clone().floor_divide_(2))
    print(a.clone().tril_(), a.clone().triu_(1), a.clone().cumsum_(1), a.clone().cumprod_(0))
    print(
        a.clone().lerp_(torch.zeros(2, 3, dtype=dt), 0.25),
        a.clone().exp2_(),
        a.clone().copysign_(-1.0),
    )
    print(a.clone().relu_(), a.clone().logical_not_(), a.clone().ne_(4.0))
    q = a.clone().requires_grad_() * 1
    q.ge_(0.0)
    print(q, q.grad_fn)
    print(torch.argwhere(a > 0), a.argwhere())
    print(a.split_with_sizes([1, 2], dim=1), torch.split_with_sizes(a, [2]))
    s = a.clone().requires_grad_()
    k = s.sum_to_size(1, 3)
    print(k, s.sum_to_size(3), s.sum_to_size(2, 1), s.sum_to_size((2, 3)) is s)
    k.sum().backward()
    print(s.grad)
    try:
        s.sum_to_size(3, 3)
    except RuntimeError as e:
        print("RuntimeError:", e)
