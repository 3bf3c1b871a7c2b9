# Integer and bool tensors in arithmetic: promotion, counting with sum(), float32 item().
import torch

a = torch.tensor([1, 2, 3])
print(a + a, a * 2, a / 2, a + 0.5, a.sum(), a - 1, -a)
x = torch.tensor([1.0, 2.0, 3.0])
print((x > 1).sum(), (x > 1).sum().item(), (x == 2).sum() / 3)
try:
    print(torch.arange(4).mean())
except Exception as e:
    print(type(e).__name__, e)
print(torch.arange(4).sum(), torch.arange(3) * torch.tensor([0.5, 1.0, 2.0]))
print(x * (x > 1), (x > 1) * 1.0)
