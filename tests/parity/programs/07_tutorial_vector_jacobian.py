# Backward of a non-scalar output needs the vector of a vector-Jacobian product.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
print(y)
v = torch.tensor([0.1, 1.0, 0.0001])
y.backward(v)
print(x.grad)
x.grad = None
y = x * x
y.backward(gradient=torch.tensor([1.0, 0.5, 0.25]))
print(x.grad)
