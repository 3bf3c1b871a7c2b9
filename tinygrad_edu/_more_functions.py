"""The remaining small ``torch`` functions a beginner meets: numerical integration
(``trapezoid``/``trapz``, ``cumulative_trapezoid``, as ATen's ``Integration.cpp``), ``vander``,
``combinations``, ``unravel_index``, the deprecated ``range`` (both ends included), ``rsub``,
``can_cast`` and ``row_stack``.

>>> import tinygrad_edu as torch
>>> torch.trapezoid(torch.tensor([1.0, 4.0, 9.0, 16.0]))
tensor(21.5000)
"""

from __future__ import annotations

import itertools
import math
import warnings
from typing import Any

from ._more_ops import named
from ._tensor.dtype import bool_, get_default_dtype, int64
from ._tensor.kernels import stack
from ._tensor.ops.joining import vstack
from ._tensor.ops.writeback import CopySlices
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, result

__all__ = ["FUNCTIONS"]


def _ends(y: Any, d: int) -> tuple[Any, Any]:
    n = y.shape[d]
    return y.narrow(d, 1, n - 1), y.narrow(d, 0, n - 1)


def _dx(x: Any, y: Any, d: int) -> Any:
    if x.dim() == 1:  # a 1-d x lines up with y's dim d
        dx = x.diff()
        return dx.reshape([len(dx) if k == d else 1 for k in range(y.dim())])
    return x.diff(dim=d)


def trapezoid(y: Any, x: Any = None, *, dx: Any = None, dim: int = -1) -> Any:
    """The trapezoidal rule along ``dim``: with spacing ``dx`` (1 by default),
    ``(sum(y) - (y[0] + y[-1]) / 2) * dx`` (``MulBackward1``); with sample points ``x``,
    ``sum(diff(x) * (y[1:] + y[:-1])) / 2`` (``DivBackward1``)."""
    d = normalize_dim(dim, y.dim())
    if y.shape[d] == 0:
        return y.sum(d)
    if x is not None and is_tensor(x):
        hi, lo = _ends(y, d)
        return named("DivBackward1", (_dx(x, y, d) * (hi + lo)).sum(d) / 2.0, (y,))
    step = 1 if dx is None and x is None else (x if dx is None else dx)
    r = (y.sum(d) - (y.select(d, 0) + y.select(d, -1)) * 0.5) * step
    return named("MulBackward1", r, (y,))


def cumulative_trapezoid(y: Any, x: Any = None, *, dx: Any = None, dim: int = -1) -> Any:
    """The running trapezoidal integral along ``dim`` (one element fewer than ``y``)."""
    d = normalize_dim(dim, y.dim())
    hi, lo = _ends(y, d)
    if x is not None and is_tensor(x):
        return named("DivBackward1", (_dx(x, y, d) * (lo + hi)).cumsum(d) / 2.0, (y,))
    step = 1 if dx is None and x is None else (x if dx is None else dx)
    return (step / 2.0 * (lo + hi)).cumsum(d)


def vander(x: Any, N: int | None = None, increasing: bool = False) -> Any:  # noqa: N803
    """The Vandermonde matrix: column ``j`` is ``x ** (N - 1 - j)`` (``x ** j`` when
    ``increasing``), made by a running product as ATen makes it."""
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.numel() if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    dt = x.dtype if x.dtype.is_floating_point else int64
    cols = [x.detach() * 0 + 1] + [x] * (n - 1)
    r = stack([c.to(dt) for c in cols], 1).cumprod(1) if n else x.new_zeros(x.numel(), 0)
    if increasing:
        if r.grad_fn is None:
            return r
        return result(r.flat, r.shape, r.dtype, CopySlices, (r, None))
    return r.flip(1)


def combinations(input: Any, r: int = 2, with_replacement: bool = False) -> Any:
    """Every ``r``-element combination of the 1-d ``input``, one row each (``StackBackward0``)."""
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(input.numel()), r))
    if not rows:
        return input.new_zeros(0)
    return stack([input[tensor([row[j] for row in rows], dtype=int64)] for j in range(r)], 1)


def unravel_index(indices: Any, shape: Any) -> tuple[Any, ...]:
    """The coordinates in ``shape`` of each flat index, one tensor per dim."""
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    flat = indices.reshape(-1).tolist() if is_tensor(indices) else [indices]
    total = math.prod(dims)
    coords: list[list[int]] = [[] for _ in dims]
    for i in flat:
        i = int(i)
        if not -total <= i < total:
            raise RuntimeError("index out of bounds in unravel_index")
        i %= total
        for k in range(len(dims) - 1, -1, -1):
            coords[k].append(i % dims[k])
            i //= dims[k]
    out_shape = indices.shape if is_tensor(indices) else ()
    return tuple(tensor(c, dtype=int64).reshape(out_shape) for c in coords)


def range_(start: float = 0, end: float | None = None, step: float = 1, *, dtype: Any = None,
           requires_grad: bool = False, **_: Any) -> Any:  # fmt: skip
    """``torch.range`` (deprecated): from ``start`` to ``end`` both included, floats."""
    warnings.warn(
        "torch.range is deprecated and will be removed in a future release because its "
        "behavior is inconsistent with Python's range builtin. Instead, use torch.arange, "
        "which produces values in [start, end).",
        UserWarning,
        stacklevel=2,
    )
    if end is None:
        start, end = 0, start
    n = math.floor((end - start) / step) + 1
    r = tensor([start + step * i for i in range(max(n, 0))], dtype=dtype or get_default_dtype())
    return r.requires_grad_() if requires_grad else r


def rsub(input: Any, other: Any, *, alpha: float = 1) -> Any:
    """``other - alpha * input`` (``RsubBackward0``; ``RsubBackward1`` for a number)."""
    r = other - (input * alpha if alpha != 1 else input)
    name = "RsubBackward0" if is_tensor(other) else "RsubBackward1"
    return named(name, r, (input, other) if is_tensor(other) else (input,))


def can_cast(from_: Any, to: Any) -> bool:
    """Whether PyTorch's type promotion lets ``from_`` be written into ``to``: never a float
    into an integer, never anything but a bool into a bool."""
    if from_.is_floating_point and not to.is_floating_point:
        return False
    return to is not bool_ or from_ is bool_


FUNCTIONS: dict[str, Any] = {
    "trapezoid": trapezoid, "trapz": trapezoid, "cumulative_trapezoid": cumulative_trapezoid,
    "vander": vander, "combinations": combinations, "unravel_index": unravel_index,
    "range": range_, "rsub": rsub, "can_cast": can_cast, "row_stack": vstack,
}  # fmt: skip
