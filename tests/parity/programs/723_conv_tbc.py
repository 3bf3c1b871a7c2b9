# F.conv_tbc, the time-batch-channel convolution of fairseq-style models: values, grads and
# node, with and without padding, in float32 and float64, and its argument checks.
import torch
import torch.nn.functional as F  # noqa: N812

torch.manual_seed(0)
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    x = torch.randn(7, 2, 3, dtype=dt, requires_grad=True)
    w = torch.randn(3, 3, 4, dtype=dt, requires_grad=True)
    b = torch.randn(4, dtype=dt, requires_grad=True)
    for pad in [0, 1, 2]:
        out = F.conv_tbc(x, w, b, pad=pad)
        print(pad, out.shape, out.grad_fn)
        print(out[:, 0, :2])
    out = torch.conv_tbc(x, w, b, 1)
    out.pow(2).sum().backward()
    print(x.grad[:3, 1], w.grad[1, :, 0], b.grad)

x, w, b = torch.randn(7, 2, 3), torch.randn(3, 3, 4), torch.randn(4)
for args in [
    (x[0], w, b),
    (x, w[0], b),
    (x, w, b[None]),
    (x, w, b[:2]),
    (x, w[:, :2], b),
    (x[:1], w, b),
]:
    try:
        F.conv_tbc(*args)
    except RuntimeError as e:
        print("RuntimeError:", e)
