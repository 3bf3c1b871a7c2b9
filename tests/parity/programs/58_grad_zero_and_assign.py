# Zeroing, scaling and assigning .grad by hand.
import torch

w = torch.tensor([1.0], requires_grad=True)
print(w.grad)
try:
    w.grad.zero_()
except Exception as e:
    print(type(e).__name__, e)
(w * 2).sum().backward()
w.grad *= 0
print(w.grad)
w.grad += 1
print(w.grad)
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    w.grad = torch.tensor([1.0, 2.0])
except Exception as e:
    print(type(e).__name__, e)
try:
    w.grad = 3
except Exception as e:
    print(type(e).__name__, e)
w.grad = torch.tensor([1.0, 1.0, 1.0])
(w * 2).sum().backward()
print(w.grad)
