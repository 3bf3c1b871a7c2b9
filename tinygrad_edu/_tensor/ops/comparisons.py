"""Comparisons and logic: ``==`` ``!=`` ``<`` ``<=`` ``>`` ``>=`` (and ``eq``, ``ne``, ``lt``...),
``&`` ``|`` ``^`` ``~``, ``logical_and/or/xor/not``, ``isnan``/``isinf``/``isfinite``,
``isclose`` and ``allclose``: bool tensors (bitwise ops on integers give integers), never part
of a graph.

>>> import tinygrad_edu as torch
>>> c, d = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 0.0, 3.0])
>>> c.eq(d), torch.isclose(c, d), (c > 1) & (d > 1)
(tensor([ True, False,  True]), tensor([ True, False,  True]), tensor([False, False,  True]))

A Python number is compared as the tensor's dtype holds it (``tensor([0.1]) == 0.1`` holds
for a float32 tensor, whose 0.1 is the float32 one), as PyTorch does.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable
from typing import Any

from ...core.engine import Value
from ..arguments import operands
from ..dtype import C_NAMES, bool_, promote, result_type, store
from ..shape import broadcast
from ..tensor_graph import is_tensor

__all__ = ["FUNCTIONS", "METHODS", "allclose", "isclose"]

_Number = (int, float, bool)


def _pairs(a: Any, b: Any) -> tuple[Any, list[tuple[float, float]]] | None:
    if is_tensor(b):
        shape, ia, ib = broadcast(a.shape, b.shape)
        return shape, [(a.flat[i].data, b.flat[j].data) for i, j in zip(ia, ib)]
    if isinstance(b, _Number):
        n = float(b)
        if a.dtype.is_floating_point:  # the number as the tensor holds it
            n = store(a.dtype, n)
        return a.shape, [(v.data, n) for v in a.flat]
    return None


def _bools(like: Any, shape: Any, flags: Any) -> Any:
    vals = [Value(1.0 if f else 0.0, requires_grad=False) for f in flags]
    return type(like).from_values(vals, tuple(shape), bool_)


def _comparison(fn: Callable[[float, float], bool]) -> Callable[[Any, Any], Any]:
    def compare(a: Any, b: Any) -> Any:
        got = _pairs(a, b)
        if got is None:
            return NotImplemented
        shape, pairs = got
        return _bools(a, shape, (fn(x, y) for x, y in pairs))

    return compare


def _logical(fn: Callable[[bool, bool], bool]) -> Callable[[Any, Any], Any]:
    def logical(a: Any, b: Any) -> Any:
        shape, pairs = _pairs(a, b) or (a.shape, [])
        return _bools(a, shape, (fn(x != 0.0, y != 0.0) for x, y in pairs))

    return logical


def _bitwise(name: str, fn: Callable[[int, int], int]) -> Callable[[Any, Any], Any]:
    def bitwise(a: Any, b: Any) -> Any:
        got = _pairs(a, b)
        if got is None:
            return NotImplemented
        dt = result_type(a, b) if is_tensor(b) else promote(a.dtype, None, b)
        if dt.is_floating_point:
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{C_NAMES[dt][0]}'")
        shape, pairs = got
        vals = [Value(float(fn(int(x), int(y))), requires_grad=False) for x, y in pairs]
        for v in vals:
            v.data = store(dt, v.data)
        return type(a).from_values(vals, tuple(shape), dt)

    return bitwise


def _invert(a: Any) -> Any:
    if a.dtype.is_floating_point:
        raise TypeError(
            "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
        )
    if a.dtype is bool_:
        return _bools(a, a.shape, (v.data == 0.0 for v in a.flat))
    vals = [Value(store(a.dtype, float(~int(v.data))), requires_grad=False) for v in a.flat]
    return type(a).from_values(vals, a.shape, a.dtype)


def _test(fn: Callable[[float], bool]) -> Callable[[Any], Any]:
    return lambda a: _bools(a, a.shape, (fn(v.data) for v in a.flat))


def isclose(input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08,
            equal_nan: bool = False) -> Any:  # fmt: skip
    """Elementwise ``|input - other| <= atol + rtol * |other|`` (infinities equal only to
    themselves; nan to nan only with ``equal_nan``)."""
    if is_tensor(other) and other.dtype is not input.dtype:
        raise RuntimeError(f"{C_NAMES[input.dtype][0]} did not match {C_NAMES[other.dtype][0]}")
    shape, pairs = _pairs(input, other) or (input.shape, [])

    def close(x: float, y: float) -> bool:
        if x == y:
            return True
        if x != x or y != y:
            return equal_nan and x != x and y != y
        if math.isinf(x) or math.isinf(y):
            return False
        return abs(x - y) <= atol + rtol * abs(y)

    return _bools(input, shape, (close(x, y) for x, y in pairs))


def allclose(input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08,
             equal_nan: bool = False) -> bool:  # fmt: skip
    """Whether every element is ``isclose``: a Python bool."""
    return all(v.data != 0.0 for v in isclose(input, other, rtol, atol, equal_nan).flat)


_COMPARE = {
    "eq": _comparison(operator.eq), "ne": _comparison(operator.ne),
    "lt": _comparison(operator.lt), "le": _comparison(operator.le),
    "gt": _comparison(operator.gt), "ge": _comparison(operator.ge),
}  # fmt: skip
_BITWISE = {
    "bitwise_and": _bitwise("bitwise_and", operator.and_),
    "bitwise_or": _bitwise("bitwise_or", operator.or_),
    "bitwise_xor": _bitwise("bitwise_xor", operator.xor),
}
_ALIASES = {"greater": "gt", "greater_equal": "ge", "less": "lt", "less_equal": "le",
            "not_equal": "ne"}  # fmt: skip

# the torch-level functions: torch.eq(a, b), torch.logical_and(a, b), torch.isnan(a), ...
FUNCTIONS: dict[str, Callable[..., Any]] = {
    **_COMPARE,
    **{alias: _COMPARE[name] for alias, name in _ALIASES.items()},
    **_BITWISE,
    "bitwise_not": _invert,
    "logical_and": _logical(operator.and_),
    "logical_or": _logical(operator.or_),
    "logical_xor": _logical(operator.xor),
    "logical_not": _test(lambda x: x == 0.0),
    "isnan": _test(lambda x: x != x),
    "isinf": _test(math.isinf),
    "isfinite": _test(math.isfinite),
    "isclose": isclose,
    "allclose": allclose,
}


def _checked(name: str, fn: Callable[..., Any], method: bool) -> Callable[..., Any]:
    """``fn`` that refuses an operand that is neither a tensor nor a number, as PyTorch's
    parser does (``t.eq("a")``, ``torch.lt(t, None)``); ``==`` itself stays Python's."""

    @functools.wraps(fn)
    def checked(a: Any, b: Any) -> Any:
        operands(name, (b,) if method else (a, b))
        return fn(a, b)

    return checked


_FUNCTION_NAMES = {*_COMPARE, *_ALIASES}
FUNCTIONS.update({n: _checked(n, FUNCTIONS[n], False) for n in _FUNCTION_NAMES})

METHODS: dict[str, Any] = {
    **FUNCTIONS,
    **{n: _checked(n, _COMPARE[_ALIASES.get(n, n)], True) for n in _FUNCTION_NAMES},
    **{f"__{name}__": fn for name, fn in _COMPARE.items()},
    "__and__": _BITWISE["bitwise_and"], "__rand__": _BITWISE["bitwise_and"],
    "__or__": _BITWISE["bitwise_or"], "__ror__": _BITWISE["bitwise_or"],
    "__xor__": _BITWISE["bitwise_xor"], "__rxor__": _BITWISE["bitwise_xor"],
    "__invert__": _invert,
}  # fmt: skip
