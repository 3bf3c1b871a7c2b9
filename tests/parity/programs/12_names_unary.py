# grad_fn names of the unary functions, as functions and as methods.
import torch

a = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
for name in ["exp", "log", "tanh", "relu", "sigmoid", "sin", "cos", "sqrt", "abs"]:
    f = getattr(torch, name)
    m = getattr(a, name)
    print(name, f(a).grad_fn.name(), m().grad_fn.name())
s = torch.tensor(0.25, requires_grad=True)
print(torch.exp(s).grad_fn, s.sqrt().grad_fn.name())
