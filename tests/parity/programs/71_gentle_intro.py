# "A Gentle Introduction to torch.autograd": Q = 3a^3 - b^2 with external gradient.
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
print(Q)
external_grad = torch.tensor([1.0, 1.0])
Q.backward(gradient=external_grad)
print(9 * a**2 == a.grad)
print(-2 * b == b.grad)
print(a.grad, b.grad)
print(Q.grad_fn, Q.grad_fn.next_functions)
print(Q.grad_fn.next_functions[0][0].next_functions)
print(Q.grad_fn.next_functions[1][0].next_functions)
x = torch.ones(5)
y = torch.zeros(5, requires_grad=True)
z = torch.ones(5, requires_grad=True)
w = x + y
print(f"Does `w` require gradients?: {w.requires_grad}")
w2 = x + z
print(f"Does `w2` require gradients?: {w2.requires_grad}")
print(w, w2)
