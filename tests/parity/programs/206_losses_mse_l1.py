# nn.MSELoss and nn.L1Loss with every reduction, their grad_fn names and grads
# (https://pytorch.org/docs/stable/generated/torch.nn.MSELoss.html)
import torch
import torch.nn as nn

pred = torch.tensor([[0.5, 1.5], [-1.0, 2.0]], requires_grad=True)
target = torch.tensor([[1.0, 1.0], [0.0, 2.5]])
for Loss in [nn.MSELoss, nn.L1Loss, nn.SmoothL1Loss, nn.HuberLoss]:
    for reduction in ["mean", "sum", "none"]:
        crit = Loss(reduction=reduction)
        out = crit(pred, target)
        pred.grad = None
        out.sum().backward()
        print(crit, reduction, out, out.grad_fn.name(), pred.grad.tolist())
print(nn.MSELoss()(pred, target).item(), ((pred - target) ** 2).mean().item())
try:
    nn.MSELoss()(pred, torch.zeros(3))
except RuntimeError as e:
    print(type(e).__name__, e)
