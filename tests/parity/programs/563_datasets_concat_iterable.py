import torch
from torch.utils.data import ConcatDataset, DataLoader, Dataset, IterableDataset, TensorDataset

# Datasets as the data-loading tutorials combine them: two TensorDatasets concatenated (and with +),
# a custom map-style Dataset, an IterableDataset streaming squares, each through a DataLoader
a = TensorDataset(torch.arange(4.0), torch.arange(4))
b = TensorDataset(torch.arange(10.0, 13.0), torch.arange(3))
both = ConcatDataset([a, b])
print(len(both), both.cumulative_sizes, both[5], both[-1], len(a + b))


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.tensor([float(i)]), torch.tensor(i * i)


class Stream(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            yield torch.tensor(float(i)), i % 2


torch.manual_seed(0)
for x, y in DataLoader(both, batch_size=3, shuffle=True):
    print(x, y)
for x, y in DataLoader(Squares(5) + Squares(2), batch_size=4):
    print(x.shape, y)
for x, y in DataLoader(Stream(7), batch_size=3):
    print(x, y)
print(list(DataLoader(Stream(5), batch_size=2, drop_last=True)))
print(torch.randint(0, 100, (3,)))
