# torch.autograd.grad with several inputs, several outputs, grad_outputs and allow_unused.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = torch.tensor([0.5, 0.5], requires_grad=True)
y = (a * b).sum() + (a**2).sum()
ga, gb = torch.autograd.grad(y, [a, b], retain_graph=True)
print(ga, gb, a.grad, b.grad)
print(torch.autograd.grad(y, (a, b, c), allow_unused=True, retain_graph=True))
print(torch.autograd.grad(y, [c], allow_unused=True, materialize_grads=True, retain_graph=True))
z = a * b
print(torch.autograd.grad(z, a, grad_outputs=torch.tensor([1.0, 10.0]), retain_graph=True))
print(torch.autograd.grad([z.sum(), y], [b]))
u = a.exp()
v = a.sin()
print(torch.autograd.grad([u, v], a, grad_outputs=[torch.ones(2), torch.ones(2)]))
try:
    torch.autograd.grad(y, a)
except RuntimeError as e:
    print(type(e).__name__, e)
