# sum and mean over dims of a 2-d tensor, keepdim, shapes, and their gradients.
import torch

M = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
for dim in (0, 1, -1):
    s = M.sum(dim)
    m = M.mean(dim)
    print(dim, s, m, s.shape, m.shape)
k = M.sum(1, keepdim=True)
print(k, k.shape, M.mean(0, keepdim=True))
print(torch.sum(M), torch.mean(M), torch.sum(M, 0), torch.mean(M, dim=1))
loss = (M.sum(0) ** 2).sum() + M.mean(1).sum()
loss.backward()
print(loss, M.grad)
print(M.sum(dim=0).grad_fn, M.sum().grad_fn, M.mean(dim=0).grad_fn)
print(M.sum(0).grad_fn.next_functions)
try:
    M.sum(2)
except IndexError as e:
    print(type(e).__name__, e)
