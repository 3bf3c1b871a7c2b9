# Getting numbers out: item(), tolist(), float(), int(), bool(), formatting with f-strings
import torch

# ruff: noqa: UP031 - written as the source writes it

t = torch.tensor([[0.1, 2.5], [-3.75, 1e-8]])
print(t.tolist(), t[0, 0].item(), float(t[1, 0]), int(t[0, 1]), bool(t[1, 1]), t.sum().item())
print(f"{t[0, 0].item():.4f}", f"{t[0, 0]:.4f}", f"{t.mean():.6f}", "%.3f" % t[1, 0])
print(
    torch.tensor(7).item(),
    type(torch.tensor(7).item()).__name__,
    torch.tensor(True).item(),
    torch.tensor([3]).item(),
)
try:
    t.item()
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    float(t)
except (RuntimeError, TypeError, ValueError) as e:
    print(type(e).__name__, e)
x = torch.tensor(1.5, requires_grad=True)
print(x.item(), float(x), x.tolist(), repr(x.item()), round(torch.tensor(2.675).item(), 2))
print(
    str(torch.tensor(0.1).item()),
    torch.tensor(1 / 3).item(),
    torch.tensor(1 / 3, dtype=torch.float64).item(),
)
print(len(torch.zeros(4, 2)), list(torch.arange(3)), [v.item() for v in torch.arange(3)])
