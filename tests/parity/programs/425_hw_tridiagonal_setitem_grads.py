# Homework: assemble a symmetric tridiagonal matrix from parameter vectors by index assignment (float64)
# and check the gradient autograd gives through the writes against central differences
import torch

n = 4
torch.manual_seed(0)
d = torch.randn(n, dtype=torch.float64, requires_grad=True)
off = torch.randn(n - 1, dtype=torch.float64, requires_grad=True)
x = torch.tensor([1.0, -2.0, 0.5, 3.0], dtype=torch.float64)


def assemble(d, off):
    A = torch.zeros(n, n, dtype=torch.float64)
    for i in range(n):
        A[i, i] = d[i]
    A[range(n - 1), range(1, n)] = off  # superdiagonal
    A[range(1, n), range(n - 1)] = off  # subdiagonal: A is symmetric
    return A


def f(d, off):
    A = assemble(d, off)
    return ((A @ x) ** 2).sum()


A = assemble(d, off)
print(A)
print(A.grad_fn, A.requires_grad, A.is_leaf)
loss = f(d, off)
loss.backward()
print(loss)
print(d.grad)
print(off.grad)

# central differences, one coordinate at a time
h = 1e-6
with torch.no_grad():
    num_d = torch.zeros(n, dtype=torch.float64)
    for i in range(n):
        e = torch.zeros(n, dtype=torch.float64)
        e[i] = h
        num_d[i] = (f(d + e, off) - f(d - e, off)) / (2 * h)
    num_off = torch.zeros(n - 1, dtype=torch.float64)
    for i in range(n - 1):
        e = torch.zeros(n - 1, dtype=torch.float64)
        e[i] = h
        num_off[i] = (f(d, off + e) - f(d, off - e)) / (2 * h)
print((num_d - d.grad).abs().max() < 1e-6, (num_off - off.grad).abs().max() < 1e-6)
