# float32 backward and optimizer steps, each gradient printed as its float32 bits: PyTorch's
# formulas run node by node (grad * other, pow_backward, mean's grad / n, sum_to through the
# sum kernel, mm's transposed products, mse_loss_backward, nll_loss and sigmoid backward),
# gradients of a tensor used twice added in float32, SGD's add_(grad, alpha=-lr) fused, Adam's
# steps (values where MKL's sqrt is correctly rounded: docs/float32.md), x ** n and 2-d @ 1-d.
import struct

import torch


def bits(t):
    return " ".join(
        f"{struct.unpack('<I', struct.pack('<f', v))[0]:08x}" for v in t.reshape(-1).tolist()
    )


torch.manual_seed(0)
for n in (3, 16, 21, 40):
    x = torch.linspace(-1.0, 1.0, n)
    y = 3.0 * x + 0.5 + 0.1 * x * x
    w = torch.tensor(0.3, requires_grad=True)
    b = torch.tensor(-0.2, requires_grad=True)
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    print("line fit", n, bits(loss), bits(w.grad), bits(b.grad))

for m, k, p in ((2, 3, 2), (5, 7, 3), (4, 20, 16), (10, 2, 1)):
    a = torch.randn(m, k, requires_grad=True)
    c = torch.randn(p, k, requires_grad=True)
    out = a @ c.t()
    (out * out).sum().backward()  # out used twice: its two grads added in float32
    print("mm", m, k, p, bits(a.grad), bits(c.grad))

for batch, nin, nout in ((10, 2, 1), (8, 5, 3), (4, 20, 17)):
    lin = torch.nn.Linear(nin, nout)
    X, Y = torch.randn(batch, nin), torch.randn(batch, nout)
    for reduction in ("mean", "sum"):
        lin.zero_grad()
        torch.nn.functional.mse_loss(lin(X), Y, reduction=reduction).backward()
        print("linear", batch, nin, nout, reduction, bits(lin.weight.grad), bits(lin.bias.grad))

net = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.ReLU(), torch.nn.Linear(6, 3))
X, labels = torch.randn(7, 4), torch.tensor([0, 2, 1, 1, 0, 2, 2])
torch.nn.functional.nll_loss(net(X).relu() * -0.5, labels).backward()
print("nll", bits(net[0].weight.grad), bits(net[2].bias.grad))

z = torch.randn(20, requires_grad=True)
(z.sigmoid() * torch.linspace(0.0, 2.0, 20)).sum().backward()
print("sigmoid", bits(z.grad))

v = torch.randn(6, 3, requires_grad=True)
(v.sum(0) * torch.tensor([1.0, -2.0, 0.5])).sum().backward()
(v.mean(1) ** 2).sum().backward()  # a second pass accumulates into v.grad in float32
print("sum/mean dim", bits(v.grad))

for kwargs in ({}, {"momentum": 0.9}, {"momentum": 0.9, "nesterov": True},
               {"momentum": 0.5, "dampening": 0.1, "weight_decay": 0.01}):  # fmt: skip
    q = torch.tensor([2.0, -1.5, 0.3], requires_grad=True)
    opt = torch.optim.SGD([q], lr=0.1, **kwargs)
    for _ in range(5):
        opt.zero_grad()
        ((q * torch.tensor([1.0, 10.0, 3.0])) * q).sum().backward()
        opt.step()
    print("sgd", sorted(kwargs.items()), bits(q))

for cls, kwargs in ((torch.optim.Adam, {}), (torch.optim.AdamW, {"weight_decay": 0.1}),
                    (torch.optim.Adam, {"weight_decay": 0.01})):  # fmt: skip
    q = torch.tensor([2.0, -1.5, 0.35, 0.25], requires_grad=True)
    opt = cls([q], lr=0.1, **kwargs)
    for _ in range(2):
        opt.zero_grad()
        ((q * torch.tensor([1.0, 10.0, 3.0, 0.5])) * q).sum().backward()
        opt.step()
    print(cls.__name__, sorted(kwargs.items()), bits(q))

t = torch.tensor([0.3, -1.2, 2.5, 0.7, -0.4, 1.1, 0.05])
print("pow mv", bits(t**3), bits(t**-2), bits(torch.stack([t[:4], t[3:]]) @ t[:4]))
