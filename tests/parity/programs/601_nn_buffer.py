import torch
from torch import nn


# PyTorch 2.5's nn.Buffer, as a tutorial keeps a running mean in a module: a buffer goes in the
# state dict (unless persistent=False), moves with the module and gets no gradient.
class RunningMean(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.mean = nn.Buffer(torch.zeros(n))
        self.count = nn.Buffer(torch.tensor(0), persistent=False)
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        with torch.no_grad():
            self.count += 1
            self.mean += (x.mean(0) - self.mean) / self.count
        return (x - self.mean) * self.scale


torch.manual_seed(0)
m = RunningMean(3)
for _ in range(3):
    out = m(torch.randn(4, 3))
print(m.mean, m.count, out.grad_fn)
print(m.state_dict())
print([name for name, _ in m.named_buffers()], [name for name, _ in m.named_parameters()])
b = nn.Buffer(torch.ones(2, requires_grad=True))
print(b, isinstance(b, nn.Buffer), isinstance(torch.ones(2), nn.Buffer), b.persistent)
print(nn.Buffer(), nn.Buffer(torch.arange(3), persistent=False).persistent)
m.mean = torch.full((3,), 5.0)
print(m.state_dict()["mean"], isinstance(m.mean, nn.Buffer))
m2 = RunningMean(3)
m2.load_state_dict(m.state_dict())
print(m2.mean, m2.count)
