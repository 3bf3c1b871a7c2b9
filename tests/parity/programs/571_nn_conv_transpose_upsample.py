import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# transposed convolutions (the decoder of an autoencoder, a GAN's generator) and upsampling:
# shapes, values, grads, grad_fns, reprs, the seeded initial weights
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(2, 3, 3, 3, dtype=dt, requires_grad=True)
    for m in [
        nn.ConvTranspose2d(3, 2, 3, dtype=dt),
        nn.ConvTranspose2d(3, 2, 3, stride=2, padding=1, output_padding=1, dtype=dt),
        nn.ConvTranspose2d(3, 3, 2, stride=2, groups=3, bias=False, dtype=dt),
        nn.ConvTranspose2d(3, 1, (2, 3), stride=(1, 2), dilation=2, dtype=dt),
    ]:
        y = m(x)
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(m, tuple(y.shape), y.grad_fn.name())
        print(m.weight.reshape(-1)[:4].detach(), y[1, 0, :2].detach(), x.grad[1, 0])
        x.grad = None
    seq = torch.randn(2, 2, 5, dtype=dt, requires_grad=True)
    m = nn.ConvTranspose1d(2, 3, 3, stride=2, padding=1, dtype=dt)
    y = m(seq)
    y.sum().backward()
    print(m, tuple(y.shape), y.grad_fn.name(), y[0, 0].detach(), seq.grad[0])
    print(F.conv_transpose2d(x[0], torch.ones(3, 1, 2, 2, dtype=dt), stride=2).shape)

    img = torch.arange(6.0, dtype=dt).reshape(1, 1, 2, 3).requires_grad_()
    for kw in [
        dict(scale_factor=2),
        dict(size=(3, 5)),
        dict(scale_factor=2, mode="bilinear"),
        dict(size=(3, 4), mode="bilinear", align_corners=True),
        dict(scale_factor=1.5, mode="bilinear"),
        dict(size=(5, 7), mode="bilinear"),
    ]:
        y = F.interpolate(img, **kw)
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(kw, y.grad_fn.name(), y, img.grad, sep="\n")
        img.grad = None
    line = torch.tensor([[[1.0, 3.0, 2.0, 5.0]]], dtype=dt, requires_grad=True)
    for up in [
        nn.Upsample(scale_factor=2),
        nn.Upsample(size=7, mode="linear"),
        nn.Upsample(scale_factor=1.5, mode="linear", align_corners=True),
    ]:
        y = up(line)
        y.sum().backward()
        print(up, y, line.grad)
        line.grad = None
    print(nn.Upsample(size=(3, 5), mode="bilinear", align_corners=True))

# a tiny decoder: a code vector to a 1x8x8 image, a few steps of Adam
torch.manual_seed(2)
decoder = nn.Sequential(
    nn.Linear(4, 8 * 2 * 2),
    nn.Unflatten(1, (8, 2, 2)),
    nn.ConvTranspose2d(8, 4, 4, stride=2, padding=1),
    nn.ReLU(),
    nn.ConvTranspose2d(4, 1, 4, stride=2, padding=1),
    nn.Sigmoid(),
)
print(decoder)
codes, targets = torch.randn(3, 4), torch.rand(3, 1, 8, 8)
opt = torch.optim.Adam(decoder.parameters(), lr=0.01)
for step in range(3):
    opt.zero_grad()
    loss = F.mse_loss(decoder(codes), targets)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))

# the deprecated upsampling names tutorials still use
x = torch.arange(6.0).reshape(1, 1, 2, 3)
print(nn.UpsamplingNearest2d(scale_factor=2), nn.UpsamplingBilinear2d(size=(3, 4)))
print(
    nn.UpsamplingBilinear2d(scale_factor=2)(x)[0, 0, 1],
    nn.UpsamplingNearest2d(size=(3, 4))(x)[0, 0],
)
print(F.upsample_bilinear(x, scale_factor=2)[0, 0, 0], F.upsample_nearest(x, size=(3, 4))[0, 0, 0])
print(
    F.upsample(x, scale_factor=2)[0, 0, 0],
    F.upsample(x, size=(3, 5), mode="bilinear", align_corners=False)[0, 0, 1],
)
