# d2l.ai 5.2 concise MLP: nn.Sequential(nn.Flatten(), nn.Linear, nn.ReLU(), nn.Linear), print(net)
# (https://d2l.ai/chapter_multilayer-perceptrons/mlp-implementation.html)
import torch
from torch import nn

# ruff: noqa: E721, E741 - written as the source writes it

torch.manual_seed(0)
net = nn.Sequential(nn.Flatten(), nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)


net.apply(init_weights)
print(net)
X = torch.randn(12, 2, 4)
y = torch.randint(0, 3, (12,))
loss = nn.CrossEntropyLoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.5)
for epoch in range(10):
    trainer.zero_grad()
    l = loss(net(X), y)
    l.backward()
    trainer.step()
    print(epoch + 1, l.item())
print(net(X).argmax(1), y)
print([p.shape for p in net.parameters()])
