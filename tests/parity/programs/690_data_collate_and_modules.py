# torch.utils.data as older tutorials import it (its submodules) and what default_collate makes
# of Python numbers, strings, dicts and namedtuples: floats become float64, not the default dtype
import collections

import torch
from torch.utils.data import DataLoader, default_collate
from torch.utils.data._utils.collate import default_convert
from torch.utils.data.dataloader import default_collate as old_collate
from torch.utils.data.dataset import Dataset, TensorDataset, random_split
from torch.utils.data.sampler import BatchSampler, SequentialSampler, SubsetRandomSampler

print(type(DataLoader([1, 2])), SubsetRandomSampler, TensorDataset, Dataset)
print(old_collate is default_collate)
P = collections.namedtuple("P", "x y")
print(default_collate([(1, 0.5), (2, 1.5)]))
print(default_collate([{"a": 1.0, "b": [1, 2]}, {"a": 2.0, "b": [3, 4]}]))
print(default_collate([P(1, 2.5), P(3, 4.5)]))
print(default_collate([["a", 1], ["b", 2]]))
print(default_collate([True, False]))
print(default_collate([torch.ones(2), torch.zeros(2)]))
print(default_convert((1, 2)), default_convert([torch.ones(1)]))


class Pairs(Dataset):
    def __len__(self):
        return 5

    def __getitem__(self, i):
        return 0.25 * i, i, f"item{i}"


for xb, yb, names in DataLoader(Pairs(), batch_size=2):
    print(xb, yb, names)
print(list(BatchSampler(SequentialSampler(range(5)), 2, drop_last=True)))
torch.manual_seed(0)
train, val = random_split(TensorDataset(torch.arange(6.0)), [4, 2])
print([train[i] for i in range(len(train))], len(val))
loader = DataLoader(train, sampler=SubsetRandomSampler([0, 1, 2]), batch_size=2)
print([b for (b,) in loader])
for bad in ([[1, 2], [3]], [object(), object()]):
    try:
        default_collate(bad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, str(e).split(";")[0])
