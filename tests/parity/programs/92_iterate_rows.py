# Iterating a 2-d tensor row by row, and a loss built from the rows.
import torch

M = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
total = torch.tensor(0.0)
for i, row in enumerate(M):
    print(i, row, row.shape, row.grad_fn)
    total = total + (row * (i + 1)).sum()
print(total, total.grad_fn)
total.backward()
print(M.grad)
r0 = M[0]
e = M[2][1]
print(r0.grad_fn, e, e.grad_fn, e.shape)
print(M[-1], M[-1][-2])
