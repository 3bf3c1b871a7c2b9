"""``DataLoader``: batches of a dataset, in the order of its sampler (PyTorch's
``torch.utils.data.dataloader``; the batches are made in the main process).

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.utils.data import DataLoader, TensorDataset
>>> ds = TensorDataset(torch.arange(6.0), torch.arange(6))
>>> _ = torch.manual_seed(0)
>>> [y.tolist() for _, y in DataLoader(ds, batch_size=4, shuffle=True)]
[[0, 4, 3, 5], [2, 1]]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..._torch_cpu import random as draws
from ._utils.collate import default_collate, default_convert
from ._utils.worker import get_worker_info
from .dataset import Dataset, IterableDataset
from .sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler

__all__ = ["DataLoader", "default_collate", "default_convert", "get_worker_info"]
# PyTorch's dataloader module also offers these names (old code imports them from here)
__all__ += ["BatchSampler", "Dataset", "IterableDataset", "RandomSampler", "Sampler"]
__all__ += ["SequentialSampler"]


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
