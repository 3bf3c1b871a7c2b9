# Integer tensors: arithmetic, division, sums, and the errors for means and grads
import torch

a = torch.arange(10)
print(a, a.dtype, a.sum(), a.sum().item(), type(a.sum().item()), a.prod(), a.max(), a.argmax())
print(a / 3, a // 3, a % 3, a * 2, a - 20, -a, a**2, a.float().mean())
print(
    torch.tensor([7, -7]) // 2,
    torch.tensor([7, -7]) % 3,
    torch.div(torch.tensor([7, -7]), 2, rounding_mode="trunc"),
)
try:
    a.mean()
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.tensor([1, 2, 3], requires_grad=True)
except RuntimeError as e:
    print(type(e).__name__, e)
print(torch.tensor([1, 2, 3]).sum(dim=0, dtype=torch.float32), torch.tensor(5) + torch.tensor(2.5))
print(torch.tensor(10) / torch.tensor(4), torch.tensor([2**40]) * 2, torch.tensor(3).item())
