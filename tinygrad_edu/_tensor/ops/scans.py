"""Running totals along a dim: ``cumsum`` (``CumsumBackward0``) and ``cumprod``
(``CumprodBackward0``).

>>> import tinygrad_edu as torch
>>> torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).cumsum(1)
tensor([[ 1.,  3.,  6.],
        [ 4.,  9., 15.]])

PyTorch's CPU kernel keeps the running value in double and rounds each output to the
tensor's dtype; here the running value is a chain of the table's ``+`` (or ``*``) in double,
and each output a copy of it, rounded.
"""

from __future__ import annotations

import operator
from typing import Any

from ...core.engine import apply
from ...core.ops import COPIES
from ..dtype import float64, int64, store
from ..shape import along, normalize_dim
from ..tensor_graph import node_class, result

__all__ = ["METHODS", "cumprod", "cumsum"]

_MISSING: Any = object()


def _scan(t: Any, dim: Any, dtype: Any, name: str, kind: str) -> Any:
    if dim is _MISSING:
        raise TypeError(f'{kind}() missing 1 required positional arguments: "dim"')
    if dtype is not None and dtype is not t.dtype:
        t = t.to(dtype)
    dt = t.dtype if t.dtype.is_floating_point else int64
    d = normalize_dim(dim, max(t.dim(), 1))
    lines = along(t.shape, d) if t.shape else [[0]]
    step = operator.add if kind == "cumsum" else operator.mul
    vals: list[Any] = [None] * len(t.flat)
    for line in lines:
        running: Any = None
        for i in line:
            x = t.flat[i]
            running = x if running is None else step(running, x)
            out = apply(COPIES["select"], (running,))
            out.data = out.data if dt is float64 else store(dt, out.data)
            vals[i] = out
    return result(vals, t.shape, dt, node_class(name, 1, {}, "find"), (t,), _saved_dim=d)


def cumsum(input: Any, dim: Any = _MISSING, *, dtype: Any = None, axis: Any = _MISSING) -> Any:
    """The running sums along ``dim`` (or NumPy's ``axis``; integers and bools give int64)."""
    return _scan(input, axis if dim is _MISSING else dim, dtype, "CumsumBackward0", "cumsum")


def cumprod(input: Any, dim: Any = _MISSING, *, dtype: Any = None) -> Any:
    """The running products along ``dim``."""
    return _scan(input, dim, dtype, "CumprodBackward0", "cumprod")


METHODS: dict[str, Any] = {"cumsum": cumsum, "cumprod": cumprod}
