# Running totals: cumulative sums for a running mean, cumprod for compound growth, and the
# gradients through them (d2l-style exercises on reductions)
import torch

sales = torch.tensor([3.0, 5.0, 2.0, 8.0, 6.0], dtype=torch.float64)
running = sales.cumsum(0)
print(running, running / torch.arange(1, 6, dtype=torch.float64))
rates = torch.tensor([1.10, 0.95, 1.20, 1.05], dtype=torch.float64)
print(rates.cumprod(0), torch.cumprod(rates, dim=0)[-1].item())
M = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(M.cumsum(dim=1), M.cumsum(0), torch.tensor([True, False, True]).cumsum(0))
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = w.cumsum(0)
c.backward(torch.tensor([1.0, 10.0, 100.0]))
print(c, c.grad_fn, w.grad)
w.grad = None
p = w.cumprod(0)
p.sum().backward()
print(p, p.grad_fn, w.grad)
x = torch.tensor([[1.0, 5.0, 5.0], [7.0, 2.0, 0.0]], requires_grad=True)
print(x.prod(1), x.prod(), x.amax(1), x.amin(0), x.sum(dim=(0, 1)), x.mean(axis=0))
x.prod(1).sum().backward()
print(x.grad)
