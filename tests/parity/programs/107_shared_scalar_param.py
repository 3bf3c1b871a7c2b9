# A 0-d parameter broadcast against vectors and matrices: its gradient sums over every use.
import torch

s = torch.tensor(0.5, requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0])
M = torch.tensor([[1.0, -1.0], [2.0, 0.0]])
loss = (s * v).sum() + (M / s).sum() + (s**2 * M).mean() + s
loss.backward()
print(loss, s.grad)
s.grad = None
out = torch.exp(s * v) - s
out.backward(torch.tensor([1.0, 0.0, -1.0]))
print(out, s.grad)
print((s * v).grad_fn.next_functions, (v * s).grad_fn.next_functions)
