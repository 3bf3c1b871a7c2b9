# The Rosenbrock function's gradient at a few points, as 0-d tensors, against the formula.
import torch

for xv, yv in [(0.0, 0.0), (2.0, 1.0), (-1.5, 2.0), (0.5, -0.25)]:
    x = torch.tensor(xv, requires_grad=True)
    y = torch.tensor(yv, requires_grad=True)
    f = (1 - x) ** 2 + 100 * (y - x**2) ** 2
    f.backward()
    dx = -2 * (1 - xv) - 400 * xv * (yv - xv**2)
    dy = 200 * (yv - xv**2)
    print(f, x.grad, y.grad, dx, dy, x.grad.item() == dx, y.grad.item() == dy)
