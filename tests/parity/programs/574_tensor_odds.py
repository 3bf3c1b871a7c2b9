import torch

# layout questions, the legacy new(), apply_/map_, H, put/put_, nanmedian, histogram,
# nonzero_static, resize_as_, dsplit and the unsafe_ splits
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=dt, requires_grad=True)
    print(x.is_meta, x.is_nested, x.is_shared(), x.output_nr, x.dim_order(), x.T.dim_order())
    h = x.H
    (h * torch.arange(1.0, 7.0, dtype=dt).reshape(3, 2)).sum().backward()
    print(h, h.grad_fn.name(), x.grad)
    x.grad = None
    print(x.new(2, 3).shape, x.new([1, 2]), x.new().shape, torch.tensor([1, 2]).new([3.5]))
    y = torch.tensor([1.0, 2.0, 3.0], dtype=dt)
    print(
        y.apply_(lambda v: v * 10),
        y.map_(torch.tensor([1.0, 2.0, 3.0], dtype=dt), lambda a, b: a + b),
    )
    p = x.put(torch.tensor([0, 5, -2]), torch.tensor([9.0, 8.0, 7.0], dtype=dt))
    p.sum().backward()
    print(p, p.grad_fn.name(), x.grad)
    x.grad = None
    q = x * 1
    q.put_(torch.tensor([1, 1]), torch.tensor([0.5, 0.25], dtype=dt), accumulate=True)
    print(q)
    nan = float("nan")
    m = torch.tensor(
        [[1.0, nan, 3.0, 2.0], [nan, 7.0, nan, nan], [5.0, 4.0, nan, 0.0]],
        dtype=dt,
        requires_grad=True,
    )
    med = torch.nanmedian(m)
    med.backward()
    print(med, med.grad_fn.name(), m.grad)
    m.grad = None
    r = m.nanmedian(1)
    r.values.sum().backward()
    print(r, m.grad, torch.nanmedian(m, 0, keepdim=True))
    data = torch.tensor([1.0, 2.0, 1.0, 4.0, 2.5, 3.9], dtype=dt)
    print(
        torch.histogram(data, bins=3),
        data.histogram(torch.tensor([0.0, 1.5, 5.0], dtype=dt), density=True),
    )
    print(torch.histogram(data, 4, range=(0.0, 4.0), weight=torch.ones(6, dtype=dt) * 0.5))
    z = torch.zeros(2, dtype=dt)
    z.resize_as_(torch.ones(2, 2))
    print(z.shape)
    cube = torch.arange(16.0, dtype=dt).reshape(2, 2, 4).requires_grad_()
    parts = torch.dsplit(cube, 2)
    print(parts[1], cube.dsplit([1, 3])[2].shape)
    for name, pieces in [
        ("unsafe_chunk", x.unsafe_chunk(2, 1)),
        ("unsafe_split", torch.unsafe_split(x, 1)),
        ("unsafe_split_with_sizes", x.unsafe_split_with_sizes([2, 1], 1)),
    ]:
        print(name, [t.shape for t in pieces], pieces[0].grad_fn.name())
print(
    torch.tensor([0, 3, 0, 5]).nonzero_static(size=3),
    torch.tensor([[0, 1], [2, 0]]).nonzero_static(size=1),
)
try:
    torch.ones(3).H
except RuntimeError as e:
    print("RuntimeError:", e)
