# Softmax regression on three Gaussian blobs (d2l.ai 4.5 "Concise Implementation of Softmax
# Regression" in miniature): nn.Linear(2, 3), nn.CrossEntropyLoss, optim.SGD, losses in float32
import torch
from torch import nn

torch.manual_seed(1)
centers = torch.tensor([[2.0, 0.0], [-1.0, 1.5], [-1.0, -1.5]])
X = torch.cat([torch.randn(10, 2) * 0.7 + c for c in centers])
y = torch.tensor([0] * 10 + [1] * 10 + [2] * 10)
net = nn.Linear(2, 3)
loss = nn.CrossEntropyLoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.3)
for epoch in range(12):
    for i in range(0, 30, 6):
        l = loss(net(X[i : i + 6]), y[i : i + 6])  # noqa: E741 - d2l's name
        trainer.zero_grad()
        l.backward()
        trainer.step()
    with torch.no_grad():
        logits = net(X)
        acc = (logits.argmax(1) == y).float().mean()
    print(epoch, loss(logits, y).item(), acc.item())
print(torch.softmax(net(centers), dim=1))
print(net.weight.grad)
