import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# 1-d convolution and pooling, group/RMS/instance norms, pads, channel dropout, pixel shuffle
# and the in-place activations, in float32 and float64: outputs, grads, grad_fns, reprs
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(2, 3, 8, dtype=dt, requires_grad=True)
    for m in [
        nn.Conv1d(3, 4, 3, dtype=dt),
        nn.Conv1d(3, 2, 3, stride=2, padding=1, bias=False, dtype=dt),
        nn.Conv1d(3, 3, 3, padding="same", dilation=2, groups=3, dtype=dt),
        nn.MaxPool1d(2),
        nn.MaxPool1d(3, stride=1, padding=1),
        nn.AvgPool1d(2),
        nn.AvgPool1d(3, 2, 1),
        nn.AdaptiveAvgPool1d(3),
        nn.InstanceNorm1d(3),
        nn.InstanceNorm1d(3, affine=True, dtype=dt),
        nn.ZeroPad1d(2),
        nn.ConstantPad1d((1, 2), 3.5),
        nn.Dropout1d(0.5),
    ]:
        y = m(x)
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(m, y.shape, y.grad_fn.name())
        print(y[0, :2].detach(), x.grad[0, :2])
        x.grad = None
    y, idx = F.max_pool1d(x, 3, return_indices=True)
    print(idx, F.conv1d(x[0], torch.ones(1, 3, 2, dtype=dt)).grad_fn.name())
    print(F.avg_pool1d(x[1], 4, count_include_pad=False, padding=1, stride=3))
    print(F.adaptive_avg_pool1d(x, 5)[1, 2])

    img = torch.randn(2, 4, 3, 3, dtype=dt, requires_grad=True)
    for m in [
        nn.GroupNorm(2, 4, dtype=dt),
        nn.GroupNorm(1, 4, affine=False, eps=1e-3),
        nn.GroupNorm(4, 4, dtype=dt),
        nn.RMSNorm(3, dtype=dt),
        nn.RMSNorm([3, 3], eps=1e-6, elementwise_affine=False),
        nn.InstanceNorm2d(4),
        nn.ZeroPad2d((1, 2, 0, 1)),
        nn.ConstantPad2d(1, -1.0),
        nn.PixelShuffle(2),
        nn.Dropout2d(0.3),
    ]:
        y = m(img)
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(m, y.shape, y.grad_fn.name())
        print(y[1, 0].detach(), img.grad[1, 0])
        img.grad = None
    g = nn.GroupNorm(2, 4, dtype=dt)
    with torch.no_grad():
        g.weight.copy_(torch.tensor([1.0, 2.0, 0.5, -1.0]))
        g.bias.fill_(0.25)
    print(g(img)[0, :, 0], [n for n, _ in g.named_parameters()])
    print(F.group_norm(img, 2).grad_fn.name(), F.rms_norm(img, (3,)).grad_fn.name())
    print(F.rms_norm(img, [3], torch.tensor([1.0, 0.0, 2.0], dtype=dt))[0, 0])
    up = nn.PixelUnshuffle(2)
    z = torch.arange(32.0, dtype=dt).reshape(1, 2, 4, 4)
    print(up, up(z).shape, F.pixel_shuffle(up(z), 2).equal(z), F.pixel_unshuffle(z, 2)[0, :3])

    # running statistics of instance norm
    inorm = nn.InstanceNorm2d(4, affine=True, track_running_stats=True, dtype=dt)
    print(inorm, [n for n, _ in inorm.named_buffers()])
    out = inorm(img)
    print(inorm.running_mean, inorm.running_var, inorm.num_batches_tracked)
    inorm.eval()
    print(inorm(img)[0, 0])

    # in-place activations
    for f, args in [
        (F.relu_, ()),
        (F.elu_, ()),
        (F.leaky_relu_, (0.2,)),
        (F.hardtanh_, (-0.5, 0.5)),
        (F.threshold_, (0.1, -2.0)),
        (F.selu_, ()),
        (F.celu_, (0.5,)),
    ]:
        a = torch.tensor([-1.5, -0.25, 0.0, 0.3, 2.0], dtype=dt, requires_grad=True)
        b = a * 1
        r = f(b, *args)
        r.sum().backward()
        print(f.__name__, r is b, b, a.grad)
    c = torch.tensor([-1.0, 1.0], dtype=dt, requires_grad=True) * 1
    F.elu(c, inplace=True)
    print(c.grad_fn.name(), F.leaky_relu(c * 1, inplace=True).grad_fn.name())

torch.manual_seed(3)
# a tiny 1-d CNN on a sequence task, a few steps of SGD
model = nn.Sequential(
    nn.Conv1d(1, 4, 3, padding=1),
    nn.GroupNorm(2, 4),
    nn.ReLU(),
    nn.MaxPool1d(2),
    nn.Conv1d(4, 2, 3),
    nn.AdaptiveAvgPool1d(1),
    nn.Flatten(),
    nn.Linear(2, 1),
)
print(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
xs = torch.randn(6, 1, 10)
ys = xs.mean(dim=(1, 2)).unsqueeze(1)
for step in range(4):
    opt.zero_grad()
    loss = F.mse_loss(model(xs), ys)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
for bad in [lambda: nn.GroupNorm(3, 4), lambda: F.pixel_shuffle(torch.ones(1, 3, 2, 2), 2)]:
    try:
        bad()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)

# adaptive max pooling, Softmax2d and the 3-d pads
for dt in [torch.float32, torch.float64]:
    torch.manual_seed(5)
    img = torch.randn(2, 3, 5, 4, dtype=dt, requires_grad=True)
    for m in [
        nn.AdaptiveMaxPool2d((2, 3)),
        nn.AdaptiveMaxPool2d(1),
        nn.Softmax2d(),
        nn.ZeroPad3d(1),
        nn.ConstantPad3d((1, 0, 0, 1, 2, 0), 0.5),
    ]:
        y = m(img)
        w = torch.linspace(-1, 1, y.numel(), dtype=dt).reshape(y.shape)
        (y * w).sum().backward()
        print(m, y.shape, y.grad_fn.name(), y.reshape(-1)[:4].detach(), img.grad.reshape(-1)[:6])
        img.grad = None
    seq = img[0, 0]
    y, idx = F.adaptive_max_pool1d(seq, 3, return_indices=True)
    print(nn.AdaptiveMaxPool1d(2)(seq), y, idx, y.grad_fn.name())
    print(F.adaptive_max_pool2d(img[0], (3, 2), return_indices=True)[1])
