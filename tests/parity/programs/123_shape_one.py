# Shape (1,) versus shape (): backward without a gradient, item, printing, broadcasting.
import torch

a = torch.tensor([2.0], requires_grad=True)
s = torch.tensor(3.0, requires_grad=True)
y = a * s
print(y, y.shape, y.item())
y.backward()
print(a.grad, s.grad, a.grad.shape, s.grad.shape)
z = (a + s).sum()
print(z, z.shape)
print(torch.tensor([[5.0]]).item(), torch.ones(1, 1) * s)
print(len(a), a.dim(), s.dim(), a.numel(), s.numel(), s.shape, a.ndim)
