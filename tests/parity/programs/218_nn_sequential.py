# nn.Sequential: print, indexing, len, slicing, OrderedDict names, named_modules and children (https://pytorch.org/docs/stable/generated/torch.nn.Sequential.html)
import torch
from collections import OrderedDict
from torch import nn
# ruff: noqa: I001 - torch imported first; student code as written

torch.manual_seed(0)
net = nn.Sequential(
    nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.Tanh(), nn.Linear(8, 1), nn.Sigmoid()
)
print(net)
print(len(net), net[0], net[-1], net[1:3])
named = nn.Sequential(
    OrderedDict([("fc1", nn.Linear(2, 3)), ("act", nn.ReLU()), ("fc2", nn.Linear(3, 1))])
)
print(named)
print(named.fc1, named[0] is named.fc1)
for name, m in named.named_modules():
    print(repr(name), type(m).__name__)
print([type(c).__name__ for c in net.children()])
net.append(nn.Identity())
print(len(net), net[-1])
x = torch.ones(2, 4)
print(net(x), net(x).grad_fn)
