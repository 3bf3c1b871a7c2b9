# Names old and new code meets now and then: nn.factory_kwargs in a module's __init__,
# Tensor.module_load, F.assert_int_or_pair, native_channel_shuffle, nn.CrossMapLRN2d, and the
# float32 kernels they lean on (a general power, addcmul), in float32 and float64.
import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: N812


class Scaled(nn.Module):
    def __init__(self, n, **kwargs):
        super().__init__()
        factory_kwargs = nn.factory_kwargs(kwargs)
        self.weight = nn.Parameter(torch.ones(n, **factory_kwargs))

    def forward(self, x):
        return x * self.weight


print(Scaled(3, dtype=torch.float64).weight)
print(nn.factory_kwargs({"factory_kwargs": {"dtype": torch.float32}}))
for bad in [{"bias": 1}, {"dtype": torch.float32, "factory_kwargs": {"dtype": torch.float64}}]:
    try:
        nn.factory_kwargs(bad)
    except TypeError as e:
        print("TypeError:", e)

F.assert_int_or_pair((2, 2), "kernel_size", "{} must be int or pair")
try:
    F.assert_int_or_pair((1, 2, 3), "kernel_size", "{} must be int or pair")
except AssertionError as e:
    print("AssertionError:", e)

torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.randn(2, 6, 3, 3, dtype=dt, requires_grad=True)
    m = nn.CrossMapLRN2d(5, alpha=1e-2, beta=0.75, k=2.0)
    y = m(x)
    print(m, y.grad_fn.__class__.__name__)
    print(y[0, :, 0, 0])
    y.pow(2).sum().backward()
    print(x.grad[1, :, 2, 2])
    z = torch.rand(40, dtype=dt) * 3
    print((z**1.7).sum().item(), (z ** torch.linspace(-2, 2, 40, dtype=dt)).sum().item())
    print(torch.addcmul(z, z, z.flip(0), value=-0.3)[:5])
    s = torch.native_channel_shuffle(x, 3)
    print(s.grad_fn, torch.equal(s, F.channel_shuffle(x, 3)))
    try:
        s.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)

p = nn.Parameter(torch.zeros(3))
with torch.no_grad():
    print(p.module_load(torch.arange(3.0)), p)
print(p.module_load(torch.ones(3), assign=True).requires_grad)
