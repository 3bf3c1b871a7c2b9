# Newton's method with autograd: find the root of x^2 - 2 using the derivative from backward.
import torch

x = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
for it in range(6):
    f = x**2 - 2
    f.backward()
    with torch.no_grad():
        x -= f / x.grad
    print(it, f"{x.item():.12f}", f.item() if it > 3 else f)
    x.grad = None
print(x, x.dtype)
y = torch.tensor(3.0, requires_grad=True)
for it in range(4):
    f = y**3 - y - 1
    (df,) = torch.autograd.grad(f, y)
    with torch.no_grad():
        y -= f / df
    print(it, y)
