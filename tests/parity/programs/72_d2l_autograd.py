# d2l.ai 2.5: y = 2 x^T x, then sum, then detach, then control flow.
import torch

x = torch.arange(4.0)
print(x)
x.requires_grad_(True)
print(x.grad)
y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad)
print(x.grad == 4 * x)
x.grad.zero_()
y = x.sum()
y.backward()
print(x.grad)
x.grad.zero_()
y = x * x
y.backward(gradient=torch.ones(len(y)))
print(x.grad)
x.grad.zero_()
y = x * x
u = y.detach()
z = u * x
z.sum().backward()
print(x.grad == u, x.grad)
x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)


def g(a):
    b = a * 2
    while (b * b).sqrt() < 1000:
        b = b * 2
    c = b if b > 0 else 100 * b
    return c


a = torch.tensor(0.7, requires_grad=True)
d = g(a)
d.backward()
print(a.grad, a.grad == d / a, d)
