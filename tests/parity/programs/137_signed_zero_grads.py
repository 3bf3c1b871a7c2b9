# Gradients keep the sign of zero as PyTorch's do (a homework on matrix-vector gradients:
# A.grad of A @ v where v has a zero entry, then elementwise cases and accumulation).
import torch

A = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
v = torch.tensor([1.0, 0.0, -2.0])
loss = -(A @ v).sum()
loss.backward()
print(A.grad)
print(A.grad[0, 1].item(), str(A.grad[1, 1].item()))

a = torch.tensor([0.0, -1.0, 2.0], requires_grad=True)
(-a.abs()).sum().backward()
print(a.grad)

u = torch.tensor([1.0, 1.0], requires_grad=True)
(u * torch.tensor([-0.0, 0.0])).sum().backward()
print(u.grad)
(u * torch.tensor([-0.0, -0.0])).sum().backward()  # accumulated: -0. + -0. is -0.
print(u.grad)

x = torch.tensor([0.0, -0.0, 1.0], requires_grad=True)
(x * x).sum().backward()
print(x.grad)
print(torch.autograd.grad(-(x * 0).sum(), x))

m = torch.tensor([2.0, 3.0], requires_grad=True)
(-(m * 0.0)).mean().backward()
print(m.grad)

w = torch.tensor([3.0, 4.0], requires_grad=True)
(-(w - w)).sum().backward()
print(w.grad)

q = torch.tensor(0.0, requires_grad=True)
(q**2 * -1).backward()
print(q.grad, q.grad.item())

r = torch.tensor([0.0, 1.0], requires_grad=True)
(-(r.tanh() * 0)).sum().backward()
print(r.grad)
print(-torch.tensor([0.0, 1.0]), torch.tensor(-0.0) * 1)
