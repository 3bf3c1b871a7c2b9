"""Shapes: broadcasting, dims and indices as PyTorch checks them, and nested lists <-> flat.

>>> broadcast(Size([2, 1]), Size([3]))
(torch.Size([2, 3]), (0, 0, 0, 1, 1, 1), (0, 1, 2, 0, 1, 2))
>>> nest([1, 2, 3, 4], (2, 2)), flatten([[1, 2], [3, 4]])
([[1, 2], [3, 4]], ([1, 2, 3, 4], (2, 2)))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from .dtype import Size

__all__ = [
    "MAX_ELEMENTS",
    "along",
    "broadcast",
    "check_numel",
    "flatten",
    "index",
    "nest",
    "normalize_dim",
    "numel",
    "sizes",
]

# Every element of a tensor is a Python object here (a Value: about 150 bytes, more with its
# graph, and a microsecond or so per op): past this many in one tensor, the engine says so at
# once instead of filling the machine's memory for minutes. PyTorch is the tool for such sizes.
MAX_ELEMENTS = 10_000_000
_BYTES_PER_ELEMENT = 150


def check_numel(n: int) -> int:
    """``n``, the element count of a tensor about to be made; a clear ``RuntimeError`` (before
    any memory is taken) when it is more than this teaching engine holds (``MAX_ELEMENTS``)."""
    if n > MAX_ELEMENTS:
        gb = n * _BYTES_PER_ELEMENT / 1e9
        raise RuntimeError(
            f"a tensor of {n:,} elements is more than tinygrad_edu holds (at most "
            f"{MAX_ELEMENTS:,}): every element is a Python object of about "
            f"{_BYTES_PER_ELEMENT} bytes, so it would need about {gb:,.1f} GB and minutes per "
            "op. Use fewer elements, or PyTorch itself for tensors this large."
        )
    return n


def broadcast(a: Size, b: Size) -> tuple[Size, Sequence[int], Sequence[int]]:
    """The result shape and, for each result element, the flat index into a and into b
    (tuples, shared between calls with the same shapes: a training loop's every step)."""
    a, b = tuple(a), tuple(b)
    if math.prod(a) + math.prod(b) > 100_000:  # kept only while small
        return _broadcast.__wrapped__(a, b)
    return _broadcast(a, b)


@functools.lru_cache(maxsize=64)
def _broadcast(
    a: tuple[int, ...], b: tuple[int, ...]
) -> tuple[Size, tuple[int, ...], tuple[int, ...]]:
    n = max(len(a), len(b))
    pa, pb = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    for d in reversed(range(n)):  # PyTorch names the last mismatching dim
        x, y = pa[d], pb[d]
        if x != y and x != 1 and y != 1:
            raise RuntimeError(
                f"The size of tensor a ({x}) must match the size of tensor b ({y}) "
                f"at non-singleton dimension {d}"
            )
    shape = [x if y == 1 else y for x, y in zip(pa, pb)]
    check_numel(math.prod(shape))
    ia, ib = [0], [0]
    for size, x, y in zip(shape, pa, pb):
        ia = [i * x + (j if x != 1 else 0) for i in ia for j in range(size)]
        ib = [i * y + (j if y != 1 else 0) for i in ib for j in range(size)]
    return Size(shape), tuple(ia), tuple(ib)


def along(shape: Sequence[int], d: int) -> list[list[int]]:
    """The flat positions of each line along dim ``d`` of a row-major ``shape``, line by line
    in row-major order of the other dims."""
    outer, n, inner = math.prod(shape[:d]), shape[d], math.prod(shape[d + 1 :])
    return [[(o * n + k) * inner + i for k in range(n)] for o in range(outer) for i in range(inner)]


def normalize_dim(dim: int, ndim: int) -> int:
    """``dim`` in ``[0, ndim)``, negative dims counted from the end, or PyTorch's IndexError."""
    lo, hi = (-ndim, ndim - 1) if ndim else (-1, 0)
    if not lo <= dim <= hi:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})"
        )
    return dim % ndim if ndim else 0


def index(i: Any, size: int, dim: int) -> int:
    """An index into a dimension of ``size``, negative ones from the end, or PyTorch's error."""
    i = int(i)
    if not -size <= i < size:
        raise IndexError(f"index {i} is out of bounds for dimension {dim} with size {size}")
    return i % size


def nest(flat: Sequence[Any], shape: Sequence[int]) -> Any:
    """Flat row-major values -> nested lists (a bare value for shape ())."""
    if not shape:
        return flat[0]
    out: Any = list(flat)
    for n in reversed(shape[1:]):
        out = [out[i : i + n] for i in range(0, len(out), n)] if n else []
    return out


def flatten(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    """Nested lists (or anything with ``tolist()``, such as a tensor) -> flat values, shape."""
    if hasattr(data, "tolist") and hasattr(data, "shape"):
        return flatten(data.tolist()) if data.shape else ([data.tolist()], ())
    if isinstance(data, range):
        data = list(data)
    if not isinstance(data, (list, tuple)):
        return [data], ()
    if not data:
        return [], (0,)
    parts = [flatten(x) for x in data]
    inner = parts[0][1]
    for k, (_, s) in enumerate(parts):
        if s != inner:
            got = s[0] if s else type(data[k]).__name__
            raise ValueError(
                f"expected sequence of length {inner[0] if inner else 0} at dim 1 (got {got})"
            )
    return [x for p, _ in parts for x in p], (len(data), *inner)


def sizes(size: tuple[Any, ...]) -> tuple[int, ...]:
    """A factory's sizes, given as ``(2, 3)`` or ``((2, 3),)``."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    got = tuple(int(s) for s in size)
    check_numel(math.prod(got))
    return got


def numel(shape: Sequence[int]) -> int:
    """How many elements a tensor of this shape has."""
    return math.prod(shape)
