import warnings

import torch

# Python builtins on tensors: float, int, bool, abs, round, format, max/min/sum over 0-d tensors.

warnings.simplefilter("ignore")
t = torch.tensor(2.7183)
g = torch.tensor(-1.25, requires_grad=True)
print(float(t), int(t), bool(t), abs(g), round(t.item(), 2))
print(f"{t:.2f} {g:.3f} {t}", format(t, ".1f"), str(g), repr(t))
print(f"{torch.tensor(3)}")
vals = [torch.tensor(v) for v in (3.0, -1.0, 2.5)]
print(max(vals), min(vals), sum(vals), sorted(vals))
x = torch.tensor([4.0, 1.0, 3.0], requires_grad=True)
best = max(x)
print(best, best.grad_fn)
print(sum(x), sum(x).grad_fn)
print(abs(-x), abs(-x).grad_fn)
print(float(x[0]), int(x[1]), bool(x[2] > 2))
print(x[0] > x[1], (x[0] > x[1]).item(), type((x[0] > x[1]).item()).__name__)
print(list(x), [e.item() for e in x])
a, b, c = x
print(a, b, c)
print(len(x), x.shape == (3,), list(x.shape))
