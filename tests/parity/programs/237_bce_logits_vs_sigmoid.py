# Why BCEWithLogitsLoss: with large logits, sigmoid + BCELoss saturates where the fused loss does not
import torch
import torch.nn as nn

for v in [0.5, 5.0, 20.0, 50.0, 100.0]:
    z = torch.tensor([v, -v], requires_grad=True)
    t = torch.tensor([0.0, 1.0])
    l1 = nn.BCELoss()(torch.sigmoid(z), t)
    l2 = nn.BCEWithLogitsLoss()(z, t)
    (g1,) = torch.autograd.grad(l1, z)
    (g2,) = torch.autograd.grad(l2, z)
    print(v, l1.item(), l2.item(), g1.tolist(), g2.tolist())
