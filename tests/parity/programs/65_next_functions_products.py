# next_functions of selections, products and reductions.
import torch

M = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
r = M[0]
print(r.grad_fn.next_functions)
e = M[1][0]
print(e.grad_fn.next_functions[0][0].name(), e.grad_fn.next_functions[0][0].next_functions)
print(torch.matmul(M, M).grad_fn.next_functions)
k = torch.tensor([1.0, 2.0])
print((M @ k).grad_fn.next_functions)
print(torch.dot(k, k).grad_fn)
print((k @ k).requires_grad)
s = M.sum()
print(s.grad_fn.next_functions, M.mean().grad_fn.next_functions)
