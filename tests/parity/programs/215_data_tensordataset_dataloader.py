# torch.utils.data.TensorDataset and DataLoader, without and with shuffle=True under a seed
# (https://pytorch.org/tutorials/beginner/basics/data_tutorial.html)
import torch
from torch.utils.data import DataLoader, TensorDataset

# ruff: noqa: B007 - written as the source writes it

X = torch.arange(20.0).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(X, y)
print(len(ds), ds[0], ds[9], ds[2:4])
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb.tolist(), yb)
torch.manual_seed(0)
loader = DataLoader(ds, batch_size=3, shuffle=True)
print(len(loader))
for epoch in range(2):
    for i, (xb, yb) in enumerate(loader):
        print(epoch, i, yb, xb.shape)
for xb, yb in DataLoader(ds, batch_size=4, drop_last=True):
    print(yb)
print(next(iter(DataLoader(ds, batch_size=2, shuffle=True))))
try:
    TensorDataset(X, torch.arange(3))
except AssertionError as e:
    print(type(e).__name__, e)
