# Broadcasting numbers and 0-d tensors against 1-d and 2-d tensors, forward and backward.
import torch

M = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
s = torch.tensor(2.0, requires_grad=True)
v = torch.tensor([1.0, -1.0, 0.5], requires_grad=True)
out = (M * s + 1 - s / M) ** 2
print(out)
out.sum().backward()
print(M.grad)
print(s.grad)
r = (s - v) * (v / s) + s**v
print(r)
r.backward(torch.tensor([1.0, 2.0, 3.0]))
print(s.grad, v.grad)
print((2 - M).grad_fn, (2 / M).grad_fn, (M - 2).grad_fn, (2**M).grad_fn, (M**s).grad_fn)
print((s * M).grad_fn.next_functions)
print((M * s).grad_fn.next_functions)
q = torch.tensor(3.0) + M
print(q, q.grad_fn.next_functions)
