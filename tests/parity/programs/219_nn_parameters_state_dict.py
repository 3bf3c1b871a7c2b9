# parameters(), named_parameters(), counting parameters, requires_grad, state_dict keys and values
# (https://pytorch.org/tutorials/beginner/basics/buildmodel_tutorial.html#model-parameters)
import torch
from torch import nn

torch.manual_seed(0)


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(2, 3)
        self.out = nn.Linear(3, 1)
        self.scale = nn.Parameter(torch.tensor(2.0))
        self.register_buffer("offset", torch.tensor([0.5]))

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x))) * self.scale + self.offset


net = TinyNet()
print(net)
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad, type(p).__name__)
print(
    sum(p.numel() for p in net.parameters()),
    sum(p.numel() for p in net.parameters() if p.requires_grad),
)
print(list(net.state_dict().keys()))
for k, v in net.state_dict().items():
    print(k, v)
print(list(net.buffers()), [n for n, _ in net.named_buffers()])
print(net(torch.tensor([[1.0, 2.0]])))
net.hidden.weight.requires_grad_(False)
print([n for n, p in net.named_parameters() if p.requires_grad])
