"""``torch.utils.data.dataset``: ``Dataset``, ``IterableDataset``, ``TensorDataset``,
``ConcatDataset``, ``ChainDataset``, ``StackDataset``, ``Subset`` and ``random_split`` (whose
split is PyTorch's for the same seed).

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.utils.data import TensorDataset, random_split
>>> ds = TensorDataset(torch.arange(6.0))
>>> len(ds), ds[2]
(6, (tensor(2.),))
>>> _ = torch.manual_seed(0)
>>> [list(s.indices) for s in random_split(ds, [4, 2])]
[[2, 5, 3, 0], [1, 4]]
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..._tensor.tensor import Tensor
from ..._torch_cpu import random as draws

__all__ = ["ChainDataset", "ConcatDataset", "Dataset", "IterableDataset", "StackDataset"]
__all__ += ["Subset", "TensorDataset", "random_split"]


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
