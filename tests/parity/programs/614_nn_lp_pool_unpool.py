import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# Pooling and un-pooling as a tutorial shows them: MaxPool2d(return_indices=True) then
# MaxUnpool2d (an encoder-decoder's bottleneck), 1-d too, and the power-average pools LPPool1d/2d.
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    img = torch.randn(1, 2, 4, 4, dtype=dt, requires_grad=True)
    pool = nn.MaxPool2d(2, stride=2, return_indices=True)
    unpool = nn.MaxUnpool2d(2, stride=2)
    print(pool, unpool)
    out, idx = pool(img)
    back = unpool(out, idx)
    print(idx)
    print(back, back.grad_fn.name())
    (back * torch.arange(32.0, dtype=dt).reshape(1, 2, 4, 4)).sum().backward()
    print(img.grad)
    print(unpool(out, idx, output_size=img.size()).shape)
    sig = torch.tensor([[[1.0, 3.0, 2.0, 5.0, 4.0, 0.5]]], dtype=dt)
    o1, i1 = F.max_pool1d(sig, 2, return_indices=True)
    print(F.max_unpool1d(o1, i1, 2), nn.MaxUnpool1d(2)(o1, i1, output_size=[7]))
    lp = nn.LPPool2d(2, 2)
    print(lp, lp(img.abs()))
    print(nn.LPPool1d(1, 3, stride=2)(sig), F.lp_pool1d(sig, float("inf"), 2))
    print(F.max_pool2d_with_indices(img, 2)[1])
