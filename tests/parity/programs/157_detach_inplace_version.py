# detach() shares storage and the version counter: zeroing a detached copy breaks backward
# (https://pytorch.org/docs/stable/generated/torch.Tensor.detach.html)
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = x * x
d = x.detach()
print(x._version, d._version)
d.zero_()
print(x, x._version, d._version)
try:
    z.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
y = torch.tensor([1.0, 2.0], requires_grad=True)
s = y.sin()
y.data.mul_(2)
print(y._version)
s.sum().backward()
print(y, y.grad)
