# Several hooks on one tensor run in registration order; a tensor used twice calls its hook once.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
log = []
y.register_hook(lambda g: log.append(("first", g.tolist())))
y.register_hook(lambda g: g + 1)
y.register_hook(lambda g: log.append(("third", g.tolist())))
z = (y * 3).sum() + y.sum()
z.backward()
print(log)
print(x.grad)
x.register_hook(lambda g: g * 0)
x.grad = None
(x * 5).sum().backward()
print(x.grad)
