# A float64 computation end to end: reprs with dtype and grad_fn, grads in float64.
import torch

x = torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64, requires_grad=True)
y = x * 2
z = (y.exp() / 3).sum()
print(x, y, z, sep="\n")
z.backward()
print(x.grad, x.grad.dtype)
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64, requires_grad=True)
print(w @ torch.tensor([1.0, 1.0], dtype=torch.float64))
print(torch.autograd.grad((w**2).sum(), w))
print(torch.tensor(1 / 3, dtype=torch.float64).item(), x[0].item(), x.tolist())
