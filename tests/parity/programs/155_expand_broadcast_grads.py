# expand and broadcasting: grads are summed over the broadcast dimensions; writing into an expanded
# tensor fails (https://pytorch.org/docs/stable/notes/broadcasting.html)
import torch

b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
M = torch.arange(12.0).reshape(4, 3)
(M * b).sum().backward()
print(b.grad)
c = torch.tensor([[1.0], [2.0]], requires_grad=True)
r = torch.tensor([10.0, 20.0, 30.0], requires_grad=True)
s = c + r
print(s, s.shape)
(s * s).sum().backward()
print(c.grad, r.grad)
e = b.expand(2, 3)
print(e, e.grad_fn, e.shape, e.stride())
try:
    torch.zeros(3).expand(2, 3).add_(1)
except RuntimeError as ex:
    print(type(ex).__name__, ex)
try:
    torch.ones(2, 3) + torch.ones(3, 2)
except RuntimeError as ex:
    print(type(ex).__name__, ex)
print(torch.ones(3, 1).expand(-1, 4).shape, torch.broadcast_shapes((3, 1), (1, 4)))
x = torch.tensor(2.0, requires_grad=True)
(x * torch.ones(5)).sum().backward()
print(x.grad)
