# Fractional max pooling (nn.FractionalMaxPool2d/3d, F.fractional_max_pool2d/3d): the windows
# PyTorch's seeded samples give, values, indices, grads, sizes from output_ratio, and errors.

import torch

F = torch.nn.functional
x = torch.arange(16.0).reshape(1, 1, 4, 4)
print(F.fractional_max_pool2d(x, 2, output_size=2, _random_samples=torch.tensor([[[0.5, 0.5]]])))
for dt in (torch.float32, torch.float64):
    torch.manual_seed(0)
    x = torch.randn(2, 3, 9, 11, dtype=dt, requires_grad=True)
    m = torch.nn.FractionalMaxPool2d(3, output_size=(5, 4), return_indices=True)
    print(m)
    y, i = m(x)
    print(y.grad_fn, y.shape, i.dtype, i[1, 2].tolist())
    print(y[0, 0])
    (y * torch.arange(y.numel(), dtype=dt).reshape(y.shape)).sum().backward()
    print(x.grad[0, 0, :4])
    m2 = torch.nn.FractionalMaxPool2d((2, 3), output_ratio=(0.5, 0.6))
    print(m2, m2(x).shape, m2(x[0]).shape)
    print(F.fractional_max_pool2d(x, 2, output_ratio=(0.5, 0.5)).shape)
    x3 = torch.randn(1, 2, 6, 7, 8, dtype=dt, requires_grad=True)
    m3 = torch.nn.FractionalMaxPool3d(2, output_ratio=0.5, return_indices=True)
    y3, i3 = m3(x3)
    print(m3, y3.shape, y3.grad_fn, i3[0, 1].flatten().tolist()[:10], y3.sum().item())
    y3.sum().backward()
    print(x3.grad.sum().item(), x3.grad[0, 0, 0])
    print(F.fractional_max_pool3d(x3[0], (2, 3, 2), output_size=(3, 3, 3)).shape)
for bad in [dict(), dict(output_size=3, output_ratio=0.5), dict(output_ratio=(1.5, 0.5))]:
    try:
        torch.nn.FractionalMaxPool2d(2, **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    torch.nn.FractionalMaxPool3d(0, output_size=2)
except ValueError as e:
    print("ValueError:", e)
try:
    F.fractional_max_pool2d(torch.randn(1, 1, 4, 4), 3, output_size=3)
except (RuntimeError, IndexError) as e:
    print(type(e).__name__, e)
try:
    F.fractional_max_pool2d(torch.randn(4, 4), 2, output_size=2)
except (RuntimeError, IndexError) as e:
    print(type(e).__name__, e)
try:
    F.fractional_max_pool2d(torch.randn(1, 1, 4, 4), 2)
except ValueError as e:
    print("ValueError:", e)
