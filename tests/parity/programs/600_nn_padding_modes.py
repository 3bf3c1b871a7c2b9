import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# The padding layers of a tutorial on image borders: reflection, replication and circular
# padding, as layers and as F.pad modes, in float32 and float64; values, grads, grad_fns, reprs,
# and the errors a wrong padding gets; and a convolution with padding_mode="reflect".
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(2, 3, 5, dtype=dt, requires_grad=True)
    img = torch.randn(1, 2, 3, 4, dtype=dt, requires_grad=True)
    vol = torch.randn(1, 1, 2, 3, 3, dtype=dt, requires_grad=True)
    layers = [
        (nn.ReflectionPad1d(2), x),
        (nn.ReflectionPad1d((3, 1)), x),
        (nn.ReplicationPad1d((0, 4)), x),
        (nn.CircularPad1d(2), x),
        (nn.ReflectionPad2d(1), img),
        (nn.ReflectionPad2d((1, 3, 2, 0)), img),
        (nn.ReplicationPad2d((2, 0, 1, 3)), img),
        (nn.CircularPad2d((1, 2, 2, 1)), img),
        (nn.ReflectionPad3d(1), vol),
        (nn.ReplicationPad3d((1, 0, 2, 1, 0, 2)), vol),
        (nn.CircularPad3d((0, 1, 1, 0, 1, 1)), vol),
    ]
    for m, t in layers:
        y = m(t)
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(m, tuple(y.shape), y.grad_fn.name())
        print(y[0, 0].detach())
        print(t.grad[0, 0])
        t.grad = None
    print(m.padding, nn.ReflectionPad2d(2).padding, nn.ReplicationPad1d([1, 2]))

    # F.pad's modes, an unbatched input and negative (cropping) pads
    s = torch.arange(12, dtype=dt).reshape(3, 4)
    for mode in ["reflect", "replicate", "circular"]:
        print(mode, F.pad(s.unsqueeze(0), (2, 1), mode=mode))
        print(F.pad(s.unsqueeze(0), (1, 1, 2, 1), mode=mode))
        print(F.pad(s, (-1, 2), mode=mode))
    y = F.pad(img, (1, 1, 1, 1), mode="reflect")
    print(y.grad_fn, y.grad_fn._saved_padding, y.grad_fn.next_functions)
    print(F.pad(torch.arange(6).reshape(1, 2, 3), (2, 2), mode="replicate"))
    with torch.no_grad():
        print(F.pad(x, (1, 1), mode="reflect").requires_grad)

    # a convolution that pads by reflection, replication or wrapping around
    for mode in ["reflect", "replicate", "circular"]:
        torch.manual_seed(1)
        conv = nn.Conv2d(2, 3, 3, padding=1, padding_mode=mode, dtype=dt)
        out = conv(img)
        out.pow(2).mean().backward()
        print(conv, tuple(out.shape), out.grad_fn.name())
        print(out[0, 0].detach(), conv.weight.grad[0, 0], img.grad[0, 1])
        img.grad = None
    torch.manual_seed(2)
    conv = nn.Conv1d(3, 1, 4, padding="same", padding_mode="circular", bias=False, dtype=dt)
    print(conv, conv(x)[1])

for call in [
    lambda: F.pad(torch.ones(1, 2, 3), (3, 1), mode="reflect"),
    lambda: F.pad(torch.ones(1, 1, 3, 4), (1, 1, 3, 0), mode="reflect"),
    lambda: F.pad(torch.ones(1, 1, 2, 2, 2), (1, 1, 1, 1, 2, 0), mode="reflect"),
    lambda: F.pad(torch.ones(1, 2, 3), (4, 1), mode="circular"),
    lambda: F.pad(torch.ones(1, 2, 3), (-4, 0), mode="circular"),
    lambda: F.pad(torch.ones(1, 2, 3), (-3, 0), mode="replicate"),
    lambda: F.pad(torch.ones(3), (1, 1), mode="reflect"),
    lambda: F.pad(torch.ones(1, 2, 3), (1, 1, 1, 1, 1, 1), mode="replicate"),
    lambda: F.pad(torch.ones(1, 2, 3), (1,), mode="reflect"),
    lambda: F.pad(torch.ones(1, 2, 3), (1, 1), mode="mirror"),
    lambda: F.pad(torch.ones(1, 2, 3), (1, 1), mode="reflect", value=1.0),
    lambda: F.pad(torch.zeros(2, 0, 3), (1, 1), mode="reflect"),
    lambda: F.pad(torch.tensor([[True, False]]), (1, 1), mode="replicate"),
    lambda: nn.CircularPad1d(1)(torch.ones(1, 1, 2, 2)),
    lambda: nn.CircularPad2d(1)(torch.ones(2, 2)),
    lambda: nn.ReflectionPad1d(1)(torch.ones(1, 1, 2, 2)),
    lambda: nn.Conv2d(1, 1, 3, padding_mode="mirror"),
]:
    try:
        call()
    except Exception as e:  # the error is what is printed
        print(type(e).__name__, e)
