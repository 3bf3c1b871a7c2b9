# ruff: noqa - written as the source writes it
import torch
from torch import nn

# The zero-to-all lecture 09 style: cross entropy by hand on one-hot vectors, then nn.CrossEntropyLoss
# on class indices, good and bad predictions, a batch of them, and torch.max(..., 1) for the predicted class
Y = torch.tensor([1.0, 0.0, 0.0])
Y_pred1 = torch.tensor([0.7, 0.2, 0.1])
Y_pred2 = torch.tensor([0.1, 0.3, 0.6])
print(f"Loss1: {torch.sum(-Y * torch.log(Y_pred1)):.4f}")
print(f"Loss2: {torch.sum(-Y * torch.log(Y_pred2)):.4f}")

loss = nn.CrossEntropyLoss()

# target is of size nBatch
# each element in target has to have 0 <= value < nClasses (0-2)
# Input is class, not one-hot
Y = torch.tensor([0], requires_grad=False)

# input is of size nBatch x nClasses = 1 x 4
# Y_pred are logits (not softmax)
Y_pred1 = torch.tensor([[2.0, 0.5, 0.1]])
Y_pred2 = torch.tensor([[0.5, 2.0, 0.3]])

l1 = loss(Y_pred1, Y)
l2 = loss(Y_pred2, Y)

print(f"PyTorch Loss1: {l1.item():.4f} \nPyTorch Loss2: {l2.item():.4f}")
print(f"Y_pred1: {torch.max(Y_pred1.data, 1)[1].item()}")
print(f"Y_pred2: {torch.max(Y_pred2.data, 1)[1].item()}")

# target is of size nBatch
# each element in target has to have 0 <= value < nClasses (0-2)
# Input is class, not one-hot
Y = torch.tensor([2, 0, 1], requires_grad=False)

# input is of size nBatch x nClasses = 2 x 4
# Y_pred are logits (not softmax)
Y_pred1 = torch.tensor([[0.1, 0.2, 0.9], [1.1, 0.1, 0.2], [0.2, 2.1, 0.1]])
Y_pred2 = torch.tensor([[0.8, 0.2, 0.3], [0.2, 0.3, 0.5], [0.2, 0.2, 0.5]])

l1 = loss(Y_pred1, Y)
l2 = loss(Y_pred2, Y)
print(f"Batch Loss1:  {l1.item():.4f} \nBatch Loss2: {l2.data:.4f}")
print(torch.max(Y_pred1, 1), torch.max(Y_pred2.data, 1)[1].eq(Y).sum())

# softmax as a layer, and its log
m = nn.Softmax(dim=1)
print(m(Y_pred1), nn.LogSoftmax(dim=1)(Y_pred2))
pred = Y_pred1.data.max(1, keepdim=True)[1]
print(pred, pred.eq(Y.data.view_as(pred)).cpu().sum(), pred.squeeze())
