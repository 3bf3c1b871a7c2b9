"""The samplers' orders against the draws they are defined by (randperm, randint, multinomial
on the same generator), BatchSampler, ChainDataset and StackDataset. The orders are compared
with PyTorch's in tests/parity/programs/575_data_samplers.py."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch
from tinygrad_edu.utils.data import (
    BatchSampler,
    ChainDataset,
    IterableDataset,
    RandomSampler,
    StackDataset,
    SubsetRandomSampler,
    WeightedRandomSampler,
)


def test_a_random_sampler_is_randperm_passes_of_its_generator():
    g1, g2 = torch.Generator().manual_seed(3), torch.Generator().manual_seed(3)
    got = list(RandomSampler(range(5), num_samples=12, generator=g1))
    want = (torch.randperm(5, generator=g2).tolist() + torch.randperm(5, generator=g2).tolist()
            + torch.randperm(5, generator=g2).tolist()[:2])  # fmt: skip
    assert got == want
    g1.manual_seed(4)
    g2.manual_seed(4)
    got = list(RandomSampler(range(5), replacement=True, num_samples=7, generator=g1))
    assert got == torch.randint(5, (7,), generator=g2).tolist()


def test_subset_weighted_and_batch_samplers():
    torch.manual_seed(1)
    got = list(SubsetRandomSampler([10, 20, 30]))
    torch.manual_seed(1)
    assert got == [[10, 20, 30][i] for i in torch.randperm(3).tolist()]
    g = torch.Generator().manual_seed(2)
    got = list(WeightedRandomSampler([0.0, 1.0, 0.0, 1.0], 6, generator=g))
    assert set(got) <= {1, 3} and len(got) == 6
    assert list(BatchSampler(range(5), 2, drop_last=True)) == [[0, 1], [2, 3]]
    assert len(BatchSampler(range(5), 2, drop_last=False)) == 3


def test_chain_and_stack_datasets():
    class Stream(IterableDataset):
        def __init__(self, xs):
            self.xs = xs

        def __iter__(self):
            return iter(self.xs)

    assert list(ChainDataset([Stream([1, 2]), Stream([3])])) == [1, 2, 3]
    s = StackDataset(a=[1, 2], b=["x", "y"])
    assert s[1] == {"a": 2, "b": "y"} and len(s) == 2
    assert StackDataset([1, 2], [3, 4])[0] == (1, 3)


def test_a_shuffled_loader_over_an_empty_dataset_is_refused_as_pytorch():
    """PyTorch's DataLoader makes a RandomSampler for shuffle=True, which refuses 0 samples
    (yunjey's basics tutorial meets it with its empty CustomDataset); unshuffled is fine."""

    class Empty(torch.utils.data.Dataset):
        def __len__(self):
            return 0

    with pytest.raises(
        ValueError, match=r"^num_samples should be a positive integer value, but got num_samples=0$"
    ):
        torch.utils.data.DataLoader(Empty(), batch_size=64, shuffle=True)
    assert len(torch.utils.data.DataLoader(Empty(), batch_size=64)) == 0


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_default_collate_makes_python_floats_float64_whatever_the_default_dtype(dtype):
    from tinygrad_edu.utils.data import default_collate

    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        xs, ys, names = default_collate([(0.5, 1, "a"), (1.5, 2, "b")])
        ts = default_collate([torch.tensor([0.5]), torch.tensor([1.5])])
    finally:
        torch.set_default_dtype(old)
    assert (xs.dtype, xs.tolist()) == (torch.float64, [0.5, 1.5])  # PyTorch's, not the default
    assert (ys.dtype, names) == (torch.int64, ("a", "b"))
    assert ts.dtype == dtype  # tensors keep their own dtype


def test_default_collate_refuses_ragged_lists_and_unknown_samples():
    from tinygrad_edu.utils.data import default_collate

    with pytest.raises(RuntimeError, match="each element in list of batch should be of equal"):
        default_collate([[1, 2], [3]])
    with pytest.raises(TypeError, match="default_collate: batch must contain tensors"):
        default_collate([object()])


def test_the_data_modules_are_pytorchs():
    import tinygrad_edu.utils.data as data

    assert data.dataloader.DataLoader is data.DataLoader
    assert data.dataloader.default_collate is data.default_collate
    assert data.sampler.SubsetRandomSampler is data.SubsetRandomSampler
    assert data.dataset.random_split is data.random_split
    assert data.DataLoader.__module__ == "tinygrad_edu.utils.data.dataloader"
