# Newton's method with autograd (a common homework): x <- x - f(x)/f'(x), in float32 and float64
import torch


def f(x):
    return x**3 - 2 * x - 5


for dtype in [torch.float32, torch.float64]:
    x = torch.tensor(2.0, dtype=dtype, requires_grad=True)
    for it in range(6):
        y = f(x)
        (g,) = torch.autograd.grad(y, x)
        with torch.no_grad():
            x -= y / g
        print(dtype, it, x.item(), y.item(), g.item())
x = torch.tensor(1.0, requires_grad=True)
for it in range(5):
    y = x**2 - 2
    y.backward()
    with torch.no_grad():
        x -= y / x.grad
    x.grad.zero_()
    print(it, x.item())
