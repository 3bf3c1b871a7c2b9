"""``torch.utils.data``: ``Dataset``, ``IterableDataset``, ``TensorDataset``, ``ConcatDataset``,
``Subset``, ``random_split`` and a ``DataLoader`` whose shuffled order is PyTorch's for the same
seed.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.utils.data import DataLoader, TensorDataset
>>> ds = TensorDataset(torch.arange(6.0), torch.arange(6))
>>> _ = torch.manual_seed(0)
>>> [y.tolist() for _, y in DataLoader(ds, batch_size=4, shuffle=True)]
[[0, 4, 3, 5], [2, 1]]
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .._tensor.tensor import Tensor, stack, tensor
from .._torch_cpu import random as draws
from .samplers import (
    BatchSampler,
    RandomSampler,
    Sampler,
    SequentialSampler,
    SubsetRandomSampler,
    WeightedRandomSampler,
    default_convert,
    get_worker_info,
)

__all__ = ["ConcatDataset", "DataLoader", "Dataset", "IterableDataset", "Subset", "TensorDataset"]
__all__ += ["ChainDataset", "StackDataset", "default_collate", "random_split"]
__all__ += ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler"]
__all__ += ["SubsetRandomSampler", "WeightedRandomSampler", "default_convert", "get_worker_info"]


class Dataset:
    """Anything with ``__getitem__`` (and ``__len__``): subclass it and define both."""

    def __getitem__(self, index: int) -> Any:
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other: Any) -> ConcatDataset:
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    """A stream of samples: subclass it and define ``__iter__`` (a DataLoader batches them in
    the order they come)."""

    def __iter__(self) -> Iterator[Any]:
        raise NotImplementedError("Subclasses of IterableDataset should implement __iter__.")


class ConcatDataset(Dataset):
    """The datasets one after another: index ``i`` is found through ``cumulative_sizes``."""

    def __init__(self, datasets: Iterable[Any]) -> None:
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = list(itertools.accumulate(len(d) for d in self.datasets))

    def __len__(self) -> int:
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx: int) -> Any:
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        k = bisect.bisect_right(self.cumulative_sizes, idx)
        start = self.cumulative_sizes[k - 1] if k > 0 else 0
        return self.datasets[k][idx - start]


class ChainDataset(IterableDataset):
    """Iterable datasets one after another, as one stream."""

    def __init__(self, datasets: Iterable[Any]) -> None:
        self.datasets = datasets

    def __iter__(self) -> Iterator[Any]:
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            yield from d

    def __len__(self) -> int:
        total = 0
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            total += len(d)
        return total


class StackDataset(Dataset):
    """Datasets of one length side by side: a sample is the tuple (``args``) or the dict
    (``kwargs``) of their samples at that index."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if args and kwargs:
            raise ValueError(
                "Supported either ``tuple``- (via ``args``) or``dict``- (via ``kwargs``) like "
                "input/output, but both types are given."
            )
        parts = list(args) or list(kwargs.values())
        if not parts:
            raise ValueError("At least one dataset should be passed")
        self._length = len(parts[0])
        if any(self._length != len(d) for d in parts):
            raise ValueError("Size mismatch between datasets")
        self.datasets: Any = args if args else kwargs

    def __getitem__(self, index: int) -> Any:
        if isinstance(self.datasets, dict):
            return {k: d[index] for k, d in self.datasets.items()}
        return tuple(d[index] for d in self.datasets)

    def __len__(self) -> int:
        return self._length


class TensorDataset(Dataset):
    """Samples are the ``i``-th rows of each tensor, as a tuple."""

    def __init__(self, *tensors: Tensor) -> None:
        if any(t.shape[0] != tensors[0].shape[0] for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index: int) -> tuple[Tensor, ...]:
        return tuple(t[index] for t in self.tensors)

    def __len__(self) -> int:
        return self.tensors[0].shape[0]


class Subset(Dataset):
    def __init__(self, dataset: Any, indices: Sequence[int]) -> None:
        self.dataset, self.indices = dataset, list(indices)

    def __getitem__(self, index: int) -> Any:
        return self.dataset[self.indices[index]]

    def __len__(self) -> int:
        return len(self.indices)


def random_split(dataset: Any, lengths: Sequence[float], generator: Any = None) -> list[Subset]:
    """Split into non-overlapping subsets of these lengths (or fractions), PyTorch's order."""
    parts = draws.split_indices(generator, len(dataset), lengths)
    return [Subset(dataset, p) for p in parts]


def default_collate(batch: list[Any]) -> Any:
    """Samples into a batch: tensors stacked, numbers into a tensor, tuples element by element."""
    first = batch[0]
    if isinstance(first, Tensor):
        return stack(batch)
    if isinstance(first, (int, float)):
        return tensor(batch)
    if isinstance(first, (tuple, list)):
        return [default_collate(list(items)) for items in zip(*batch)]
    if isinstance(first, dict):
        return {k: default_collate([b[k] for b in batch]) for k in first}
    return batch


class DataLoader:
    """Batches of a dataset, shuffled (``shuffle=True``) as PyTorch's ``RandomSampler`` does."""

    def __init__(
        self, dataset: Any, batch_size: int | None = 1, shuffle: bool | None = None,
        sampler: Any = None, batch_sampler: Any = None, num_workers: int = 0,
        collate_fn: Any = None, pin_memory: bool = False, drop_last: bool = False,
        timeout: float = 0, worker_init_fn: Any = None, multiprocessing_context: Any = None,
        generator: Any = None, *, prefetch_factor: int | None = None,
        persistent_workers: bool = False, pin_memory_device: str = "", in_order: bool = True,
    ) -> None:  # fmt: skip
        # PyTorch's checks, in its order and words (torch/utils/data/dataloader.py); the
        # batches are made here in the main process, whatever num_workers says
        if num_workers < 0:
            raise ValueError(
                "num_workers option should be non-negative; use num_workers=0 to disable "
                "multiprocessing."
            )
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError(
                "prefetch_factor option could only be specified in multiprocessing.let "
                "num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None."
            )
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError(
                    "batch_sampler option is mutually exclusive with batch_size, shuffle, "
                    "sampler, and drop_last"
                )
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError(
                "batch_size=None option disables auto-batching and is mutually exclusive with "
                "drop_last"
            )
        if batch_size is not None and batch_sampler is None:  # PyTorch's BatchSampler checks
            if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
                raise ValueError(
                    "batch_size should be a positive integer value, but got "
                    f"batch_size={batch_size}"
                )
            if not isinstance(drop_last, bool):
                raise ValueError(
                    f"drop_last should be a boolean value, but got drop_last={drop_last}"
                )
        # PyTorch's RandomSampler, made here for shuffle=True, refuses an empty dataset
        iterable = isinstance(dataset, IterableDataset)
        if shuffle and sampler is None and not iterable and len(dataset) <= 0:
            raise ValueError(
                "num_samples should be a positive integer value, but got "
                f"num_samples={len(dataset)}"
            )
        self.dataset, self.batch_size, self.shuffle = dataset, batch_size, bool(shuffle)
        self.sampler, self.batch_sampler = sampler, batch_sampler
        self.num_workers, self.drop_last, self.generator = num_workers, drop_last, generator
        self.collate_fn = collate_fn or default_collate

    def __len__(self) -> int:
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        n = len(self.sampler) if self.sampler is not None else len(self.dataset)
        if self.batch_size is None:
            return n
        return n // self.batch_size if self.drop_last else -(-n // self.batch_size)

    def _order(self) -> list[int]:
        n = len(self.dataset)
        draws.random_(self.generator, 1, "int64")  # each epoch's base seed, drawn first
        if self.sampler is not None:
            return list(self.sampler)
        if not self.shuffle:
            return list(range(n))
        return draws.sampler_order(None, n, self.generator)

    def __iter__(self) -> Iterator[Any]:
        if isinstance(self.dataset, IterableDataset):
            yield from self._stream()
            return
        order = self._order()
        if self.batch_sampler is not None:
            yield from (self.collate_fn([self.dataset[i] for i in b]) for b in self.batch_sampler)
            return
        if self.batch_size is None:
            yield from (self.collate_fn([self.dataset[i]])[0] for i in order)
            return
        for start in range(0, len(order), self.batch_size):
            idx = order[start : start + self.batch_size]
            if self.drop_last and len(idx) < self.batch_size:
                return
            yield self.collate_fn([self.dataset[i] for i in idx])

    def _stream(self) -> Iterator[Any]:
        draws.random_(self.generator, 1, "int64")  # the base seed, drawn as for any dataset
        if self.batch_size is None:
            yield from self.dataset
            return
        batch: list[Any] = []
        for sample in self.dataset:
            batch.append(sample)
            if len(batch) == self.batch_size:
                yield self.collate_fn(batch)
                batch = []
        if batch and not self.drop_last:
            yield self.collate_fn(batch)
