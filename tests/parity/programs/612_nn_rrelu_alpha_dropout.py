import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# A self-normalising net (SELU + AlphaDropout) and a randomized-leaky one (RReLU): the seeded
# noise in training mode, the deterministic eval mode, and the functional forms.
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(4, 6, dtype=dt)
    y = torch.randn(4, 1, dtype=dt)
    snn = nn.Sequential(nn.Linear(6, 5, dtype=dt), nn.SELU(), nn.AlphaDropout(0.2),
                        nn.Linear(5, 1, dtype=dt))  # fmt: skip
    rnet = nn.Sequential(nn.Linear(6, 5, dtype=dt), nn.RReLU(), nn.Linear(5, 1, dtype=dt))
    print(snn)
    print(rnet)
    for net in (snn, rnet):
        opt = torch.optim.SGD(net.parameters(), lr=0.1)
        for step in range(3):
            opt.zero_grad()
            loss = F.mse_loss(net(x), y)
            loss.backward()
            opt.step()
            print(step, f"{loss.item():.6f}")
        net.eval()
        print("eval", net(x).flatten())
    z = torch.tensor([[-1.0, 2.0, -0.5, 0.0], [0.3, -3.0, -2.0, 1.0]], dtype=dt,
                     requires_grad=True)  # fmt: skip
    r = F.rrelu(z, 0.1, 0.3, training=True)
    r.sum().backward()
    print(r, z.grad)
    print(F.rrelu(z), F.rrelu(z, training=False).grad_fn.name())
    print(F.alpha_dropout(z, 0.5, training=True))
    print(F.feature_alpha_dropout(z.reshape(2, 2, 2), 0.5, training=True))
    print(nn.FeatureAlphaDropout(0.3), nn.RReLU(0.2, 0.4, inplace=True))
    w = z.detach().clone()
    F.rrelu_(w, training=True)
    print(w)
