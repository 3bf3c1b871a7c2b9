# torch.utils.data.random_split with lengths and with fractions, seeded with a Generator
# (https://pytorch.org/docs/stable/data.html#torch.utils.data.random_split)
import torch
from torch.utils.data import DataLoader, TensorDataset, random_split

ds = TensorDataset(torch.arange(10.0), torch.arange(10) % 2)
train, val = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(42))
print(type(train).__name__, len(train), len(val), train.indices, val.indices)
print(train[0], [val[i][0].item() for i in range(len(val))])
a, b, c = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(0))
print(list(a), list(b), list(c))
torch.manual_seed(1)
tr, te = random_split(ds, [8, 2])
print(tr.indices, te.indices)
for xb, yb in DataLoader(tr, batch_size=4, shuffle=True):
    print(xb, yb)
try:
    random_split(ds, [5, 6])
except ValueError as e:
    print(type(e).__name__, e)
