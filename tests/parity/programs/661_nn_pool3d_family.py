import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# The 3-d pooling family on a small volume, in float32 and float64: MaxPool3d with its indices
# and MaxUnpool3d back, AvgPool3d's divisors, the adaptive pools, LPPool3d, and their grads.
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    vol = torch.randn(1, 2, 4, 4, 4, dtype=dt, requires_grad=True)
    pool = nn.MaxPool3d(2, return_indices=True)
    unpool = nn.MaxUnpool3d(2)
    print(pool, unpool)
    out, idx = pool(vol)
    print(out, out.grad_fn.name())
    print(idx)
    back = unpool(out, idx)
    print(back[0, 0], back.grad_fn.name())
    (back * torch.arange(128.0, dtype=dt).reshape(back.shape)).sum().backward()
    print(vol.grad[0, 1])
    vol.grad = None
    y, i = F.max_pool3d(vol, (2, 3, 2), stride=(1, 2, 2), padding=1, dilation=(1, 1, 2),
                        ceil_mode=True, return_indices=True)  # fmt: skip
    print(y.shape, i[0, 0])
    avg = nn.AvgPool3d(3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
    print(avg, avg(vol)[0, 0])
    print(F.avg_pool3d(vol, 2, divisor_override=3)[0, 1])
    print(F.avg_pool3d(vol[0], (2, 1, 3), stride=1, padding=(1, 0, 1))[1, 0])
    a = nn.AdaptiveAvgPool3d((2, None, 3))
    print(a, a(vol).shape, a(vol)[0, 0, 1])
    m, mi = F.adaptive_max_pool3d(vol, (3, 2, 3), return_indices=True)
    print(m[0, 1], mi[0, 1])
    lp = nn.LPPool3d(2, 2)
    r = lp(vol.abs())
    print(lp, r, r.grad_fn.name())
    total = avg(vol).sum() + a(vol).sum() + m.sum() + r.sum() + y.sum()
    total.backward()
    print(vol.grad[0, 0])
    print(torch.max_pool3d(vol.detach(), 2)[0, 0])
