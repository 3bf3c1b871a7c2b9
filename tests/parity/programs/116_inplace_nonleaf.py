# In-place updates on intermediate results: the grad_fn is replaced and backward still works.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print(y.grad_fn)
y += 1
print(y, y.grad_fn, y.is_leaf)
y *= 3
print(y, y.grad_fn)
y -= x
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
