# The version counter that in-place ops bump (https://pytorch.org/docs/stable/notes/autograd.html#in-place-correctness-checks)
import torch

t = torch.zeros(3)
print(t._version)
t.add_(1)
print(t._version)
t += 1
t[0] = 5
print(t._version)
v = t.view(3)
v.mul_(2)
print(t._version, v._version, t)
c = t.clone()
print(c._version)
t.zero_().fill_(2)
print(t._version)
with torch.no_grad():
    t.add_(1)
print(t._version)
