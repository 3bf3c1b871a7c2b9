"""Division that rounds: ``//`` (``floor_divide``), ``%`` (``remainder``), ``fmod`` and
``torch.div(a, b, rounding_mode=...)``, with PyTorch's dtypes and errors.

>>> import tinygrad_edu as torch
>>> torch.tensor([7, -7]) // 2, torch.tensor([7, -7]) % 3
(tensor([ 3, -4]), tensor([2, 2]))
>>> torch.div(torch.tensor([7.0, -7.0]), 2, rounding_mode="trunc")
tensor([ 3.5000, -3.5000])

``remainder`` and ``fmod`` are the op table's (``RemainderBackward0``, slope 1); a floor
division has no derivative in PyTorch (its node is ``NotImplemented`` and backward through it
fails), and a rounded ``div`` has slope 0 (``DivBackward2``).
"""

from __future__ import annotations

from typing import Any

from ..._torch_cpu.float32_libm import f32
from ...core.engine import Value, apply
from ...core.fmath import fdiv
from ...core.ops import OPS, Op
from ...core.ops import floor_divide as floor_divide_float
from .. import kernels
from ..dtype import bool_, float32, float64, get_default_dtype, int64, promote, result_type, store
from ..shape import broadcast
from ..tensor_graph import is_tensor, node_class, result

__all__ = ["METHODS", "div", "floor_divide", "fmod", "remainder"]

_Number = (int, float)
_trunc = OPS["trunc"].forward


def _int_floor_div(a: float, b: float) -> float:
    return float(int(a) // int(b))


def _int_trunc_div(a: float, b: float) -> float:
    q = abs(int(a)) // abs(int(b))
    return float(q if (a < 0) == (b < 0) else -q)


def _not_differentiable(name: str) -> Any:
    def local(*xs: Any) -> tuple[Any, ...]:
        raise RuntimeError(f"derivative for aten::{name} is not implemented")

    return local


def _op(key: str, name: str, local: Any) -> Op:
    # the forward rule is the dtype's, set on each result (_rounded): 0.0 is a placeholder
    return Op(key=key, name=name, forward=lambda a, b: 0.0, local=local,
              expr=f"{key}({{0}}, {{1}})", dlocal=("0", "0"), slots=2, method=None)  # fmt: skip


# each result element's node; PyTorch has no derivative for these two (node "NotImplemented")
_FLOOR_DIVIDE = _op("floor_divide", "NotImplemented", _not_differentiable("floor_divide"))
_RREMAINDER = _op("rremainder", "NotImplemented", _not_differentiable("remainder"))
_DIV_ROUNDED = _op("div_rounded", "DivBackward2", lambda a, b, out: (0.0, 0.0))


def _dtype(a: Any, b: Any) -> Any:
    return result_type(a, b) if is_tensor(b) else promote(a.dtype, None, b)


def _rounded(op: Op, a: Any, b: Any, forward: Any, dt: Any) -> Any:
    """``forward`` on each pair of elements (``b`` broadcast), one node ``op`` each, stored
    as ``dt``."""
    if is_tensor(b):
        shape, ia, ib = broadcast(a.shape, b.shape)
        pairs = [(a.flat[i], b.flat[j]) for i, j in zip(ia, ib)]
    else:
        shape, pairs = a.shape, [(v, float(b)) for v in a.flat]
    vals = []
    for x, y in pairs:
        v = apply(op, (x, y))
        v.data = forward(x.data, y.data if y.__class__ is Value else y)
        vals.append(v)
    if dt is float32 and kernels.float32_arithmetic():
        kernels.as_float32(op.key, vals)
    elif dt is not float64:
        for v in vals:
            v.data = store(dt, v.data)
    return result(vals, shape, dt, node_class(op.name, 2), (a, b))


def _check(kernel: str, a: Any, b: Any, dt: Any) -> None:
    if a.dtype is bool_ and getattr(b, "dtype", None) is bool_:
        raise NotImplementedError(f"\"{kernel}_cpu\" not implemented for 'Bool'")
    if not dt.is_floating_point:
        divisors = [v.data for v in b.flat] if is_tensor(b) else [b]
        if any(d == 0 for d in divisors):
            raise RuntimeError("ZeroDivisionError")


def floor_divide(input: Any, other: Any) -> Any:
    """``a // b``: the quotient rounded down (an integer tensor stays integral)."""
    if not (is_tensor(other) or isinstance(other, _Number)):
        return NotImplemented
    dt = _dtype(input, other)
    _check("div_floor", input, other, dt)
    if dt.is_floating_point:
        r = f32 if dt is float32 else float
        return _rounded(_FLOOR_DIVIDE, input, other, lambda x, y: floor_divide_float(x, y, r), dt)
    return _rounded(_FLOOR_DIVIDE, input, other, _int_floor_div, dt)


def remainder(input: Any, other: Any) -> Any:
    """``a % b``: the remainder with the divisor's sign (``RemainderBackward0``)."""
    if not (is_tensor(other) or isinstance(other, _Number)):
        return NotImplemented
    _check("remainder", input, other, _dtype(input, other))
    return kernels.binary("remaindert" if is_tensor(other) else "remainder", input, other)


def fmod(input: Any, other: Any) -> Any:
    """C's ``fmod``: the remainder with the dividend's sign (``FmodBackward0``)."""
    if is_tensor(other):
        raise NotImplementedError("fmod by a tensor is not supported here: use a number")
    _check("fmod", input, other, _dtype(input, other))
    return kernels.binary("fmod", input, other)


def _number_tensor(t: Any, number: Any) -> Any:
    # a Python number on the left: a 0-d tensor of the number's kind
    dt = bool_ if isinstance(number, bool) else int64 if isinstance(number, int) else None
    dt = dt or get_default_dtype()
    return type(t).from_values([Value(float(number), requires_grad=False)], (), dt)


def _rfloordiv(t: Any, number: Any) -> Any:
    if not isinstance(number, _Number):
        return NotImplemented
    return floor_divide(_number_tensor(t, number), t)


def _rmod(t: Any, number: Any) -> Any:
    if not isinstance(number, _Number):
        return NotImplemented
    n = _number_tensor(t, number)
    dt = result_type(n, t)
    _check("remainder", n, t, dt)
    return _rounded(_RREMAINDER, n, t, OPS["remainder"].forward, dt)


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Any:
    """``torch.div``: true division, or rounded toward zero (``"trunc"``) or down
    (``"floor"``), the rounded ones with slope 0 (``DivBackward2``)."""
    if rounding_mode not in (None, "trunc", "floor"):
        raise RuntimeError(
            "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
            f"'{rounding_mode}'"
        )
    if rounding_mode is None:
        return kernels.binary("div", input, other)
    dt = _dtype(input, other)
    _check("div_" + rounding_mode, input, other, dt)
    if not dt.is_floating_point:
        fwd = _int_trunc_div if rounding_mode == "trunc" else _int_floor_div
    elif rounding_mode == "trunc":
        r = f32 if dt is float32 else float
        fwd = lambda x, y: _trunc(r(fdiv(x, y)))
    else:
        r = f32 if dt is float32 else float
        fwd = lambda x, y: floor_divide_float(x, y, r)
    return _rounded(_DIV_ROUNDED, input, other, fwd, dt)


METHODS: dict[str, Any] = {
    "__floordiv__": floor_divide,
    "__rfloordiv__": _rfloordiv,
    "__mod__": remainder,
    "__rmod__": _rmod,
    "floor_divide": floor_divide,
    "remainder": remainder,
    "fmod": fmod,
    "div": div,
    "divide": div,
}
