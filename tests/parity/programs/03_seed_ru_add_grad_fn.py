# Seed (grad_fn reference, ru): the sum of two leaves is made by AddBackward0.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
c = a + b
print(c.grad_fn)
