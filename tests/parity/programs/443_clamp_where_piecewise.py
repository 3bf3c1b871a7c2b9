# Piecewise functions with clamp and where, and their gradients: gradient clipping by value,
# a hand-written Huber loss and leaky ReLU (the autograd mechanics notes and course exercises)
import torch

g = torch.tensor([-3.0, -0.5, 0.0, 0.75, 12.0], requires_grad=True)
clipped = g.clamp(-1.0, 1.0)
clipped.sum().backward()
print(clipped, clipped.grad_fn, g.grad)
g.grad = None
r = torch.clamp(g, min=0.0)
(r * r).sum().backward()
print(r, g.grad)


def huber(err, delta=1.0):
    a = err.abs()
    return torch.where(a <= delta, 0.5 * err**2, delta * (a - 0.5 * delta))


e = torch.tensor([-2.0, -0.5, 0.25, 3.0], requires_grad=True)
h = huber(e)
h.mean().backward()
print(h, h.grad_fn, e.grad)
z = torch.tensor([-1.5, 0.0, 2.0], requires_grad=True)
leaky = torch.where(z > 0, z, 0.01 * z)
leaky.sum().backward()
print(leaky, z.grad)
print(torch.where(torch.tensor([True, False, True]), 1.0, 0.0), torch.where(z > 0))
print(z.sign(), z.detach().clip(max=0.5), torch.tensor([1, 5, 9]).clamp(2, 6))
x = torch.tensor([1.2, -3.7, 2.5, -0.5], requires_grad=True)
y = x.floor() + x.ceil() + x.round() + x.trunc() + x.frac()
y.sum().backward()
print(y, x.grad)
try:
    torch.clamp(x)
except RuntimeError as err:
    print(type(err).__name__, err)
