"""The ``new_*`` methods: a tensor's own factories, which give a new tensor of its dtype
(``x.new_zeros(3)``, ``x.new_ones(2, 2)``, ``x.new_full((2,), 7)``, ``x.new_tensor([1, 2])``).

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1, 2], [3, 4]])
>>> x.new_zeros(3), x.new_tensor([1.5])
(tensor([0, 0, 0]), tensor([1]))
"""

from __future__ import annotations

import math
from typing import Any

from ...core.engine import Value
from ..arguments import int_list, nonnegative
from ..device import check_device
from ..dtype import dtype, float32, store
from ..kernels import float32_arithmetic
from ..shape import flatten
from ..tensor_messages import INT_GRAD

__all__ = ["METHODS"]


def _made(t: Any, flat: list[Any], shape: tuple[int, ...], dt: dtype | None,
          device: Any, requires_grad: bool) -> Any:  # fmt: skip
    check_device(device)
    dt = dt or t.dtype
    if requires_grad and not dt.is_floating_point:
        raise RuntimeError(INT_GRAD)
    keep = dt is float32 and not float32_arithmetic()  # float64 numbers, rounded when read
    vals = [Value(float(x) if keep else store(dt, float(x)), requires_grad=False) for x in flat]
    out = type(t).from_values(vals, shape, dt)
    return out.requires_grad_() if requires_grad else out


def _new_full(t: Any, size: Any, fill_value: Any, *, dtype: dtype | None = None,
              device: Any = None, requires_grad: bool = False) -> Any:  # fmt: skip
    shape = nonnegative(int_list("new_full", (size,), varargs=False))
    return _made(t, [fill_value] * math.prod(shape), shape, dtype, device, requires_grad)


def _filled(value: float, fn: str) -> Any:
    def new(t: Any, *size: Any, dtype: dtype | None = None, device: Any = None,
            requires_grad: bool = False) -> Any:  # fmt: skip
        shape = nonnegative(int_list(fn, size))
        return _made(t, [value] * math.prod(shape), shape, dtype, device, requires_grad)

    return new


def _new_tensor(t: Any, data: Any, *, dtype: dtype | None = None, device: Any = None,
                requires_grad: bool = False) -> Any:  # fmt: skip
    flat, shape = flatten(data)
    for x in flat:
        if not isinstance(x, (int, float, bool)):
            raise TypeError(f"new(): invalid data type '{type(x).__name__}'")
    return _made(t, flat, shape, dtype, device, requires_grad)


METHODS: dict[str, Any] = {
    "new_zeros": _filled(0.0, "new_zeros"),
    "new_ones": _filled(1.0, "new_ones"),
    "new_empty": _filled(0.0, "new_empty"),  # PyTorch's holds whatever memory held; here zeros
    "new_full": _new_full,
    "new_tensor": _new_tensor,
}
