# A causal attention mask from triu/tril, applied with where before a softmax, and diag/trace of
# small matrices (the "Attention is all you need" masking step, written as homework does)
import torch

T = 4
mask = torch.triu(torch.ones(T, T), diagonal=1).bool()
print(mask, torch.ones(T, T).tril(), torch.tril(torch.ones(T, T), -1).sum())
scores = torch.arange(16, dtype=torch.float64).reshape(T, T) / 4
masked = torch.where(mask, torch.tensor(float("-inf"), dtype=torch.float64), scores)
print(masked)
weights = torch.softmax(masked, dim=-1)
print(weights, weights.sum(-1))
A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
print(A.diagonal(), torch.diag(A), torch.diag(torch.tensor([5.0, 6.0])), A.trace())
(A.triu() * 2 + A.tril(-1)).sum().backward()
print(A.grad)
B = torch.arange(8.0).reshape(2, 2, 2)
print(torch.bmm(B, B), B.diagonal(dim1=1, dim2=2))
