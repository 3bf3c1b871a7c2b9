# Statistics of seeded random samples: mean and std of randn(n) and rand(n) for growing n
import torch

torch.manual_seed(0)
for n in [10, 100, 1000]:
    z = torch.randn(n)
    u = torch.rand(n)
    print(n, z.mean().item(), z.std().item(), u.mean().item(), u.min().item(), u.max().item())
z = torch.randn(200, 3)
print(z.mean(0).tolist(), z.std(0).tolist())
print(torch.randn(4, 4).triu(), torch.randn(3, 3).tril(-1))
