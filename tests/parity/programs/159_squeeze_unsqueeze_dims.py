# shape bookkeeping: size(), dim(), numel(), squeeze/unsqueeze with dims (tensor tutorial attributes)
import torch

t = torch.zeros(2, 1, 3, 1)
print(t.shape, t.size(), t.size(1), t.dim(), t.ndim, t.numel(), len(t))
print(t.squeeze().shape, t.squeeze(1).shape, t.squeeze(0).shape, t.squeeze(-1).shape)
print(t.unsqueeze(0).shape, t.unsqueeze(-1).shape, t.unsqueeze(2).shape)
print(
    torch.zeros(3)[None].shape, torch.zeros(3)[:, None].shape, torch.zeros(3)[None, :, None].shape
)
print(
    torch.tensor(5.0).shape,
    torch.tensor(5.0).dim(),
    torch.tensor(5.0).unsqueeze(0).shape,
    torch.tensor([5.0]).squeeze().shape,
)
x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
y = x.squeeze(0)
print(y.grad_fn, x.unsqueeze(0).grad_fn, x.squeeze().grad_fn, x.squeeze(1).grad_fn)
print(
    torch.Size([2, 3]),
    torch.Size([2, 3]) == (2, 3),
    list(torch.Size([2, 3])),
    torch.Size([2, 3]).numel(),
)
print(t.flatten(1).shape, t.flatten(0, 1).shape, t.view(2, -1).shape, t.reshape(-1).shape)
