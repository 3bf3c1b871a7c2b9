"""The factories that make a tensor from a size: ``zeros``, ``ones``, ``full``, ``arange``.

>>> zeros(2, 3).shape, arange(3)
(torch.Size([2, 3]), tensor([0, 1, 2]))

``torch.tensor`` (from data) is the constructor itself, in ``tensor.py``.
"""

from __future__ import annotations

import math
from typing import Any

from .dtype import dtype, get_default_dtype, int64
from .shape import nest, sizes
from .tensor import Tensor, tensor
from .tensor_messages import INT_GRAD

__all__ = ["arange", "full", "ones", "zeros"]


def full(
    size: Any, fill_value: float, *, dtype: dtype | None = None, requires_grad: bool = False
) -> Tensor:
    """``torch.full((2, 3), 7.0)``: every element ``fill_value``."""
    shape = sizes(size if isinstance(size, tuple) else (size,))
    dt = dtype or get_default_dtype()
    if shape and not math.prod(shape):
        t = Tensor.from_values([], shape, dt)
    else:
        t = tensor(nest([fill_value] * math.prod(shape), shape) if shape else fill_value, dtype=dt)
    return _requiring_grad(t) if requires_grad else t


def _requiring_grad(t: Tensor) -> Tensor:
    if not t.dtype.is_floating_point:
        raise RuntimeError(INT_GRAD)
    return t.requires_grad_()


def ones(*size: Any, dtype: dtype | None = None, requires_grad: bool = False) -> Tensor:
    """``torch.ones(2, 3)`` or ``torch.ones((2, 3))``."""
    return full(size, 1.0, dtype=dtype, requires_grad=requires_grad)


def zeros(*size: Any, dtype: dtype | None = None, requires_grad: bool = False) -> Tensor:
    """``torch.zeros(2, 3)`` or ``torch.zeros((2, 3))``."""
    return full(size, 0.0, dtype=dtype, requires_grad=requires_grad)


def arange(
    start: float, end: float | None = None, step: float = 1, *, dtype: dtype | None = None,
    requires_grad: bool = False,
) -> Tensor:  # fmt: skip
    """``torch.arange(5)``, ``torch.arange(0, 1, 0.25)``: int64 when every bound is an int."""
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    n = max(0, math.ceil((end - start) / step))
    ints = all(isinstance(x, int) for x in (start, end, step))
    dt = dtype or (int64 if ints else get_default_dtype())
    data = [start + i * step for i in range(n)]
    t = tensor(data, dtype=dt) if data else Tensor.from_values([], (0,), dt)
    return _requiring_grad(t) if requires_grad else t
