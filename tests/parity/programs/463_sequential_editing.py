# Editing an nn.Sequential as the docs show: append, insert, extend, del, pop, slicing keeps the names,
# + and *, an OrderedDict of named layers, replacing a layer (transfer-learning style) (https://pytorch.org/docs/stable/generated/torch.nn.Sequential.html)
import torch
from collections import OrderedDict
from torch import nn

# ruff: noqa: I001 - torch imported first, as the program writes it

torch.manual_seed(0)
n = nn.Sequential(nn.Linear(1, 2), nn.Linear(2, 3))
n.append(nn.Linear(3, 4))
print(n)
n.insert(0, nn.Linear(3, 1))
print(n[0], len(n))
n.extend(nn.Sequential(nn.ReLU(), nn.Dropout(0.2)))
print(n[2:])
del n[0]
print(n, n.pop(-1))
both = n + nn.Sequential(nn.Sigmoid())
print(len(both), [type(m).__name__ for m in both], len(nn.Sequential(nn.ReLU()) * 3))
named = nn.Sequential(
    OrderedDict([("features", nn.Linear(4, 4)), ("act", nn.ReLU()), ("head", nn.Linear(4, 2))])
)
for p in named.features.parameters():
    p.requires_grad = False
named.head = nn.Linear(4, 5)
print(named, [n for n, p in named.named_parameters() if p.requires_grad])
print(named[-1] is named.head, named[1:])
try:
    n[10]
except IndexError as e:
    print(type(e).__name__, e)
