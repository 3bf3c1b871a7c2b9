# nn.init: normal_, uniform_, zeros_, ones_, constant_, xavier_uniform_, xavier_normal_,
# kaiming_uniform_, kaiming_normal_, and net.apply(init_weights) (https://pytorch.org/docs/stable/nn.init.html)
import torch
from torch import nn

torch.manual_seed(0)
w = torch.empty(3, 4)
print(nn.init.normal_(w, mean=0.0, std=0.01))
print(nn.init.uniform_(w, a=-0.1, b=0.1))
print(nn.init.zeros_(w), nn.init.ones_(w), nn.init.constant_(w, 0.3))
print(nn.init.xavier_uniform_(w))
print(nn.init.xavier_normal_(w))
print(nn.init.kaiming_uniform_(w, nonlinearity="relu"))
print(nn.init.kaiming_normal_(w, mode="fan_out"))
print(nn.init.trunc_normal_(torch.empty(5), std=0.5))
print(
    nn.init.eye_(torch.empty(2, 3)), nn.init.calculate_gain("relu"), nn.init.calculate_gain("tanh")
)


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        m.bias.data.fill_(0.01)


net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(net.apply(init_weights))
print(net[0].weight, net[0].bias, net[2].weight)
p = nn.Linear(2, 2).weight
print(nn.init.normal_(p).requires_grad, p.is_leaf, p.grad_fn)
