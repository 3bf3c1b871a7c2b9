# Beginner lessons' plots and printouts: torch.arange with a float step (its elements as PyTorch's kernel makes them), type(t),
# torch.tensor of one-element tensors, z[:] = 0. (FillBackward3) and the other writes' nodes
import torch

xs = torch.arange(-3, 3.1, 0.1)
print(xs.shape, xs[25:36])
print(torch.arange(0, 1, 0.1), torch.arange(0.5, 7.3, 0.7), torch.arange(-1, 1, 0.05)[15:25])
print(torch.arange(1.0, 2.0, 1 / 3, dtype=torch.float64), torch.arange(0, 10, 0.3)[20:])
print(torch.arange(-5, 5, 0.25).sum(), torch.arange(0, 100, 0.37)[-5:])
t = torch.tensor([1.0, 2.0])
print(type(t), type(t) is torch.Tensor, isinstance(t, torch.Tensor), repr(type(t)))
print(type(t.shape), type(torch.float32), type(t.size()), type(torch.device("cpu")))
s = torch.tensor(3.0)
print(torch.tensor([s]), torch.tensor([s, s * 2]), torch.tensor([torch.tensor([2.0])]))
print(torch.tensor([[s], [s]]), torch.tensor([torch.tensor(1), torch.tensor(2)]))
try:
    torch.tensor([t, t])
except ValueError as e:
    print("ValueError:", e)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = x * 2
z[:] = 0.0
print(z, z.grad_fn.name())
z.sum().backward()
print(x.grad)
z = x * 2
z[1:] = 5
print(z, z.grad_fn.name())
z = x * 2
z[...] = torch.tensor(4.0)
print(z)
m = torch.ones(2, 2, requires_grad=True) * 1
m[:, :] = 0.5
print(m.grad_fn.name(), m)
w = torch.ones(2, 2, dtype=torch.int64)
w[:] = 3
print(w)
