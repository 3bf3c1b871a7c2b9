# torch.autograd.grad returns a tuple and leaves .grad alone.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3
(g,) = torch.autograd.grad(y, x)
print(g, g.requires_grad)
print(x.grad)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
out = (a * b).sum()
print(torch.autograd.grad(out, [a, b]))
u = torch.tensor(1.0, requires_grad=True)
out = (a * 2).sum()
try:
    torch.autograd.grad(out, [a, u])
except Exception as e:
    print(type(e).__name__, e)
out = (a * 2).sum()
print(torch.autograd.grad(out, [a, u], allow_unused=True))
k = torch.tensor(1.0)
out = (a * 2).sum()
try:
    torch.autograd.grad(out, [a, k])
except Exception as e:
    print(type(e).__name__, e)
out = (a * a).sum()
print(torch.autograd.grad(out, a, grad_outputs=torch.tensor(0.5)))
try:
    torch.autograd.grad(torch.tensor(1.0), a)
except Exception as e:
    print(type(e).__name__, e)
