# Tensor metadata students print: dtype, shape, size, dim, numel, is_floating_point.
import torch

t = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(t.dtype, t.dtype == torch.float32, t.shape, t.size(), t.size(0), t.size(-1))
print(t.dim(), t.ndim, t.numel(), t.is_floating_point(), t.requires_grad, t.is_leaf)
print(torch.tensor([1, 2]).is_floating_point(), torch.float64, torch.int64, torch.bool)
print(tuple(t.shape), list(t.size()))
print(t.shape[0] * t.shape[1], torch.ones(4).shape, torch.tensor(1.0).shape)
print(type(t).__name__, isinstance(t, torch.Tensor), type(t.shape).__name__)
