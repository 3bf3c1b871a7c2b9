# ruff: noqa - written as the source writes it
# PyTorchZeroToAll 08_1_dataset_loader.py (a seeded 40x9 stand-in for the diabetes CSV file) and
# 09_01_softmax_loss.py (torch for the numpy cross-entropy by hand) as written
import torch

torch.manual_seed(0)
# References
# https://github.com/yunjey/pytorch-tutorial/blob/master/tutorials/01-basics/pytorch_basics/main.py
# http://pytorch.org/tutorials/beginner/data_loading_tutorial.html#dataset-class
from torch.utils.data import Dataset, DataLoader
from torch import from_numpy, tensor
import torch


class DiabetesDataset(Dataset):
    """Diabetes dataset."""

    # Initialize your data, download, etc.
    def __init__(self):
        xy = torch.rand(40, 9, generator=torch.Generator().manual_seed(0))
        self.len = xy.shape[0]
        self.x_data = xy[:, 0:-1]
        self.y_data = xy[:, [-1]]

    def __getitem__(self, index):
        return self.x_data[index], self.y_data[index]

    def __len__(self):
        return self.len


dataset = DiabetesDataset()
train_loader = DataLoader(dataset=dataset, batch_size=32, shuffle=True, num_workers=2)

for epoch in range(2):
    for i, data in enumerate(train_loader, 0):
        # get the inputs
        inputs, labels = data

        # wrap them in Variable
        inputs, labels = tensor(inputs), tensor(labels)

        # Run your training process
        print(f"Epoch: {i} | Inputs {inputs.data} | Labels {labels.data}")

from torch import nn, tensor, max
import torch

# Cross entropy example
# One hot
# 0: 1 0 0
# 1: 0 1 0
# 2: 0 0 1
Y = torch.tensor([1, 0, 0])
Y_pred1 = torch.tensor([0.7, 0.2, 0.1])
Y_pred2 = torch.tensor([0.1, 0.3, 0.6])
print(f"Loss1: {torch.sum(-Y * torch.log(Y_pred1)):.4f}")
print(f"Loss2: {torch.sum(-Y * torch.log(Y_pred2)):.4f}")

# Softmax + CrossEntropy (logSoftmax + NLLLoss)
loss = nn.CrossEntropyLoss()

# target is of size nBatch
# each element in target has to have 0 <= value < nClasses (0-2)
# Input is class, not one-hot
Y = tensor([0], requires_grad=False)

# input is of size nBatch x nClasses = 1 x 4
# Y_pred are logits (not softmax)
Y_pred1 = tensor([[2.0, 1.0, 0.1]])
Y_pred2 = tensor([[0.5, 2.0, 0.3]])

l1 = loss(Y_pred1, Y)
l2 = loss(Y_pred2, Y)

print(f"PyTorch Loss1: {l1.item():.4f} \nPyTorch Loss2: {l2.item():.4f}")
print(f"Y_pred1: {max(Y_pred1.data, 1)[1].item()}")
print(f"Y_pred2: {max(Y_pred2.data, 1)[1].item()}")

# target is of size nBatch
# each element in target has to have 0 <= value < nClasses (0-2)
# Input is class, not one-hot
Y = tensor([2, 0, 1], requires_grad=False)

# input is of size nBatch x nClasses = 2 x 4
# Y_pred are logits (not softmax)
Y_pred1 = tensor([[0.1, 0.2, 0.9], [1.1, 0.1, 0.2], [0.2, 2.1, 0.1]])

Y_pred2 = tensor([[0.8, 0.2, 0.3], [0.2, 0.3, 0.5], [0.2, 0.2, 0.5]])

l1 = loss(Y_pred1, Y)
l2 = loss(Y_pred2, Y)
print(f"Batch Loss1:  {l1.item():.4f} \nBatch Loss2: {l2.data:.4f}")
