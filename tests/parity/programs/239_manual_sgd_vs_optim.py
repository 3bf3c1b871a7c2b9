# A student's own SGD step over model.parameters() under torch.no_grad, compared with optim.SGD,
# from the same seed: the two must print the same losses
import torch
from torch import nn

for use_optim in [False, True]:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 5), nn.Sigmoid(), nn.Linear(5, 1))
    X = torch.randn(8, 3)
    y = torch.randn(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    for step in range(10):
        loss = nn.functional.mse_loss(model(X), y)
        if use_optim:
            opt.zero_grad()
            loss.backward()
            opt.step()
        else:
            model.zero_grad()
            loss.backward()
            with torch.no_grad():
                for p in model.parameters():
                    p -= 0.3 * p.grad
        print(use_optim, step, loss.item())
