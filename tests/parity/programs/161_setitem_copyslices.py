# Assigning into a tensor that is part of a graph: y[i] = v gives CopySlices (blitz/autograd notes)
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.clone()
y[1] = 0.0
print(y, y.grad_fn, y.grad_fn.name(), y.grad_fn.next_functions)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 2
y[0] = x[2] * 10
print(y)
y.sum().backward()
print(x.grad)
x.grad = None
m = torch.zeros(2, 3)
m[0] = x
m[1, :2] = x[:2] ** 2
print(m)
(m * torch.arange(6.0).reshape(2, 3)).sum().backward()
print(x.grad, m.requires_grad, m.is_leaf)
