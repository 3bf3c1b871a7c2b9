# torch.utils.data as the 'Datasets & DataLoaders' tutorial and d2l use it: TensorDataset, DataLoader
# with shuffle (its order per epoch, with and without a generator), drop_last, random_split.
import torch
from torch.utils.data import DataLoader, TensorDataset, random_split

torch.manual_seed(0)
X = torch.randn(10, 2)
y = torch.arange(10)
ds = TensorDataset(X, y)
for epoch in range(2):
    for xb, yb in DataLoader(ds, batch_size=4, shuffle=True):
        print(epoch, yb.tolist(), xb.shape)
g = torch.Generator().manual_seed(42)
for _xb, yb in DataLoader(ds, batch_size=3, shuffle=True, generator=g, drop_last=True):
    print("g", yb.tolist())
a, b = random_split(ds, [7, 3])
print([ds_i[1].item() for ds_i in a], len(b))
a, b = random_split(range(10), [0.8, 0.2], generator=torch.Generator().manual_seed(1))
print(list(a), list(b))
print(torch.rand(2))
print(len(DataLoader(ds, batch_size=4)), len(DataLoader(ds, batch_size=4, drop_last=True)))
for _xb, yb in DataLoader(ds, batch_size=5):
    print(yb)
