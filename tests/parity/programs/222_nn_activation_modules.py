# The activation modules with their reprs and outputs (https://pytorch.org/docs/stable/nn.html#non-linear-activations-weighted-sum-nonlinearity)
import torch
from torch import nn

x = torch.tensor([[-2.0, -0.5, 0.0, 0.5, 2.0]], requires_grad=True)
for m in [
    nn.ReLU(),
    nn.Sigmoid(),
    nn.Tanh(),
    nn.Softmax(dim=1),
    nn.LogSoftmax(dim=1),
    nn.LeakyReLU(0.1),
    nn.ELU(),
    nn.GELU(),
    nn.Softplus(),
    nn.SiLU(),
    nn.Hardtanh(),
    nn.ReLU6(),
    nn.Identity(),
    nn.Flatten(),
]:
    y = m(x)
    print(m, y, y.grad_fn)
x2 = torch.tensor([-1.0, 1.0])
print(nn.ReLU(inplace=True)(x2), x2)
print(nn.Softmax(dim=-1)(torch.tensor([1.0, 2.0, 3.0])).sum())
