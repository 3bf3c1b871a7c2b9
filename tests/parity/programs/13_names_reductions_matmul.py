# grad_fn names of reductions, products and indexing.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
N = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], requires_grad=True)
print(a.sum().grad_fn.name(), torch.sum(a).grad_fn.name())
print(a.mean().grad_fn.name(), torch.mean(M).grad_fn.name())
print(torch.dot(a, b).grad_fn.name(), a.dot(b).grad_fn.name(), (a @ b).grad_fn.name())
print(torch.matmul(a, b).grad_fn.name())
print((M @ a).grad_fn.name(), torch.matmul(M, b).grad_fn.name())
print((M @ N).grad_fn.name(), torch.matmul(N, M).grad_fn.name())
print(a[0].grad_fn.name(), M[1].grad_fn.name(), M[1][2].grad_fn.name())
print(a.sum() / 3)
