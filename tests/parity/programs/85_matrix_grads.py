# 2-d tensors: elementwise ops, matrix products, row selection, and their gradients.
import torch

A = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
B = torch.tensor([[0.5, -1.0], [1.0, 0.0], [2.0, 1.0]], requires_grad=True)
v = torch.tensor([1.0, 0.0, -1.0], requires_grad=True)
C = A @ B
print(C, C.shape)
Av = A @ v
print(Av, Av.grad_fn)
row = A[1]
print(row, row.grad_fn, A[1][2], A[1][2].grad_fn)
loss = C.sum() + Av.sum() + row.mean() + (A * A).sum() / 10
print(loss)
loss.backward()
print(A.grad)
print(B.grad)
print(v.grad)
print(len(A), A.shape[0], A.shape[1], A.size(), A.size(1), A.dim(), A.numel())
print(A.tolist(), A[0].tolist())
print(C.grad_fn.next_functions)
print(torch.matmul(A, B).grad_fn, torch.matmul(A, v).grad_fn, torch.matmul(v, v).grad_fn)
print(A.sum(0), A.sum(1), A.mean(0), A.mean(1))
print(A.sum(0).grad_fn, A.mean(1).grad_fn)
