import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# Conv3d's options (stride, padding as ints, tuples, 'same' and 'valid', dilation, groups, the
# padding modes) and ConvTranspose3d's (output_padding, output_size in forward): the shapes, a few
# values and grads, in float32 and float64; and the errors a wrong input gets.
torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.randn(2, 4, 3, 5, 4, dtype=dt, requires_grad=True)
    convs = [
        nn.Conv3d(4, 6, 3, dtype=dt),
        nn.Conv3d(4, 2, (1, 3, 2), stride=(1, 2, 1), padding=(0, 1, 1), bias=False, dtype=dt),
        nn.Conv3d(4, 4, 2, padding="same", dilation=(1, 2, 1), groups=2, dtype=dt),
        nn.Conv3d(4, 2, 3, padding=1, padding_mode="reflect", dtype=dt),
        nn.Conv3d(4, 2, 3, padding=(1, 2, 1), padding_mode="circular", dtype=dt),
        nn.Conv3d(4, 2, 2, padding=1, padding_mode="replicate", groups=2, dtype=dt),
        nn.Conv3d(4, 1, (2, 2, 2), padding="valid", dtype=dt),
    ]
    for conv in convs:
        y = conv(x)
        print(conv, tuple(y.shape), f"{y.sum().item():.4f}", y.grad_fn.name())
    y = convs[2](x)
    print(y[1, 3, 0])
    y.pow(2).mean().backward()
    print(f"{x.grad.norm().item():.5f}", f"{x.grad[0, 0, 1, 2, 1].item():.5f}")
    print(convs[2].weight.grad[1, 0])
    up = nn.ConvTranspose3d(4, 2, 3, stride=2, padding=1, output_padding=1, dtype=dt)
    print(up, up(x).shape)
    up2 = nn.ConvTranspose3d(4, 4, (2, 3, 3), stride=(1, 2, 2), padding=1, groups=2, bias=False,
                             dilation=(2, 1, 1), dtype=dt)  # fmt: skip
    z = up2(x, output_size=[3, 10, 8])
    print(up2, z.shape, z.grad_fn.name())
    print(z[0, 2, 1, :3])
    w = torch.randn(2, 3, 2, 2, 2, dtype=dt)
    print(F.conv_transpose3d(x[0, :2], w, stride=2).shape,
          F.conv_transpose3d(x[0, :2], w, stride=2).grad_fn.name())  # fmt: skip
    print(torch.conv3d(x, torch.ones(1, 4, 1, 1, 1, dtype=dt))[0, 0, 0])
tries = [
    lambda: F.conv3d(torch.ones(4, 4), torch.ones(1, 4, 1, 1, 1)),
    lambda: F.conv3d(torch.ones(1, 3, 2, 2, 2), torch.ones(1, 4, 1, 1, 1)),
    lambda: F.conv3d(torch.ones(1, 4, 1, 2, 2), torch.ones(1, 4, 2, 2, 2)),
    lambda: nn.ConvTranspose3d(1, 1, 2, stride=2)(torch.ones(1, 1, 2, 2, 2), output_size=[9, 4, 4]),
    lambda: nn.ConvTranspose3d(1, 1, 2, padding_mode="circular"),
    lambda: F.max_pool3d(torch.ones(4, 4), 2),
    lambda: F.avg_pool3d(torch.ones(1, 1, 1, 4, 4), 2),
    lambda: F.adaptive_max_pool3d(torch.ones(4, 4), 2),
]
for t in tries:
    try:
        t()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
