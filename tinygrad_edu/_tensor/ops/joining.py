"""Joining and repeating tensors: ``hstack``, ``vstack``, ``column_stack``, ``concat``,
``repeat``, ``repeat_interleave``, and the shapes of broadcasting (``broadcast_shapes``,
``broadcast_tensors``).

>>> import tinygrad_edu as torch
>>> torch.vstack([torch.tensor([1, 2]), torch.tensor([3, 4])])
tensor([[1, 2],
        [3, 4]])
>>> torch.arange(3).repeat_interleave(2), torch.broadcast_shapes((3, 1), (1, 4))
(tensor([0, 0, 1, 1, 2, 2]), torch.Size([3, 4]))
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ...core.engine import Value, apply
from ...core.ops import COPIES
from ..arguments import int_list, nonnegative
from ..dtype import Size
from ..shape import normalize_dim
from ..tensor_graph import is_tensor, node_class, result
from .reductions import cat

__all__ = ["METHODS", "broadcast_shapes", "broadcast_tensors", "column_stack", "hstack",
           "repeat_interleave", "vstack"]  # fmt: skip


def _nonempty(name: str, tensors: Sequence[Any]) -> list[Any]:
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError(f"{name} expects a non-empty TensorList")
    return tensors


def hstack(tensors: Sequence[Any]) -> Any:
    """Side by side: along dim 0 for vectors, dim 1 otherwise."""
    tensors = [t.reshape(1) if not t.dim() else t for t in _nonempty("hstack", tensors)]
    return cat(tensors, 0 if tensors[0].dim() == 1 else 1)


def vstack(tensors: Sequence[Any]) -> Any:
    """One above the other: vectors become rows, then joined along dim 0."""
    tensors = _nonempty("vstack", tensors)
    return cat([t.reshape(1, -1) if t.dim() < 2 else t for t in tensors], 0)


def column_stack(tensors: Sequence[Any]) -> Any:
    """Vectors as columns, joined along dim 1."""
    tensors = _nonempty("column_stack", tensors)
    return cat([t.reshape(-1, 1) if t.dim() < 2 else t for t in tensors], 1)


def broadcast_shapes(*shapes: Any) -> Size:
    """The shape that tensors of these shapes broadcast to, or PyTorch's error."""
    sizes = [tuple(s) if isinstance(s, (tuple, list)) else (s,) for s in shapes]
    n = max((len(s) for s in sizes), default=0)
    out = [1] * n
    for k, s in enumerate(sizes):
        before = list(out)
        for i, x in enumerate(s):
            j = n - len(s) + i
            if out[j] == 1:
                out[j] = x
            elif x not in (1, out[j]):
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {x} at {i - len(s)}! "
                    f"Mismatching argument at index {k} had {tuple(s)}; but expected shape "
                    f"should be broadcastable to {before}"
                )
    return Size(out)


def broadcast_tensors(*tensors: Any) -> tuple[Any, ...]:
    """Each tensor expanded to the common shape."""
    shape = broadcast_shapes(*(t.shape for t in tensors))
    return tuple(t.expand(*shape) for t in tensors)


def _repeated(t: Any, pos: list[int], shape: Sequence[int], name: str) -> Any:
    vals = [apply(COPIES["select"], (t.flat[i],)) for i in pos]
    return result(vals, shape, t.dtype, node_class(name, 1, {}, "find"), (t,))


def repeat_interleave(input: Any, repeats: Any = None, dim: int | None = None, *,
                      output_size: int | None = None) -> Any:  # fmt: skip
    """Each element (or each slice along ``dim``) repeated ``repeats`` times in place; with
    only a tensor of counts, each index repeated that many times."""
    if repeats is None:  # torch.repeat_interleave(counts): each index, that many times
        idx = [i for i, v in enumerate(input.flat) for _ in range(int(v.data))]
        vals = [Value(float(i), requires_grad=False) for i in idx]
        return type(input).from_values(vals, (len(idx),), input.dtype)
    t = input.reshape(-1) if dim is None else input
    d = 0 if dim is None else normalize_dim(dim, t.dim())
    n = t.shape[d]
    reps = [int(v.data) for v in repeats.flat] if is_tensor(repeats) else [int(repeats)] * n
    if len(reps) == 1:
        reps = reps * n
    if len(reps) != n:
        raise RuntimeError("repeats must have the same size as input along dim")
    outer, inner = math.prod(t.shape[:d]), math.prod(t.shape[d + 1 :])
    pos = [
        (o * n + k) * inner + i
        for o in range(outer) for k in range(n) for _ in range(reps[k]) for i in range(inner)
    ]  # fmt: skip
    shape = list(t.shape)
    shape[d] = sum(reps)
    return _repeated(t, pos, shape, "ViewBackward0" if dim is None else "IndexSelectBackward0")


def repeat(input: Any, *sizes: Any) -> Any:
    """The whole tensor tiled ``sizes[i]`` times along each dim (``RepeatBackward0``)."""
    sizes = int_list("repeat", sizes, name="repeats")
    if len(sizes) < input.dim():
        raise RuntimeError(
            "Number of dimensions of repeat dims can not be smaller than number of dimensions "
            "of tensor"
        )
    src = (1,) * (len(sizes) - input.dim()) + tuple(input.shape)
    shape = [a * b for a, b in zip(src, sizes)]
    nonnegative(shape)
    strides = [math.prod(src[i + 1 :]) for i in range(len(src))]
    pos = [
        sum((j % s) * st for j, s, st in zip(idx, src, strides))
        for idx in itertools.product(*(range(n) for n in shape))
    ]
    return _repeated(input, pos, shape, "RepeatBackward0")


METHODS: dict[str, Any] = {"repeat_interleave": repeat_interleave, "repeat": repeat}
