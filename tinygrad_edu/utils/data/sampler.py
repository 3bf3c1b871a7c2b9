"""``torch.utils.data``'s samplers (``Sampler``, ``SequentialSampler``, ``RandomSampler``,
``SubsetRandomSampler``, ``WeightedRandomSampler``, ``BatchSampler``), drawing from the
seeded generator as PyTorch's do, so a sampled order is PyTorch's for the same seed.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.utils.data import BatchSampler, SequentialSampler
>>> list(BatchSampler(SequentialSampler(range(5)), batch_size=2, drop_last=False))
[[0, 1], [2, 3], [4]]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..._tensor.dtype import float64, int64
from ..._tensor.ops.sampling import Generator, multinomial, randint, randperm
from ..._tensor.tensor import Tensor, tensor
from ..._torch_cpu import random as draws

__all__ = ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler"]
__all__ += ["SubsetRandomSampler", "WeightedRandomSampler"]


class Sampler:
    """Something that yields dataset indices: subclass it and define ``__iter__``."""

    def __init__(self, data_source: Any = None) -> None:
        pass

    def __iter__(self) -> Iterator[Any]:
        raise NotImplementedError


class SequentialSampler(Sampler):
    """``0, 1, ..., len(data_source) - 1``."""

    def __init__(self, data_source: Any) -> None:
        self.data_source = data_source

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.data_source)))

    def __len__(self) -> int:
        return len(self.data_source)


class RandomSampler(Sampler):
    """The indices shuffled (``randperm`` per pass over the data), or drawn with
    ``replacement``; without a ``generator``, a private one seeded from the default one at
    each ``iter``, as PyTorch's."""

    def __init__(self, data_source: Any, replacement: bool = False,
                 num_samples: int | None = None, generator: Any = None) -> None:  # fmt: skip
        self.data_source, self.replacement = data_source, replacement
        self._num_samples, self.generator = num_samples, generator
        if not isinstance(self.replacement, bool):
            raise TypeError(
                f"replacement should be a boolean value, but got replacement={self.replacement}"
            )
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(
                "num_samples should be a positive integer value, but got "
                f"num_samples={self.num_samples}"
            )

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self) -> Iterator[int]:
        n = len(self.data_source)
        gen = self.generator
        if gen is None:
            gen = Generator()
            gen.manual_seed(int(draws.random_(None, 1, "int64")[0]))
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from randint(n, (32,), dtype=int64, generator=gen).tolist()
            yield from randint(n, (self.num_samples % 32,), dtype=int64, generator=gen).tolist()
        else:
            for _ in range(self.num_samples // n):
                yield from randperm(n, generator=gen).tolist()
            yield from randperm(n, generator=gen).tolist()[: self.num_samples % n]

    def __len__(self) -> int:
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices in a random order (``randperm`` of their count)."""

    def __init__(self, indices: Any, generator: Any = None) -> None:
        self.indices, self.generator = indices, generator

    def __iter__(self) -> Iterator[Any]:
        for i in randperm(len(self.indices), generator=self.generator).tolist():
            yield self.indices[i]

    def __len__(self) -> int:
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    """``num_samples`` indices drawn with probability in proportion to ``weights``
    (``torch.multinomial``)."""

    def __init__(self, weights: Any, num_samples: int, replacement: bool = True,
                 generator: Any = None) -> None:  # fmt: skip
        if isinstance(num_samples, bool) or not isinstance(num_samples, int) or num_samples <= 0:
            raise ValueError(
                f"num_samples should be a positive integer value, but got num_samples={num_samples}"
            )
        if not isinstance(replacement, bool):
            raise ValueError(
                f"replacement should be a boolean value, but got replacement={replacement}"
            )
        w = weights if isinstance(weights, Tensor) else tensor(list(weights), dtype=float64)
        if w.dim() != 1:
            raise ValueError(
                f"weights should be a 1d sequence but given weights have shape {tuple(w.shape)}"
            )
        self.weights = w.to(float64)
        self.num_samples, self.replacement, self.generator = num_samples, replacement, generator

    def __iter__(self) -> Iterator[int]:
        got = multinomial(self.weights, self.num_samples, self.replacement,
                          generator=self.generator)  # fmt: skip
        yield from got.tolist()

    def __len__(self) -> int:
        return self.num_samples


class BatchSampler(Sampler):
    """Another sampler's indices in lists of ``batch_size`` (the last one shorter unless
    ``drop_last``)."""

    def __init__(self, sampler: Any, batch_size: int, drop_last: bool) -> None:
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
            raise ValueError(
                f"batch_size should be a positive integer value, but got batch_size={batch_size}"
            )
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self) -> Iterator[list[Any]]:
        batch: list[Any] = []
        for idx in self.sampler:
            batch.append(idx)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self) -> int:
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else -(-n // self.batch_size)
