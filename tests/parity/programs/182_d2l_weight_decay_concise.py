# d2l.ai 3.7 concise weight decay: SGD parameter groups with weight_decay on the weight only
# (https://d2l.ai/chapter_linear-regression/weight-decay.html)
import torch
from torch import nn

# ruff: noqa: B007, E741 - written as the source writes it

torch.manual_seed(0)
num_inputs = 20
X = torch.normal(0, 1, (20, num_inputs))
y = X @ (torch.ones((num_inputs, 1)) * 0.01) + 0.05
for wd in [0, 3]:
    net = nn.Sequential(nn.Linear(num_inputs, 1))
    for param in net.parameters():
        param.data.normal_()
    loss = nn.MSELoss(reduction="none")
    trainer = torch.optim.SGD(
        [{"params": net[0].weight, "weight_decay": wd}, {"params": net[0].bias}], lr=0.003
    )
    print(trainer)
    for epoch in range(30):
        for i in range(0, 20, 5):
            trainer.zero_grad()
            l = loss(net(X[i : i + 5]), y[i : i + 5])
            l.mean().backward()
            trainer.step()
    print("wd", wd, "L2 norm of w:", net[0].weight.norm().item(), loss(net(X), y).mean().item())
    print(
        trainer.param_groups[0]["weight_decay"],
        trainer.param_groups[1]["weight_decay"],
        len(trainer.param_groups),
    )
