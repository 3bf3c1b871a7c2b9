# Printing 1-d tensors: common width, mixed signs, scientific ranges, nan and inf, empty.
import torch

print(torch.tensor([0.5, -1.0, 2.0]))
print(torch.tensor([-1.0, 2.0, -3.0]))
print(torch.tensor([1.0, 10.0, 100.0]))
print(torch.tensor([1e-5, 1.0, 2.0]))
print(torch.tensor([1.0, float("nan"), float("inf"), float("-inf")]))
print(torch.tensor([1.5, float("nan")]))
print(torch.tensor([0.0, -0.0, 0.0]))
print(torch.tensor([1024.0, 0.5]))
print(torch.tensor([1e9, 1.0]))
print(torch.tensor([]))
print(torch.tensor([], requires_grad=True))
print(torch.tensor([0.25, 0.5], requires_grad=True) * 2)
