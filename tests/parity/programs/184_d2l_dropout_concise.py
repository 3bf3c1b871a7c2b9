# d2l.ai 5.6 concise dropout: nn.Dropout in a Sequential, train() versus eval(), and F.dropout
# (https://d2l.ai/chapter_multilayer-perceptrons/dropout.html)
import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as the source writes it

torch.manual_seed(0)
net = nn.Sequential(
    nn.Flatten(),
    nn.Linear(6, 8),
    nn.ReLU(),
    nn.Dropout(0.5),
    nn.Linear(8, 4),
    nn.ReLU(),
    nn.Dropout(0.2),
    nn.Linear(4, 2),
)
print(net)
X = torch.randn(3, 6)
print(net.training, net[3].training)
print(net(X))
net.eval()
print(net.training, net[3].training)
print(net(X))
print(net(X))
net.train()
drop = nn.Dropout(p=0.5)
print(drop, drop(torch.ones(10)))
print(F.dropout(torch.ones(8), p=0.5), F.dropout(torch.ones(4), p=0.5, training=False))
x = torch.ones(6, requires_grad=True)
y = drop(x)
y.sum().backward()
print(y.grad_fn, x.grad)
