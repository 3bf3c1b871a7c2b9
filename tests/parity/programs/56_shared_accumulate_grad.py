# One AccumulateGrad per leaf, shared by every graph that uses it.
import torch

a = torch.tensor(1.0, requires_grad=True)
p = a * 2
q = a * 3
print(p.grad_fn.next_functions[0][0] is q.grad_fn.next_functions[0][0])
print(p.grad_fn.next_functions[0][0].variable is a)
print(p.grad_fn.next_functions[0][0].name())
print(a.grad_fn, a.is_leaf)
