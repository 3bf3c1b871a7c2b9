# d2l.ai 6.5 "Custom Layers": a layer without parameters (CenteredLayer), a layer with parameters
# (MyLinear with nn.Parameter), used inside nn.Sequential (https://d2l.ai/chapter_builders-guide/custom-layer.html)
import torch
from torch import nn
from torch.nn import functional as F

# ruff: noqa: N812 - written as the source writes it

torch.manual_seed(0)


class CenteredLayer(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, X):
        return X - X.mean()


layer = CenteredLayer()
print(layer(torch.tensor([1.0, 2, 3, 4, 5])))
net = nn.Sequential(nn.LazyLinear(128), CenteredLayer())
print(net)
Y = net(torch.rand(4, 8))
print(Y.mean().abs().item() < 1e-6, net)


class MyLinear(nn.Module):
    def __init__(self, in_units, units):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(in_units, units))
        self.bias = nn.Parameter(torch.randn(units))

    def forward(self, X):
        linear = torch.matmul(X, self.weight.data) + self.bias.data
        return F.relu(linear)


linear = MyLinear(5, 3)
print(linear.weight)
print(linear(torch.rand(2, 5)))
net = nn.Sequential(MyLinear(64, 8), MyLinear(8, 1))
print(net(torch.rand(2, 64)))
print([(n, tuple(p.shape)) for n, p in net.named_parameters()], net)
