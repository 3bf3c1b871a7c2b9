# Matrix products in float32: mm, mv, dot and batched matmul, printed at full precision
import torch

A = torch.sin(torch.arange(35, dtype=torch.float32)).reshape(5, 7)
B = torch.cos(torch.arange(28, dtype=torch.float32)).reshape(7, 4)
v = torch.linspace(-1, 1, 7)
print((A @ B).tolist())
print((A @ v).tolist())
print(torch.dot(v, v).item(), (v * v).sum().item())
print(torch.mm(A, B).sum().item(), torch.mv(A, v).sum().item())
C = torch.sin(torch.arange(24, dtype=torch.float32)).reshape(2, 3, 4)
D = torch.cos(torch.arange(40, dtype=torch.float32)).reshape(2, 4, 5)
print(torch.bmm(C, D).tolist())
print((A.T @ A).diagonal().tolist())
