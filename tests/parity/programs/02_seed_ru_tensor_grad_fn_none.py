# Seed (grad_fn reference, ru): a tensor made by the user has no grad_fn.
import torch

t = torch.tensor([1.0, 2.0, 3.0])
print(t.grad_fn)
