# backward() needs an explicit gradient unless the output has one element.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
try:
    y.backward()
except Exception as e:
    print(type(e).__name__, e)
try:
    y.backward(torch.ones(2))
except Exception as e:
    print(type(e).__name__, e)
y.backward(torch.ones(3))
print(x.grad)
v = torch.tensor([2.0], requires_grad=True)
(v * v).backward()
print(v.grad)
M = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
(M * M).backward(torch.ones(2, 2))
print(M.grad)
