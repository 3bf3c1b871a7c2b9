import torch

# per-group sums, means, maxima of a batch (a graph-network lesson's scatter_reduce), and
# the random fills with PyTorch's numbers
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    values = torch.tensor([0.5, 2.0, -1.0, 3.0, 3.0, 0.25], dtype=dt, requires_grad=True)
    group = torch.tensor([0, 1, 0, 2, 2, 1])
    for how in ["sum", "prod", "mean", "amax", "amin"]:
        for include_self in [True, False]:
            base = torch.zeros(3, dtype=dt, requires_grad=True)
            out = base.scatter_reduce(0, group, values, reduce=how, include_self=include_self)
            (out * torch.tensor([1.0, 2.0, 3.0], dtype=dt)).sum().backward()
            print(how, include_self, out, values.grad, base.grad)
            values.grad = None
    m = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=dt, requires_grad=True)
    src = torch.tensor([[2.0, 0.0], [3.0, 5.0]], dtype=dt, requires_grad=True)
    r = m.index_reduce(0, torch.tensor([2, 2]), src, "prod")
    r.sum().backward()
    print(r, m.grad, src.grad)
    z = torch.zeros(2, 3, dtype=dt)
    z.scatter_reduce_(1, torch.tensor([[0, 0, 2], [1, 1, 1]]), torch.ones(2, 3, dtype=dt), "sum")
    print(z)
    print(torch.empty(4, dtype=dt).cauchy_())
    print(torch.empty(4, dtype=dt).cauchy_(median=1.0, sigma=0.5))
    print(torch.empty(4, dtype=dt).log_normal_())
    print(torch.empty(3, dtype=dt).log_normal_(0.0, 0.5), torch.randn(2, dtype=dt))
    print(torch.empty(5, dtype=dt).geometric_(0.25))
    print(torch.empty(4, dtype=dt).exponential_(2.0))
g = torch.Generator().manual_seed(42)
print(torch.empty(5, dtype=torch.int64).geometric_(0.1, generator=g))
w = torch.zeros(3, requires_grad=True)
h = w * 1
h.cauchy_()
print(h.grad_fn)
