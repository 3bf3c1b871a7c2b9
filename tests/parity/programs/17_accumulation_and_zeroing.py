# Gradients accumulate in place across backward calls until zeroed or reset.
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(w * 2).sum().backward()
print(w.grad)
g = w.grad
(w * 2).sum().backward()
print(w.grad, w.grad is g)
(w * w).sum().backward()
print(w.grad)
w.grad.zero_()
print(w.grad, w.grad is g)
(w * 3).sum().backward()
print(w.grad)
w.grad = None
print(w.grad)
w.sum().backward()
print(w.grad)
print(w.grad.requires_grad, w.grad.is_leaf, w.grad.grad_fn)
