# Old PyTorch code imports layers from where PyTorch defines them (torch.nn.modules.*), wraps
# a model in DataParallel, and writes its own losses on _Loss: all of it runs unchanged.
import torch
import torch.nn as nn
from torch.nn.modules.loss import _Loss
from torch.nn.modules.utils import _pair, consume_prefix_in_state_dict_if_present


class ScaledL1(_Loss):
    def __init__(self, scale=2.0, reduction="mean"):
        super().__init__(reduction=reduction)
        self.scale = scale

    def forward(self, input, target):
        loss = self.scale * (input - target).abs()
        return loss.mean() if self.reduction == "mean" else loss.sum()


torch.manual_seed(0)
print(_pair(3), _pair((1, 2)))
print(torch.nn.modules.conv.Conv2d is nn.Conv2d, torch.nn.modules.linear.Linear is nn.Linear)
print(isinstance(nn.MSELoss(), _Loss), isinstance(ScaledL1(), nn.Module))

net = nn.DataParallel(nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1)))
print(net)
print(net.device_ids, list(net.state_dict()))
x, y = torch.randn(4, 2), torch.randn(4, 1)
loss = ScaledL1()(net(x), y)
loss.backward()
print(loss, net.module[0].bias.grad)
sd = net.state_dict()
consume_prefix_in_state_dict_if_present(sd, "module.")
print(list(sd))

print(nn.Container(act=nn.Tanh()), nn.NLLLoss2d())
lazy = nn.LazyLinear(2)
print(lazy, lazy.weight, type(lazy.weight).__name__)
print(lazy.state_dict()["weight"])
lazy.double()
lazy(torch.ones(3, 5, dtype=torch.float64))  # made in the dtype it was moved to
print(lazy, lazy.weight.shape, lazy.weight.dtype, type(lazy.weight).__name__)

# a convolution's gradients as functions (what a hand-written autograd.Function calls)
w = torch.randn(2, 1, 2, 2)
g = torch.ones(1, 2, 2, 2)
print(torch.nn.grad.conv2d_input((1, 1, 3, 3), w, g))
print(torch.nn.grad.conv2d_weight(torch.arange(9.0).reshape(1, 1, 3, 3), w.shape, g))

p = nn.Parameter(torch.ones(3))
opt = torch.optim.SparseAdam([p], lr=0.01)
print(opt)
p.grad = torch.ones(3)
try:
    opt.step()
except RuntimeError as e:
    print("RuntimeError:", e)
print([n for n in dir(torch.optim) if n in ("adam", "sgd", "optimizer", "SparseAdam", "Adam")])
