# Seed (grad_fn article, zh): sum, then multiply, then backward.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.sum(x)
z = y * 2

print("x:", x)
print("y:", y)
print("z:", z)

z.backward()

print("x.grad:", x.grad)
