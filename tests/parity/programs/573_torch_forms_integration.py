import torch

# the torch.f forms of nn.functional's functions (torch.conv2d, torch.dropout, torch.layer_norm,
# torch.embedding(weight, indices), a loss's reduction as a number), and the small functions:
# trapezoid/trapz/cumulative_trapezoid, vander, combinations, unravel_index, range, rsub, can_cast
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(1, 2, 4, 4, dtype=dt, requires_grad=True)
    w = torch.randn(3, 2, 2, 2, dtype=dt)
    y = torch.conv2d(x, w, None, 1, 1)
    print(y.shape, y.grad_fn.name(), torch.max_pool2d(x, 2).shape, torch.max_pool1d(x[0], 2).shape)
    print(
        torch.layer_norm(x, (4,))[0, 0, 0],
        torch.group_norm(x, 1)[0, 1, 0],
        torch.rms_norm(x, [4])[0, 0, 1],
    )
    rm, rv = torch.zeros(2, dtype=dt), torch.ones(2, dtype=dt)
    bn = torch.batch_norm(x, None, None, rm, rv, True, 0.1, 1e-5, False)
    print(bn[0, 1, 0], rm, rv)
    print(torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-5, False)[0, 0, 0])
    emb = torch.randn(5, 3, dtype=dt)
    print(torch.embedding(emb, torch.tensor([4, 0])), torch.constant_pad_nd(x, (1, 1), 2.0).shape)
    print(
        torch.dropout(torch.ones(6, dtype=dt), 0.5, True),
        torch.dropout(torch.ones(3, dtype=dt), 0.5, False),
    )
    print(torch.feature_dropout(torch.ones(2, 3, 2, dtype=dt), 0.5, True))
    a, b = torch.randn(4, dtype=dt, requires_grad=True), torch.randn(4, dtype=dt)
    t = torch.tensor([1.0, -1.0, 1.0, -1.0], dtype=dt)
    for r in [0, 1, 2]:
        print(
            r, torch.margin_ranking_loss(a, b, t, 0.1, r), torch.hinge_embedding_loss(a, t, 1.0, r)
        )
    print(torch.kl_div(a.log_softmax(0), b.softmax(0), 1), torch.kl_div(a, b, 2, log_target=True))
    print(torch.binary_cross_entropy_with_logits(a, (t + 1) / 2, None, None, 1))
    print(
        torch.adaptive_max_pool1d(x[0], 2),
        torch.pixel_shuffle(x.reshape(1, 8, 2, 2)[:, :4], 2).shape,
    )
    print(torch.threshold(a, 0.0, -5.0), torch.selu(a), torch.cosine_similarity(a, b, 0))

    yv = torch.tensor([1.0, 4.0, 9.0, 16.0], dtype=dt, requires_grad=True)
    xs = torch.tensor([0.0, 1.0, 3.0, 4.0], dtype=dt)
    for name, r in [
        ("trapezoid", torch.trapezoid(yv)),
        ("trapezoid x", torch.trapezoid(yv, xs)),
        ("trapezoid dx", torch.trapezoid(yv, dx=0.5)),
        ("trapz", torch.trapz(yv, xs)),
        ("cumulative", torch.cumulative_trapezoid(yv)),
        ("cumulative x", torch.cumulative_trapezoid(yv, xs)),
        ("cumulative dx", torch.cumulative_trapezoid(yv, dx=0.25)),
    ]:
        r.sum().backward()
        print(name, r, yv.grad)
        yv.grad = None
    grid = torch.arange(12.0, dtype=dt).reshape(3, 4)
    print(
        torch.trapezoid(grid, dim=0),
        torch.cumulative_trapezoid(grid),
        torch.trapezoid(grid, torch.tensor([0.0, 1.0, 3.0, 6.0], dtype=dt)),
    )
    v = torch.vander(yv)  # (its backward fails in PyTorch 2.13: an in-place write of ATen's)
    print(v, v.grad_fn.name(), torch.vander(yv, 3, increasing=True).grad_fn.name())
    c = torch.combinations(yv)
    c.sum().backward()
    print(
        c,
        c.grad_fn.name(),
        yv.grad,
        torch.combinations(yv, 3).shape,
        torch.combinations(yv, with_replacement=True).shape,
    )
    print(torch.rsub(yv, 1.0), torch.rsub(yv, yv * 2), torch.rsub(yv, 10, alpha=2))
    print(torch.range(1, 4, dtype=dt), torch.range(0, 1, 0.25))
print(
    torch.vander(torch.tensor([1, 2, 3])),
    torch.unravel_index(torch.tensor([4, 7]), (2, 4)),
    torch.unravel_index(torch.tensor(5), (2, 3)),
)
print(
    torch.can_cast(torch.float32, torch.int64),
    torch.can_cast(torch.int64, torch.float32),
    torch.can_cast(torch.float64, torch.bool),
    torch.can_cast(torch.bool, torch.bool),
)
print(torch.row_stack((torch.ones(2), torch.zeros(2))))
