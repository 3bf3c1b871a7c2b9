# d2l.ai 6.2 "Parameter Management": net[2].state_dict(), .bias and .bias.data, grad None before
# backward, named_parameters, tied parameters (https://d2l.ai/chapter_builders-guide/parameters.html)
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
X = torch.rand(size=(2, 4))
print(net(X).shape)
print(net[2].state_dict())
print(type(net[2].bias).__name__, net[2].bias.data)
print(net[2].weight.grad is None)
print([(name, param.shape) for name, param in net.named_parameters()])
shared = nn.Linear(8, 8)
net = nn.Sequential(
    nn.Linear(4, 8), nn.ReLU(), shared, nn.ReLU(), shared, nn.ReLU(), nn.Linear(8, 1)
)
net(X)
print(net[2].weight.data[0] == net[4].weight.data[0])
net[2].weight.data[0, 0] = 100
print(net[2].weight.data[0] == net[4].weight.data[0])
print(len(list(net.parameters())), len(net.state_dict()))
net(X).sum().backward()
print(net[2].weight.grad[0], net[4].weight.grad is net[2].weight.grad)
