# Changing requires_grad is only allowed on leaves, and only for floating point tensors.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
try:
    y.requires_grad_(False)
except Exception as e:
    print(type(e).__name__, e)
try:
    y.requires_grad = False
except Exception as e:
    print(type(e).__name__, e)
print(y.requires_grad_(True) is y)
try:
    torch.tensor([1, 2], requires_grad=True)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.tensor([1, 2]).requires_grad_()
except Exception as e:
    print(type(e).__name__, e)
