# d2l.ai 3.5-style concise linear regression with the optimizer's momentum: nn.Linear(3, 1),
# nn.MSELoss, optim.SGD(momentum=0.9, weight_decay=1e-3), every epoch's loss at full precision
import torch
from torch import nn

torch.manual_seed(0)
true_w = torch.tensor([[2.0, -3.4, 1.5]])
true_b = 4.2
features = torch.randn(60, 3)
labels = features @ true_w.T + true_b + 0.01 * torch.randn(60, 1)
net = nn.Linear(3, 1)
loss = nn.MSELoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9, weight_decay=1e-3)
for epoch in range(8):
    for i in range(0, 60, 10):
        X, y = features[i : i + 10], labels[i : i + 10]
        l = loss(net(X), y)  # noqa: E741 - d2l's name
        trainer.zero_grad()
        l.backward()
        trainer.step()
    print(epoch, loss(net(features), labels).item())
print(net.weight.data.tolist(), net.bias.data.tolist())
print(net.weight.grad.tolist(), net.bias.grad.tolist())
