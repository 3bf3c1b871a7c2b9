# d2l.ai 6.1 "Layers and Modules": a custom MLP, MySequential, FixedHiddenMLP, NestMLP
# (https://d2l.ai/chapter_builders-guide/model-construction.html)
import torch
from torch import nn
from torch.nn import functional as F

# ruff: noqa: N812 - written as the source writes it

torch.manual_seed(0)
net = nn.Sequential(nn.LazyLinear(256), nn.ReLU(), nn.LazyLinear(10))
X = torch.rand(2, 20)
print(net(X).shape)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 16)
        self.out = nn.Linear(16, 10)

    def forward(self, X):
        return self.out(F.relu(self.hidden(X)))


net = MLP()
print(net(X).shape, net)


class MySequential(nn.Module):
    def __init__(self, *args):
        super().__init__()
        for idx, module in enumerate(args):
            self.add_module(str(idx), module)

    def forward(self, X):
        for module in self.children():
            X = module(X)
        return X


net = MySequential(nn.Linear(20, 16), nn.ReLU(), nn.Linear(16, 10))
print(net(X), net)


class FixedHiddenMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.rand_weight = torch.rand((20, 20))
        self.linear = nn.Linear(20, 20)

    def forward(self, X):
        X = self.linear(X)
        X = F.relu(X @ self.rand_weight + 1)
        X = self.linear(X)
        while X.abs().sum() > 1:
            X /= 2
        return X.sum()


net = FixedHiddenMLP()
print(net(X))


class NestMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 16), nn.ReLU(), nn.Linear(16, 8), nn.ReLU())
        self.linear = nn.Linear(8, 4)

    def forward(self, X):
        return self.linear(self.net(X))


chimera = nn.Sequential(NestMLP(), nn.LazyLinear(20), FixedHiddenMLP())
print(chimera(X), chimera)
