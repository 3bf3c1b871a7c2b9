# A grad_fn can be called directly: it returns the gradients of its inputs.
import torch

x = torch.tensor(2.0, requires_grad=True)
w = torch.tensor(3.0, requires_grad=True)
y = x * w
print(y.grad_fn(torch.tensor(1.0)))
print((x * 2).grad_fn(torch.tensor(1.0)))
with torch.no_grad():
    print(y.grad_fn(torch.tensor(2.0)))
print(x.grad, w.grad)
