# Selecting elements: SelectBackward0, and grads land only on the selected elements.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x[1] * x[2]
print(y)
print(x[0].grad_fn)
y.backward()
print(x.grad)
M = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
r = M[1]
print(r)
(r * r).sum().backward()
print(M.grad)
e = M[0][1] * 5
e.backward()
print(M.grad)
