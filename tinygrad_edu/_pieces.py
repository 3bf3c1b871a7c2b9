"""Tensors cut into pieces, turned round and counted: ``narrow``, ``split``, ``chunk``,
``roll``, ``flip``, ``outer``, ``matrix_power``, ``unique``, ``bucketize``, and PyTorch's other
names for arithmetic (``subtract``, ``multiply``, ``true_divide``, ``ndimension``).

>>> import tinygrad_edu as torch
>>> x = torch.arange(6.0, requires_grad=True)
>>> [p.tolist() for p in x.chunk(4)], x.split(4)[1].grad_fn.name()
([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], 'SplitBackward0')
>>> x.roll(1).tolist(), torch.unique(torch.tensor([3, 1, 3])), torch.narrow(x, 0, 1, 2)
([5.0, 0.0, 1.0, 2.0, 3.0, 4.0], tensor([1, 3]), tensor([1., 2.], grad_fn=<SliceBackward0>))
"""

from __future__ import annotations

import bisect
import builtins
import itertools
import math
from typing import Any

from ._tensor import kernels
from ._tensor.dtype import int32, int64
from ._tensor.ops import matrices
from ._tensor.ops.inplace import write
from ._tensor.ops.views import slice_
from ._tensor.shape import normalize_dim
from ._tensor.tensor_graph import is_tensor, node_class, result
from .core.engine import Value, apply
from .core.grad_mode import STATE
from .core.ops import COPIES
from .linalg import inv

__all__ = ["FUNCTIONS", "METHODS", "bucketize", "chunk", "flip", "matrix_power", "narrow"]
__all__ += ["outer", "roll", "split", "unique"]


def narrow(input: Any, dim: int, start: Any, length: int) -> Any:
    """``length`` elements of dim ``dim`` from ``start`` (a view: ``SliceBackward0``)."""
    d = normalize_dim(dim, input.dim())
    n = input.shape[d]
    start = int(start)
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if start < 0:
        start += n
    if not 0 <= start <= n or length < 0 or start + length > n:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return slice_(input, d, slice(start, start + length))


def split(input: Any, split_size_or_sections: Any, dim: int = 0) -> tuple[Any, ...]:
    """Pieces of ``split_size`` along ``dim`` (the last one smaller), or of the sizes listed:
    views (``SplitBackward0``, ``SplitWithSizesBackward0``)."""
    d = normalize_dim(dim, input.dim())
    n = input.shape[d]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes, key = [int(s) for s in split_size_or_sections], "split_with_sizes"
        if sum(sizes) != n:
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's "
                f"size at dimension {d}), but got split_sizes={sizes}"
            )
    else:
        size, key = int(split_size_or_sections), "split"
        if size == 0 and n:
            raise RuntimeError(
                f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}"
            )
        if size < 0:
            raise RuntimeError(
                f"split expects split_size be non-negative, but got split_size={size}"
            )
        sizes = [size] * (n // size) + ([n % size] if n % size else []) if size else [n]
    starts = [0, *itertools.accumulate(sizes)]
    return tuple(slice_(input, d, slice(a, a + s), key=key) for a, s in zip(starts, sizes))


def chunk(input: Any, chunks: int, dim: int = 0) -> tuple[Any, ...]:
    """At most ``chunks`` pieces of equal size along ``dim`` (the last one may be smaller)."""
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    n = input.shape[normalize_dim(dim, input.dim())]
    return split(input, max(1, math.ceil(n / chunks)), dim)


def _copies(t: Any, pos: list[int], name: str) -> Any:
    """A new tensor of ``t``'s shape whose element k is ``t``'s element ``pos[k]``."""
    if STATE.enabled and t.requires_grad:
        vals = [apply(COPIES["select"], (t.flat[i],)) for i in pos]
        return result(vals, t.shape, t.dtype, node_class(name, 1, {}, "find"), (t,))
    vals = [Value(t.flat[i].data, requires_grad=False) for i in pos]
    return type(t).from_values(vals, tuple(t.shape), t.dtype)


def _moved(t: Any, move: Any) -> list[int]:
    """The row-major position in ``t`` of each output element, given ``move(index) ->
    source index``."""
    shape = tuple(t.shape)
    strides = [math.prod(shape[i + 1 :]) for i in range(len(shape))]
    return [sum(i * s for i, s in zip(move(ix), strides))
            for ix in itertools.product(*map(range, shape))]  # fmt: skip


def roll(input: Any, shifts: Any, dims: Any = None) -> Any:
    """Elements shifted along ``dims`` (round the end and back to the start: ``RollBackward0``);
    without ``dims``, over the flattened tensor."""
    if dims is None:  # over the row-major order
        n = input.numel()
        k = shifts if isinstance(shifts, int) else shifts[0]
        return _copies(input, [(i - k) % n for i in range(n)], "RollBackward0")
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    if len(shifts) != len(dims):
        raise RuntimeError(
            f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}"
        )
    by = {normalize_dim(d, input.dim()): s for d, s in zip(dims, shifts)}
    shape = input.shape
    return _copies(input, _moved(input, lambda ix: [
        (i - by.get(d, 0)) % shape[d] for d, i in enumerate(ix)]), "RollBackward0")  # fmt: skip


def flip(input: Any, dims: Any) -> Any:
    """The order of the elements along ``dims`` reversed (``FlipBackward0``)."""
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    ds = {normalize_dim(d, input.dim()) for d in dims}
    shape = input.shape

    def back(ix: tuple[int, ...]) -> list[int]:
        return [shape[d] - 1 - i if d in ds else i for d, i in enumerate(ix)]

    return _copies(input, _moved(input, back), "FlipBackward0")


def outer(input: Any, vec2: Any) -> Any:
    """The outer product of two vectors: PyTorch's ``input.reshape(-1, 1) * vec2``."""
    if input.dim() != 1 or vec2.dim() != 1:
        raise RuntimeError(
            f"outer: Expected 1-D argument self, but got {input.dim()}-D"
            if input.dim() != 1
            else f"outer: Expected 1-D argument vec2, but got {vec2.dim()}-D"
        )
    return input.reshape(-1, 1) * vec2


def matrix_power(input: Any, n: int) -> Any:
    """``input`` multiplied by itself ``n`` times, as PyTorch orders the products (the bits
    of ``n`` from the lowest); ``n = 0`` the identity, ``n < 0`` powers of the inverse."""
    if input.dim() < 2 or input.shape[-1] != input.shape[-2]:
        raise RuntimeError(
            "linalg.matrix_power: A must be batches of square matrices, but they are "
            f"{input.shape[-2] if input.dim() >= 2 else 1} by {input.shape[-1]} matrices"
        )
    if n == 0:
        k = input.shape[-1]
        eye = type(input).from_values(
            [Value(float(i == j), requires_grad=False) for i in range(k) for j in range(k)],
            (k, k), input.dtype)  # fmt: skip
        return eye.expand(*input.shape).clone()
    if n == 1:
        return input.clone()
    if n < 0:
        input, n = inv(input), -n
    z = acc = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = input if z is None else matrices.matmul(z, z)
        if bit:
            acc = z if acc is None else matrices.matmul(acc, z)
    return acc


def unique(input: Any, sorted: bool = True, return_inverse: bool = False,
           return_counts: bool = False, dim: int | None = None) -> Any:  # fmt: skip
    """The distinct elements, in increasing order; with ``return_inverse`` where each element
    went, with ``return_counts`` how often each came."""
    if dim is not None:
        raise NotImplementedError("unique(dim=...) is not built here: the flattened tensor only")
    xs = [v.data for v in input.flat]
    distinct = builtins.sorted(set(xs))  # `sorted` is PyTorch's argument's name here
    values = type(input).from_values(
        [Value(x, requires_grad=False) for x in distinct], (len(distinct),), input.dtype
    )
    out = [values]
    if return_inverse:
        where = {x: i for i, x in enumerate(distinct)}
        inv = [Value(float(where[x]), requires_grad=False) for x in xs]
        out.append(type(input).from_values(inv, tuple(input.shape), int64))
    if return_counts:
        counts = [Value(float(xs.count(x)), requires_grad=False) for x in distinct]
        out.append(type(input).from_values(counts, (len(distinct),), int64))
    return out[0] if len(out) == 1 else tuple(out)


def bucketize(input: Any, boundaries: Any, *, out_int32: bool = False, right: bool = False,
              out: Any = None) -> Any:  # fmt: skip
    """For each element, the index of the bucket of ``boundaries`` (sorted) it falls in:
    ``boundaries[i-1] < x <= boundaries[i]`` (``right=True``: ``<= x <``)."""
    bounds = [v.data for v in boundaries.flat]
    find = bisect.bisect_right if right else bisect.bisect_left
    if not is_tensor(input):
        return find(bounds, float(input))
    vals = [Value(float(find(bounds, v.data)), requires_grad=False) for v in input.flat]
    r = type(input).from_values(vals, tuple(input.shape), int32 if out_int32 else int64)
    if out is not None:
        return write(out, [v.data for v in r.flat])
    return r


METHODS: dict[str, Any] = {
    "narrow": narrow,
    "split": split,
    "chunk": chunk,
    "roll": roll,
    "flip": flip,
    "outer": outer,
    "ger": outer,
    "matrix_power": matrix_power,
    "unique": unique,
    "subtract": lambda self, other, *, alpha=1: kernels.binary(
        "sub", self, other if alpha == 1 else other * alpha
    ),
    "multiply": lambda self, other: kernels.binary("mul", self, other),
    "true_divide": lambda self, other: kernels.binary("div", self, other),
    "ndimension": lambda self: len(self.shape),
}
# the ones PyTorch has only as torch.f
FUNCTIONS: dict[str, Any] = {"bucketize": bucketize}
