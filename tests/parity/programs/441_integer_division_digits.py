# Exercise: integer division and remainders on tensors -- digits of numbers, even/odd masks,
# clock arithmetic, and torch.div's rounding modes (https://pytorch.org/docs/stable/generated/torch.div.html)
import torch

n = torch.tensor([1234, 5678, 90, 7])
digits = torch.stack([(n // 10**k) % 10 for k in range(4)], dim=1)
print(digits, digits.sum(dim=1))
print(n % 2 == 0, (n % 2).bool(), (n % 2 == 1).sum())
hours = torch.tensor([23, 25, -1, 48])
print(hours % 24, hours // 24, torch.remainder(hours, 24), torch.fmod(hours, 24))
a = torch.tensor([7.0, -7.0, 7.5, -0.5])
print(
    torch.div(a, 2), torch.div(a, 2, rounding_mode="floor"), torch.div(a, 2, rounding_mode="trunc")
)
print(a // 2, a % 2, a % -2, torch.floor_divide(a, 2))
print(
    torch.tensor([7, -7]) // torch.tensor([2, 2]),
    17 // torch.tensor([5, -5]),
    17 % torch.tensor([5, -5]),
)
x = torch.tensor([2.5, -1.25], requires_grad=True)
y = x % 1.0
y.sum().backward()
print(y, y.grad_fn, x.grad)
try:
    torch.tensor([1, 2]) // 0
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.div(a, 2, rounding_mode="round")
except RuntimeError as e:
    print(type(e).__name__, e)
