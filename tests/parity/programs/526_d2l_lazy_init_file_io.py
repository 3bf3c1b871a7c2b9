# d2l.ai 6.4 "Lazy Initialization" and 6.6 "File I/O": nn.LazyLinear before and after the first forward,
# torch.save/torch.load of a tensor, a list, a dict and an MLP's state_dict (chapter_builders-guide), in a temp dir
import torch
import os
import tempfile
from torch import nn
from torch.nn import functional as F

# ruff: noqa: I001, N812 - written as the source writes it

torch.manual_seed(0)
net = nn.Sequential(nn.LazyLinear(16), nn.ReLU(), nn.LazyLinear(4))
print(net[0].weight)
print(net)
X = torch.rand(2, 20)
print(net(X).shape)
print(net[0].weight.shape)
print(net)
os.chdir(tempfile.mkdtemp())
x = torch.arange(4)
torch.save(x, "x-file")
x2 = torch.load("x-file")
print(x2)
y = torch.zeros(4)
torch.save([x, y], "x-files")
x2, y2 = torch.load("x-files")
print((x2, y2))
mydict = {"x": x, "y": y}
torch.save(mydict, "mydict")
mydict2 = torch.load("mydict")
print(mydict2)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.LazyLinear(16)
        self.output = nn.LazyLinear(4)

    def forward(self, x):
        return self.output(F.relu(self.hidden(x)))


net = MLP()
X = torch.randn(size=(2, 20))
Y = net(X)
torch.save(net.state_dict(), "mlp.params")
clone = MLP()
clone.load_state_dict(torch.load("mlp.params"))
print(clone.eval())
Y_clone = clone(X)
print(Y_clone == Y)
print(sorted(os.listdir(".")))
