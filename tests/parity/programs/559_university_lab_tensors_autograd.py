# ruff: noqa - written as the source writes it
import torch

# A university lab's first session, in its style: tensors made several ways, their attributes,
# indexing and slicing, reshaping with view, broadcasting, in-place ops with a trailing underscore,
# then autograd: requires_grad_, retain_grad on an intermediate, grads accumulating until zeroed
x = torch.empty(2, 3)
print(x.shape, x.dtype)
x = torch.zeros(2, 3, dtype=torch.long)
print(x)
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(x, x.size(), x.size(0), x.ndim, x.numel())
y = torch.ones_like(x, dtype=torch.float)
print(y)
torch.manual_seed(42)
z = torch.rand(2, 3)
print(z)
print(z + y, torch.add(z, y), z.add(y))
result = torch.empty(2, 3)
torch.add(z, y, out=result)
print(result)
y.add_(z)
print(y)
print(x[:, 1], x[1, :], x[-1, -1], x[x > 2])
a = torch.arange(16)
b = a.view(4, 4)
c = a.view(-1, 8)
print(a.size(), b.size(), c.size())
b[0, 0] = 100
print(a[0])
print(torch.arange(3).view(3, 1) + torch.arange(4))
print(x.float().mean(), x.float().mean(dim=0), x.sum(dim=1), x.max(), x.argmax(), x.t())
w = torch.tensor([[0.5], [-1.0], [2.0]])
print(x.float() @ w, torch.matmul(x.float(), w), x.float().mm(w))

x = torch.ones(2, 2)
x.requires_grad_(True)
print(x)
y = x + 2
print(y, y.grad_fn)
z = y * y * 3
z.retain_grad()
out = z.mean()
print(z, out)
out.backward()
print(x.grad, z.grad, y.grad)
out = (x * 4).sum()
out.backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
with torch.no_grad():
    print((x**2).requires_grad)
print(x.detach().requires_grad, x.requires_grad)
v = torch.tensor([0.1, 1.0, 0.0001], requires_grad=True)
q = v * 2
while q.data.norm() < 1000:
    q = q * 2
print(q)
q.backward(torch.tensor([0.1, 1.0, 0.0001]))
print(v.grad)
