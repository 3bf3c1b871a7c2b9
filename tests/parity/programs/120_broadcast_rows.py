# Broadcasting a row vector across a matrix (a bias added to every row of a batch).
import torch

X = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
b = torch.tensor([0.5, -0.5], requires_grad=True)
Y = X + b
print(Y, Y.grad_fn)
Y.sum().backward()
print(b.grad)
c = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
Z = X * c
print(Z)
Z.sum().backward()
print(c.grad)
