# Seed (grad_fn reference, ru): the last operation names the grad_fn.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2 + 2 * x + 1
print(y.grad_fn)
