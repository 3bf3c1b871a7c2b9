import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# im2col by hand (F.unfold / F.fold), Bilinear, ChannelShuffle, LocalResponseNorm, pdist,
# Dropout3d and InstanceNorm3d: shapes, values, grads, grad_fns, reprs
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    img = torch.randn(2, 3, 4, 5, dtype=dt, requires_grad=True)
    for name, y in [
        ("unfold", F.unfold(img, 2)),
        ("unfold pad stride", F.unfold(img, (3, 2), padding=1, stride=2)),
        ("unfold dilation", nn.Unfold(2, dilation=2)(img)),
        ("fold", F.fold(F.unfold(img, 2), (4, 5), 2)),
        (
            "fold stride",
            nn.Fold((4, 6), 2, stride=2)(
                torch.arange(72.0, dtype=dt).reshape(1, 12, 6) * img.sum()
            ),
        ),
        ("channel_shuffle", nn.ChannelShuffle(3)(img)),
        ("lrn", nn.LocalResponseNorm(2)(img)),
        ("lrn 3d input", F.local_response_norm(img[0], 3, alpha=0.1, beta=0.5, k=2.0)),
        ("instance_norm3d", nn.InstanceNorm3d(2)(img.reshape(2, 2, 3, 2, 5))),
    ]:
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(name, tuple(y.shape), y.grad_fn.name())
        print(y.reshape(-1)[:6].detach(), img.grad.reshape(-1)[:6])
        img.grad = None
    # a convolution written as unfold + matmul equals conv2d
    k = torch.randn(4, 3, 2, 2, dtype=dt)
    cols = F.unfold(img, 2)
    out = (k.view(4, -1) @ cols).view(2, 4, 3, 4)
    print(torch.allclose(out, F.conv2d(img, k), atol=1e-5), out[0, 0, 0])

    b = nn.Bilinear(3, 2, 4, dtype=dt)
    x1 = torch.randn(5, 3, dtype=dt, requires_grad=True)
    x2 = torch.randn(5, 2, dtype=dt)
    y = b(x1, x2)
    y.sum().backward()
    print(b, b.weight.shape, y.grad_fn.name(), y[0].detach(), x1.grad[0], b.bias.grad)
    print(nn.Bilinear(2, 2, 1, bias=False, dtype=dt)(x2, x2)[:2])
    pts = torch.randn(4, 3, dtype=dt, requires_grad=True)
    d = F.pdist(pts)
    d.sum().backward()
    print(d, d.grad_fn.name(), pts.grad, F.pdist(pts, p=1))
    vol = torch.ones(2, 4, 2, 2, 2, dtype=dt)
    drop = nn.Dropout3d(0.5)
    print(drop, drop(vol)[:, :, 0, 0, 0], F.dropout3d(vol[0], 0.25)[:, 0, 0, 0])
    print(
        nn.InstanceNorm3d(2, affine=True),
        nn.LocalResponseNorm(3, k=2.0),
        nn.Unfold(2),
        nn.Fold((4, 4), 2),
    )
