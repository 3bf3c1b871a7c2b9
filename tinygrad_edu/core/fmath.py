"""Float math with PyTorch's edges: inf and nan where Python would raise or go complex.

>>> fdiv(1.0, -0.0), fpow(-8.0, 1 / 3), flog(0.0)
(-inf, nan, -inf)

Each function takes and returns Python floats; the op table (``ops.py``) builds on them.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from itertools import repeat

__all__ = [
    "INF",
    "NAN",
    "F64s",
    "facos",
    "fasin",
    "fatanh",
    "fcos",
    "fcosh",
    "fdiv",
    "fexp",
    "fexpm1",
    "flog",
    "flog1p",
    "flog2",
    "flog10",
    "fpow",
    "fpow_scalar",
    "frelu",
    "fsigmoid",
    "fsign",
    "fsin",
    "fsinh",
    "fsqrt",
    "fsum",
]

INF = math.inf
NAN = math.nan


def fdiv(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0.0:
            return NAN
        return math.copysign(INF, a) * math.copysign(1.0, b)


def _odd(b: float) -> bool:
    return math.isfinite(b) and b == int(b) and int(b) % 2 == 1


def fpow(a: float, b: float) -> float:
    """C's ``pow`` (PyTorch's ``tensor ** tensor``), with nan and inf where Python raises."""
    try:
        return math.pow(a, b)
    except ValueError:  # 0 ** negative, or negative ** fraction
        if a == 0.0:
            return math.copysign(INF, a) if _odd(b) else INF
        return NAN
    except OverflowError:
        return -INF if a < 0 and _odd(b) else INF


def fpow_scalar(a: float, b: float) -> float:
    """``tensor ** number`` as PyTorch's CPU kernel: it computes a few exponents its own way."""
    if b == 2:
        return a * a
    if b == 0.5:  # sqrt: so (-inf) ** 0.5 is nan, not C's inf
        return fsqrt(a)
    if b == -0.5:
        return fdiv(1.0, fsqrt(a))
    if b == -1:
        return fdiv(1.0, a)
    if b == -2:
        return fdiv(1.0, a * a)
    if b == 3:
        return a * a * a
    return fpow(a, b)


def fexp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def fexpm1(x: float) -> float:
    try:
        return math.expm1(x)
    except OverflowError:
        return INF


def flog(x: float) -> float:
    if x > 0.0:
        return math.log(x)
    if x == 0.0:
        return -INF
    return NAN  # negative or nan


def flog1p(x: float) -> float:
    if x > -1.0:
        return math.log1p(x)
    return -INF if x == -1.0 else NAN


def fsqrt(x: float) -> float:
    return math.sqrt(x) if x >= 0.0 else NAN


def fsin(x: float) -> float:
    return math.sin(x) if math.isfinite(x) else NAN


def fcos(x: float) -> float:
    return math.cos(x) if math.isfinite(x) else NAN


def fsigmoid(x: float) -> float:
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = fexp(x)  # stable for very negative x: no overflow
    return e / (1.0 + e)


def frelu(x: float) -> float:
    return 0.0 if x < 0.0 else x  # keeps nan, and -0.0 as PyTorch's relu does


def fsign(x: float) -> float:
    """PyTorch's ``sgn``: 1, -1, else 0 (at either zero, and at nan: its comparisons' way)."""
    return 1.0 if x > 0.0 else -1.0 if x < 0.0 else 0.0


def fsum(xs: object) -> float:
    """An exactly rounded sum, with IEEE edges as PyTorch: ``inf + -inf`` is nan, overflow inf."""
    xs = list(xs)  # type: ignore[call-overload]
    try:
        return math.fsum(xs)
    except (ValueError, OverflowError):  # fsum raises where float addition gives nan or inf
        return sum(xs, 0.0)


# -- the inverse and hyperbolic trigonometry and the other logarithms, with C's IEEE edges --


def _in(lo: float, hi: float, fn: Callable[[float], float]) -> Callable[[float], float]:
    # C's: nan outside [lo, hi] (and for nan), the value inside
    return lambda x: fn(x) if lo <= x <= hi else math.nan


def _log_base(fn: Callable[[float], float]) -> Callable[[float], float]:
    def f(x: float) -> float:
        if x != x or x < 0.0:
            return math.nan
        if x == 0.0:
            return -math.inf
        return math.inf if x == math.inf else fn(x)

    return f


def _overflowing(fn: Callable[[float], float], sign: bool) -> Callable[[float], float]:
    def f(x: float) -> float:
        try:
            return fn(x)
        except OverflowError:
            return math.copysign(math.inf, x) if sign else math.inf

    return f


flog10, flog2 = _log_base(math.log10), _log_base(math.log2)
fasin, facos = _in(-1.0, 1.0, math.asin), _in(-1.0, 1.0, math.acos)
fsinh, fcosh = _overflowing(math.sinh, True), _overflowing(math.cosh, False)
fatanh = _in(-1.0, 1.0, lambda x: math.copysign(math.inf, x) if abs(x) == 1.0 else math.atanh(x))


# -- many float64 numbers at once: a float64 tensor's elements, for the op table's rules ------


class F64s:
    """A float64 tensor's elements at once, for the op table's rules: each ``+ - * /`` one pass
    over the list (``/`` as ``fdiv``), so a rule costs no Python object per number. Element by
    element what the same rule gives on floats. Like ``F32s`` it has no truth value, no
    ``float()`` and no order (each raises ``TypeError``): a rule that branches on a number runs
    element by element on floats instead.

    >>> (F64s([1.0, 2.0]) * 3.0 + 1.0).values
    [4.0, 7.0]
    """

    __slots__ = ("values",)

    def __init__(self, values: list[float]) -> None:
        self.values = values

    def _other(self, b: object) -> object:
        if b.__class__ is F64s:
            if len(b.values) != len(self.values):  # type: ignore[attr-defined]
                raise ValueError("F64s of different lengths")
            return b.values  # type: ignore[attr-defined]
        if isinstance(b, (int, float)) and not isinstance(b, bool):
            return repeat(float(b), len(self.values))
        return None

    def _apply(self, fn: Callable[[float, float], float], b: object, swap: bool) -> F64s:
        o = self._other(b)
        if o is None:
            return NotImplemented
        return F64s(list(map(fn, o, self.values) if swap else map(fn, self.values, o)))  # type: ignore[arg-type]

    def __add__(self, b: object) -> F64s:
        return self._apply(operator.add, b, False)

    def __radd__(self, b: object) -> F64s:
        return self._apply(operator.add, b, True)

    def __sub__(self, b: object) -> F64s:
        return self._apply(operator.sub, b, False)

    def __rsub__(self, b: object) -> F64s:
        return self._apply(operator.sub, b, True)

    def __mul__(self, b: object) -> F64s:
        return self._apply(operator.mul, b, False)

    def __rmul__(self, b: object) -> F64s:
        return self._apply(operator.mul, b, True)

    def __truediv__(self, b: object) -> F64s:
        return self._apply(fdiv, b, False)

    def __rtruediv__(self, b: object) -> F64s:
        return self._apply(fdiv, b, True)

    def __neg__(self) -> F64s:
        return F64s([-x for x in self.values])

    def __pos__(self) -> F64s:
        return self

    def __abs__(self) -> F64s:
        return F64s([abs(x) for x in self.values])

    def map(self, fn: Callable[[float], float]) -> F64s:
        """``fn`` at each element."""
        return F64s(list(map(fn, self.values)))

    def _no(self, *args: object) -> bool:
        raise TypeError(
            "F64s has no truth value, float() or order: a rule that branches runs on floats"
        )

    __bool__ = __float__ = __int__ = __index__ = _no  # type: ignore[assignment]
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _no  # type: ignore[assignment]
    __hash__ = None  # type: ignore[assignment]
