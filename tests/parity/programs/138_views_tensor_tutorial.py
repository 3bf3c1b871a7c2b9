# The tensor tutorial's reshaping section: view, reshape, flatten, unsqueeze, squeeze, T,
# transpose, permute, expand and slicing, with their shapes, strides and grad_fn names.
import torch

x = torch.arange(12.0).view(3, 4)
print(x, x.shape, x.stride(), x.is_contiguous())
print(x[1], x[:, 1], x[1:, :2], x[0, 1:], x[::2])
print(x[:, 1].stride(), x[1:].storage_offset(), x[:, 1:].is_contiguous())
print(x.T, x.T.stride(), x.T.is_contiguous(), x.T.contiguous().stride())
print(x.view(2, 6), x.view(-1, 3).shape, x.reshape(6, 2).shape, x.flatten().shape)
print(x.unsqueeze(0).shape, x.unsqueeze(-1).shape, x[None].shape, x[:, None].shape)
print(torch.ones(1, 3, 1).squeeze().shape, torch.ones(1, 3, 1).squeeze(0).shape)
print(x.permute(1, 0).shape, x.transpose(0, 1).stride())
print(torch.tensor([1.0, 2.0]).expand(3, 2), torch.tensor([[1.0], [2.0]]).expand(-1, 3))
try:
    x.T.view(12)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    x.view(5, 2)
except RuntimeError as e:
    print("RuntimeError:", e)

w = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
for name, y in [
    ("view", w.view(6)),
    ("reshape", w.reshape(3, 2)),
    ("flatten", w.flatten()),
    ("T", w.T),
    ("t", w.t()),
    ("transpose", w.transpose(0, 1)),
    ("permute", w.permute(1, 0)),
    ("unsqueeze", w.unsqueeze(0)),
    ("squeeze", w.unsqueeze(0).squeeze(0)),
    ("select", w[1]),
    ("column", w[:, 2]),
    ("slice", w[:, 1:]),
    ("T.reshape", w.T.reshape(6)),
    ("contiguous", w.T.contiguous()),
]:
    print(name, y.grad_fn.name(), [type(n).__name__ for n, _ in y.grad_fn.next_functions])

(w.T * torch.tensor([[1.0], [2.0], [3.0]])).sum().backward()
print(w.grad)
w.grad = None
(w.view(6) * torch.arange(6.0)).sum().backward()
print(w.grad)
b = torch.tensor([0.5, -0.5], requires_grad=True)
out = b.unsqueeze(1).expand(2, 3) * w
out.sum().backward()
print(b.grad, out.grad_fn.next_functions[0][0].name())
