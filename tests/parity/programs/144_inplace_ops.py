# In-place ops as the tensor tutorial shows them (tensor.add_(5)): add_, mul_, zero_, fill_, clamp_,
# +=, t[i] = v; they return the tensor itself (https://pytorch.org/tutorials/beginner/basics/tensorqs_tutorial.html)
import torch

tensor = torch.ones(4, 4)
tensor[:, 1] = 0
print(tensor)
print(tensor.add_(5))
t = torch.tensor([1.0, -2.0, 3.0, -4.0])
print(t.mul_(2) is t, t)
print(t.clamp_(-3, 3), t.clamp_(min=0))
t += 1
print(t)
t *= torch.tensor([1.0, 2.0, 3.0, 4.0])
print(t)
t -= 0.5
t /= 2
print(t)
t[0] = 9
t[1:3] = torch.tensor([7.0, 8.0])
print(t, t.fill_(1.5), t.zero_())
i = torch.tensor([1, 2, 3])
i += 1
i *= 2
print(i, i.dtype)
try:
    i += 0.5
except RuntimeError as e:
    print(type(e).__name__, e)
m = torch.zeros(2, 3)
m[1] = torch.tensor([1.0, 2.0, 3.0])
m[0, 2] = -1
m[:, 0] += 5
print(m)
print(m.sub_(1), m.div_(2), m.pow_(2), m.neg_(), m.abs_(), m.sqrt_())
