# A hook that changes a non-leaf's gradient, seen by retain_grad and by the leaves below.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.retain_grad()
y.register_hook(lambda g: g * 2)
(y**2).sum().backward()
print(y.grad, x.grad)
x.grad = None
a = x * 3
a.register_hook(lambda g: g * 2)
a.retain_grad()
(a**2).sum().backward()
print(a.grad, x.grad)
