# sigmoid'(x) = s(1 - s) checked at several points; sigmoid written by hand has a different graph.
import torch

x = torch.tensor([-4.0, -1.0, 0.0, 1.0, 4.0], requires_grad=True)
s = torch.sigmoid(x)
s.sum().backward()
print(s)
print(x.grad)
print(s.detach() * (1 - s.detach()))
x.grad = None
s2 = 1 / (1 + torch.exp(-x))
s2.sum().backward()
print(s2, x.grad)
print(s2.grad_fn, s2.grad_fn.next_functions)
