# next_functions: one (node, 0) pair per input; one shared AccumulateGrad per leaf.
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b + a
print(c)
print(c.grad_fn.next_functions)
mul = c.grad_fn.next_functions[0][0]
print(mul.name(), mul.next_functions)
acc_a = mul.next_functions[0][0]
print(type(acc_a).__name__)
print(acc_a is c.grad_fn.next_functions[1][0])
print(acc_a.variable is a)
d = a + a
print(d.grad_fn.next_functions[0][0] is d.grad_fn.next_functions[1][0])
print(d.grad_fn.next_functions[0][0] is acc_a)
