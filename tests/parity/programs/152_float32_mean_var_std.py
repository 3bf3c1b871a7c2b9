# mean, var, std with and without Bessel's correction, in float32 (d2l.ai 2.3 / 2.6 statistics)
import torch

x = torch.sin(torch.arange(50, dtype=torch.float32)) * 3 + 1
print(
    x.mean().item(),
    x.var().item(),
    x.std().item(),
    x.var(unbiased=False).item(),
    x.std(correction=0).item(),
)
M = x[:48].reshape(6, 8)
print(M.mean(0).tolist())
print(M.std(1).tolist())
print(M.var(dim=1, keepdim=True))
print(torch.std_mean(M, dim=0))
print(((x - x.mean()) ** 2).mean().item(), ((x - x.mean()) ** 2).sum().item() / 49)
n = (x - x.mean()) / x.std()
print(n.mean().item(), n.std().item())
