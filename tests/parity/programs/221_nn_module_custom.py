# A custom nn.Module with submodules: __call__, train()/eval(), modules(), nested print, zero_grad
# (https://pytorch.org/docs/stable/notes/modules.html)
import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as the source writes it

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return x + self.drop(F.relu(self.lin(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(3) for _ in range(2)])
        self.head = nn.Linear(3, 1)

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return self.head(x)


m = Model()
print(m)
print(m.training, [mod.training for mod in m.modules()])
m.eval()
print(m.training, m.blocks[0].drop.training)
y = m(torch.ones(2, 3))
print(y, y.grad_fn)
y.sum().backward()
print(m.head.weight.grad)
m.zero_grad()
print(m.head.weight.grad)
print(len(list(m.modules())), len(list(m.parameters())), type(m.blocks).__name__, len(m.blocks))
print(m.blocks[1].lin.weight.shape, m.get_submodule("blocks.0.lin"))
print(isinstance(m, nn.Module), m.train() is m, m.training)
