# Homework: the gradient of softmax cross-entropy is softmax(z) - onehot(y); checked against autograd
import torch
import torch.nn.functional as F

# ruff: noqa: N812 - written as the source writes it

torch.manual_seed(0)
z = torch.randn(4, 5, requires_grad=True)
y = torch.tensor([1, 0, 4, 2])
loss = F.cross_entropy(z, y, reduction="sum")
loss.backward()
manual = torch.softmax(z.detach(), dim=1) - F.one_hot(y, 5).float()
print(z.grad)
print(manual)
print(torch.allclose(z.grad, manual), (z.grad - manual).abs().max().item())
print(loss.item(), -torch.log_softmax(z, 1)[torch.arange(4), y].sum().item())
