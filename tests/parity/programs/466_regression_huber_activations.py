# Homework: robust regression on data with outliers: the same small MLP trained with MSELoss,
# SmoothL1Loss and HuberLoss(delta=0.5), with ELU / SiLU / Softplus activations
import torch
from torch import nn

torch.manual_seed(0)
x = torch.linspace(-2, 2, 16).unsqueeze(1)
y = 0.5 * x + 0.1 * torch.randn(16, 1)
y[3] += 4.0
y[11] -= 3.0
for act in [nn.ELU(), nn.SiLU(), nn.Softplus(beta=2.0)]:
    for loss_fn in [nn.MSELoss(), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=0.5)]:
        torch.manual_seed(1)
        model = nn.Sequential(nn.Linear(1, 8), act, nn.Linear(8, 1))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for _ in range(20):
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            opt.step()
        slope = (model(torch.tensor([[1.0]])) - model(torch.tensor([[0.0]]))).item()
        print(act, loss_fn, round(loss.item(), 4), round(slope, 4), loss.grad_fn.name())
print(nn.HuberLoss(reduction="none", delta=0.5)(torch.tensor([0.0, 0.3, 2.0]), torch.zeros(3)))
print(nn.SmoothL1Loss(reduction="sum", beta=0.5)(torch.tensor([0.0, 0.3, 2.0]), torch.zeros(3)))
