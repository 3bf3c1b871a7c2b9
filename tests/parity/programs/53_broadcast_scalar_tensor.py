# A 0-d tensor broadcasts against any shape; its gradient is the sum over the broadcast.
import torch

s = torch.tensor(2.0, requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = (s * v).sum() + (M * s).sum() + (v + s).sum() + (s - v).sum() + (v / s).sum()
print(s * v, v + s, M * s, s - v, v / s, s**v, v**s)
y.backward()
print(s.grad, v.grad, M.grad)
print((s * v).grad_fn.next_functions)
