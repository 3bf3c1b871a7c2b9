# Seed (grad_fn reference, ru): a factory leaf that requires grad still has no grad_fn.
import torch

t = torch.ones(3, requires_grad=True)
print(t.grad_fn)
