# torch.set_default_dtype(torch.float64), as homework does for gradient checks
# (https://pytorch.org/docs/stable/generated/torch.set_default_dtype.html)
import torch

print(torch.get_default_dtype(), torch.tensor([1.0]).dtype, torch.tensor(0.1).item())
torch.set_default_dtype(torch.float64)
x = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
print(
    torch.get_default_dtype(),
    x,
    x.dtype,
    torch.ones(2),
    torch.zeros(2).dtype,
    torch.arange(3.0).dtype,
)
y = (x * x).sum()
y.backward()
print(y, y.item(), x.grad)
print(torch.tensor(0.1).item(), torch.tensor([1, 2]).dtype, torch.linspace(0, 1, 3))
lin = torch.nn.Linear(2, 1)
print(lin.weight.dtype)
torch.set_default_dtype(torch.float32)
print(
    torch.get_default_dtype(),
    torch.tensor(0.1).item(),
    torch.tensor([1.0]) + torch.tensor([1.0], dtype=torch.float64),
)
try:
    torch.set_default_dtype(torch.int64)
except TypeError as e:
    print(type(e).__name__, e)
