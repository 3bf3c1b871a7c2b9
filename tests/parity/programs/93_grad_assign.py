# Assigning and resetting .grad by hand, with the errors PyTorch gives.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x.grad = torch.tensor([0.5, 0.5, 0.5])
(x * 2).sum().backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
x.grad = None
print(x.grad)
for bad in (torch.ones(2), 3):
    try:
        x.grad = bad
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
g = x.grad
(x**2).sum().backward()
g = x.grad
(x**2).sum().backward()
print(g is x.grad, g)
print(x.grad.requires_grad, x.grad.is_leaf, x.grad.grad_fn)
