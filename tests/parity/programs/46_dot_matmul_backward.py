# Gradients through dot, matrix-vector and matrix-matrix products.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, -5.0, 6.0], requires_grad=True)
d = torch.dot(a, b)
print(d)
d.backward()
print(a.grad, b.grad)
M = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0], requires_grad=True)
mv = M @ v
print(mv)
mv.sum().backward()
print(M.grad)
print(v.grad)
N = torch.tensor([[1.0, 2.0], [0.0, 1.0], [-1.0, 0.5]], requires_grad=True)
P = torch.matmul(M, N)
print(P)
(P * P).sum().backward()
print(N.grad)
print(M.grad)
print((a @ b).item(), torch.matmul(a, b).grad_fn.next_functions)
