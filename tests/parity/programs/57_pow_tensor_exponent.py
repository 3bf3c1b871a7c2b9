# Tensor exponents (PowBackward1) and number bases (PowBackward2).
import torch

a = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
b = torch.tensor([2.0, 0.5, 0.0], requires_grad=True)
y = a**b
print(y)
y.sum().backward()
print(a.grad, b.grad)
c = torch.tensor(2.0, requires_grad=True)
z = 2**c
z.backward()
print(z, c.grad)
print(torch.tensor([4.0, 9.0]) ** 0.5, 2 - torch.tensor([1.0, 3.0]), 1 / torch.tensor([2.0, 4.0]))
