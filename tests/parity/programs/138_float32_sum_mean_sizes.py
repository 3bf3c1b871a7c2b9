# float32 sum and mean of vectors of sizes 1..1000, printed with .item(): the reduction order shows
# in the last digits (see the reduction notes of https://pytorch.org/docs/stable/notes/numerical_accuracy.html)
import torch

for n in [
    1,
    2,
    3,
    4,
    5,
    7,
    8,
    9,
    15,
    16,
    17,
    31,
    32,
    33,
    63,
    64,
    65,
    100,
    127,
    128,
    129,
    255,
    256,
    257,
    500,
    999,
    1000,
]:
    x = torch.sin(torch.arange(n, dtype=torch.float32) * 0.7) * 1.1
    print(n, x.sum().item(), x.mean().item(), (x * x).sum().item())
x = torch.full((1000,), 0.1)
print(x.sum().item(), x.mean().item(), torch.ones(1000).sum().item())
M = torch.sin(torch.arange(600, dtype=torch.float32)).reshape(20, 30)
print(M.sum().item(), M.sum(0)[:4].tolist(), M.sum(1)[:4].tolist(), M.mean(1)[-1].item())
