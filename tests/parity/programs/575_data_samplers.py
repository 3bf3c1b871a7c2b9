import torch
from torch.utils.data import (
    BatchSampler,
    ChainDataset,
    DataLoader,
    IterableDataset,
    RandomSampler,
    SequentialSampler,
    StackDataset,
    SubsetRandomSampler,
    TensorDataset,
    WeightedRandomSampler,
    default_convert,
    get_worker_info,
)

# the samplers (seeded orders as PyTorch's), BatchSampler, a DataLoader with a sampler or a
# batch_sampler, ChainDataset, StackDataset, get_worker_info, default_convert
torch.manual_seed(0)
data = list(range(10))
print(list(SequentialSampler(data)), len(SequentialSampler(data)))
print(list(RandomSampler(data)), list(RandomSampler(data)))
print(list(RandomSampler(data, num_samples=25)), len(RandomSampler(data, num_samples=25)))
print(
    list(RandomSampler(data, replacement=True)),
    list(RandomSampler(data, replacement=True, num_samples=40)),
)
g = torch.Generator().manual_seed(7)
print(
    list(RandomSampler(data, generator=g)),
    list(SubsetRandomSampler([3, 5, 7, 9])),
    list(SubsetRandomSampler([1, 2, 3], generator=g)),
)
print(
    list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 8)),
    list(WeightedRandomSampler([1.0, 2.0, 3.0], 3, replacement=False)),
)
print(
    list(BatchSampler(SequentialSampler(data), 4, False)),
    list(BatchSampler(RandomSampler(data), 3, True)),
    len(BatchSampler(data, 3, True)),
)
ds = TensorDataset(torch.arange(10.0), torch.arange(10))
for xb, yb in DataLoader(ds, batch_size=4, sampler=RandomSampler(ds)):
    print(xb.tolist(), yb.tolist())
for xb, yb in DataLoader(ds, batch_sampler=BatchSampler(SubsetRandomSampler(range(6)), 2, False)):
    print(xb.tolist(), yb.tolist())
print(
    [
        b.tolist()
        for b in DataLoader(
            torch.arange(8.0), sampler=WeightedRandomSampler(torch.ones(8), 5), batch_size=2
        )
    ]
)


class Counter(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))

    def __len__(self):
        return self.n


chain = ChainDataset([Counter(3), Counter(2)])
print(list(chain), len(chain), [b.tolist() for b in DataLoader(chain, batch_size=2)])
stack = StackDataset(torch.arange(3), torch.arange(3) * 10)
named = StackDataset(x=torch.arange(3.0), y=torch.tensor([1, 0, 1]))
print(len(stack), stack[1], named[2], DataLoader(named, batch_size=2).__iter__().__next__())
print(get_worker_info(), default_convert([1, (2.0, "a"), {"k": torch.ones(1)}]))
for bad in [
    lambda: StackDataset(),
    lambda: StackDataset(torch.ones(2), torch.ones(3)),
    lambda: RandomSampler(data, num_samples=0),
    lambda: BatchSampler(data, 0, False),
    lambda: WeightedRandomSampler([1.0], -1),
]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
