# Homework: a three-class MLP on made-up 2-D clusters, CrossEntropyLoss, SGD with momentum,
# StepLR, loss and accuracy per epoch
import torch
from torch import nn

torch.manual_seed(0)
centers = torch.tensor([[0.0, 2.0], [2.0, -1.0], [-2.0, -1.0]])
y = torch.arange(3).repeat_interleave(10)
X = centers[y] + 0.7 * torch.randn(30, 2)
model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 3))
loss_fn = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.1)
for epoch in range(25):
    perm = torch.randperm(30)
    for i in range(0, 30, 10):
        idx = perm[i : i + 10]
        opt.zero_grad()
        loss = loss_fn(model(X[idx]), y[idx])
        loss.backward()
        opt.step()
    sched.step()
    with torch.no_grad():
        out = model(X)
        print(
            epoch,
            loss_fn(out, y).item(),
            (out.argmax(1) == y).float().mean().item(),
            sched.get_last_lr()[0],
        )
