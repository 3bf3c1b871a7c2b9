# Linear systems in float64: solve, inverse, determinant, and a Newton step on a quadratic, with
# gradients through solve (numerical methods homework; torch.linalg docs)
import torch

A = torch.tensor([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], dtype=torch.float64)
b = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
x = torch.linalg.solve(A, b)
print(x, A @ x - b, torch.linalg.det(A))
Ainv = torch.linalg.inv(A)
print(Ainv, torch.allclose(Ainv @ A, torch.eye(3, dtype=torch.float64)))
P = torch.tensor([[0.0, 1.0], [1.0, 0.0]], dtype=torch.float64)
print(torch.linalg.det(P), torch.det(torch.tensor([[2.0, 1.0], [4.0, 2.0]], dtype=torch.float64)))
Q = torch.tensor([[3.0, 1.0], [1.0, 2.0]], dtype=torch.float64)
c = torch.tensor([1.0, -1.0], dtype=torch.float64)
w = torch.zeros(2, dtype=torch.float64)
for step in range(2):
    grad = Q @ w - c
    w = w - torch.linalg.solve(Q, grad)
    print(step, w.tolist(), (0.5 * w @ Q @ w - c @ w).item())
M = torch.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=torch.float64, requires_grad=True)
y = torch.tensor([1.0, 1.0], dtype=torch.float64, requires_grad=True)
s = torch.linalg.solve(M, y)
s.sum().backward()
print(s, s.grad_fn, M.grad, y.grad)
print(torch.linalg.norm(b), torch.linalg.vector_norm(b, ord=1), torch.linalg.norm(A))
try:
    torch.linalg.inv(torch.ones(2, 2, dtype=torch.float64))
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.linalg.solve(A, torch.ones(2, dtype=torch.float64))
except RuntimeError as e:
    print(type(e).__name__, e)
