# torch.autograd.functional as autodiff puzzles and the "Jacobians, Hessians, hvp, vhp" tutorials use it:
# jacobian of a vector function and of a two-input one, hessian of a scalar one, vjp/jvp/vhp/hvp, create_graph
import torch
from torch.autograd.functional import hessian, hvp, jacobian, jvp, vhp, vjp


def f(x):
    return x**2 * 3 + x.sin()


x = torch.tensor([1.0, 2.0, 3.0])
print(jacobian(f, x))


def g(a, b):
    return a * b + a.exp(), (a - b).sum()


a, b = torch.tensor([0.5, -1.0]), torch.tensor([2.0, 3.0])
print(jacobian(g, (a, b)))


def rosenbrock(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2


p = torch.tensor([1.5, 2.0])
print(jacobian(rosenbrock, p), hessian(rosenbrock, p))
print(hessian(lambda a, b: (a * b * b).sum(), (a, b)))
print(vjp(f, x, torch.ones(3)))
print(jvp(f, x, torch.tensor([1.0, 0.0, 2.0])))
print(vhp(rosenbrock, p, torch.tensor([1.0, -1.0])))
print(hvp(rosenbrock, p, torch.tensor([1.0, -1.0])))
print(torch.autograd.functional.jacobian(lambda x: x.tanh(), torch.tensor(0.5)))
j = jacobian(f, x, create_graph=True)
print(j.requires_grad, jacobian(f, x).requires_grad)
print(vjp(lambda x: (x * x).sum(), torch.tensor([1.0, 2.0])))
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(jacobian(lambda v: w @ v, torch.tensor([1.0, 1.0])))
