# nn.Dropout masks under a seed: train mode scales by 1/(1-p), eval mode is the identity
# (https://pytorch.org/docs/stable/generated/torch.nn.Dropout.html)
import torch
from torch import nn

torch.manual_seed(0)
for p in [0.0, 0.2, 0.5, 0.9, 1.0]:
    d = nn.Dropout(p)
    out = d(torch.ones(2, 6))
    print(d, out, out.sum().item())
d = nn.Dropout(0.5)
x = torch.arange(1.0, 9.0, requires_grad=True)
y = d(x)
y.sum().backward()
print(y, x.grad)
d.eval()
print(d(x), d(x) is x)
try:
    nn.Dropout(1.5)
except ValueError as e:
    print(type(e).__name__, e)
