# Boolean-mask indexing inside a loss: x[x > 0].sum(), masked_fill, and the grads (IndexBackward0)
import torch

x = torch.tensor([[-1.0, 2.0, 0.5], [3.0, -0.2, -4.0]], requires_grad=True)
pos = x[x > 0]
print(pos, pos.grad_fn)
(pos**2).sum().backward()
print(x.grad)
x.grad = None
mask = x.detach() < 0
y = x.masked_fill(mask, 0.0)
print(y, y.grad_fn)
(y * 3).sum().backward()
print(x.grad)
x.grad = None
z = x * (x > 0)
print(z, z.grad_fn)
z.sum().backward()
print(x.grad)
print(mask, mask.dtype, mask.sum(), mask.float().mean(), x[mask].detach(), x[~mask].shape)
