# retains_grad over two backward passes, torch.Size, a ragged list, and vector @ matrix.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.retain_grad()
print(y.retains_grad, x.retains_grad)
(y * y).sum().backward(retain_graph=True)
(y * y).sum().backward()
print(y.grad, x.grad)
print(x.shape == torch.Size([3]), torch.Size([2, 3]))
try:
    torch.tensor([[1.0, 2.0], [3.0]])
except Exception as e:
    print(type(e).__name__, e)
v = torch.ones(3, requires_grad=True)
N = torch.ones(3, 2)
r = v @ N
print(r, r.grad_fn)
