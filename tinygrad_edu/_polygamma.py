"""``torch.polygamma(n, x)`` and ``Tensor.polygamma``/``polygamma_``: the n-th derivative of
digamma, computed as PyTorch's ``aten/src/ATen/native/Math.h`` computes it in double
(``calc_digamma`` for n = 0, ``trigamma`` for 1, and for n >= 2
``(-1)**(n+1) * exp(lgamma(n + 1)) * zeta(n + 1, x)``, Cephes' Hurwitz zeta), rounded to the
tensor's dtype; its gradient is ``grad * polygamma(n + 1, x)`` (``PolygammaBackward0``).

>>> import tinygrad_edu as torch
>>> torch.polygamma(1, torch.tensor([1.0, 2.0]))
tensor([1.6449, 0.6449])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ._special_ops import special
from ._tensor.dtype import float32
from ._tensor.ops.inplace import adopt
from ._torch_cpu.float32_libm import expf_glibc, f32

__all__ = ["FUNCTIONS", "METHODS", "polygamma", "polygamma_number"]

_MACHEP = 1.11022302462515654042e-16
_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
      -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
      1.8152105401943546773e17, -7.1661652561756670113e18)  # fmt: skip
_PSI_A = (8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
          -4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
          8.33333333333333333333e-2)  # fmt: skip


def _pow(a: float, b: float) -> float:
    try:
        return math.pow(a, b)
    except OverflowError:
        return math.inf
    except ValueError:
        return math.nan


def _div(a: float, b: float) -> float:
    if b == 0.0:
        return math.nan if a == 0.0 or a != a else math.copysign(math.inf, a) * math.copysign(1, b)
    return a / b


def zeta(x: float, q: float, single: bool = False) -> float:
    """The Hurwitz zeta function, as Cephes (and PyTorch) sums it (``single``: for a float
    tensor, whose first term is C's ``powf`` of the float arguments; the rest in double)."""
    if x == 1.0:
        return math.inf
    if x < 1.0:
        return math.nan
    if q <= 0.0:
        if q == math.floor(q):
            return math.inf
        if x != math.floor(x):
            return math.nan
    s = f32(_pow(q, -x)) if single else _pow(q, -x)
    a, i, b = q, 0, 0.0
    while i < 9 or a <= 9.0:
        i += 1
        a += 1.0
        b = _pow(a, -x)
        s += b
        if -_MACHEP * s < b < _MACHEP * s:
            return s
    w = a
    s += _div(b * w, x - 1.0)
    s -= 0.5 * b
    a, k = 1.0, 0.0
    for i in range(12):
        a *= x + k
        b = _div(b, w)
        t = _div(a * b, _A[i])
        s = s + t
        t = abs(_div(t, s))
        if t < _MACHEP:
            return s
        k += 1.0
        a *= x + k
        b = _div(b, w)
        k += 1.0
    return s


def _trigamma(x: float) -> float:
    sign, result = 1.0, 0.0
    if x < 0.5:
        sign = -1.0
        s = math.sin(math.pi * x)
        result -= _div(math.pi * math.pi, s * s)
        x = 1 - x
    for _ in range(6):
        result += _div(1.0, x * x)
        x += 1
    ixx = _div(1.0, x * x)
    result += _div(1 + _div(1.0, 2 * x) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42))), x)
    return sign * result


def _digamma(
    x: float,
    f: Callable[[float], float] = float,
    table: Sequence[float] = _PSI_A,
    psi10: float = 2.25175258906672110764,
) -> float:
    """``calc_digamma``; with ``f`` rounding to float32 (and its float32 table), each operation
    rounded as the float kernel's."""
    if x == 0:
        return math.copysign(math.inf, -x)
    if x != x:
        return x
    if x < 0:
        if x == math.trunc(x):
            return math.nan
        r = math.modf(x)[0]
        return f(_digamma(f(1 - x), f, table, psi10) - f(math.pi / math.tan(math.pi * r)))
    if x == math.inf:
        return math.inf
    result = 0.0
    while x < 10:
        result = f(result - f(1 / x))
        x = f(x + 1)
    if x == 10:
        return f(result + psi10)
    y = 0.0
    if x < 1.0e17:
        z = f(1 / f(x * x))
        acc = 0.0
        for c in table:
            acc = f(f(acc * z) + c)
        y = f(z * acc)
    return f(f(f(result + f(math.log(x))) - f(0.5 / x)) - y)


def polygamma_number(n: int, x: float) -> float:
    if n == 0:
        return _digamma(x)
    if n == 1:
        return _trigamma(x)
    sign = 1.0 if n % 2 else -1.0
    # glibc's lgamma(n + 1) is log(n!) correctly rounded for n <= 6 (CPython's own lgamma is not)
    lg = math.log(math.factorial(n)) if n <= 170 else math.lgamma(n + 1.0)
    return sign * math.exp(lg) * zeta(n + 1.0, x)


# -- float32: PyTorch's float kernels, each step rounded to float32 (glibc's logf, sinf and
# expf taken as the correctly rounded values, which they are for nearly every input)


def _f(x: float) -> float:
    return f32(x)


def _trigamma32(x: float) -> float:
    sign, result = 1.0, 0.0
    if x < 0.5:
        sign = -1.0
        s = _f(math.sin(_f(_PI32 * x)))
        result = _f(result - _f(_div(_PI32_SQ, _f(s * s))))
        x = _f(1 - x)
    for _ in range(6):
        result = _f(result + _f(_div(1.0, _f(x * x))))
        x = _f(x + 1)
    ixx = _f(_div(1.0, _f(x * x)))
    inner = _f(_C42 * ixx)
    inner = _f(ixx * _f(_C30 - inner))
    inner = _f(ixx * _f(_C6 - inner))
    total = _f(_f(1 + _f(_div(1.0, _f(2 * x)))) + inner)
    result = _f(result + _f(_div(total, x)))
    return _f(sign * result)


def _digamma32(x: float) -> float:
    return _digamma(x, _f, _PSI_A32, _PSI10_32)


def polygamma_float32(n: int, x: float) -> float:
    """``polygamma`` on a float32 number, as PyTorch's float kernels compute it."""
    if n == 0:
        return _digamma32(x)
    if n == 1:
        return _trigamma32(x)
    sign = 1.0 if n % 2 else -1.0
    scale = expf_glibc(_f(math.log(math.factorial(n))))
    return _f(_f(sign * scale) * _f(zeta(n + 1.0, x, single=True)))


_PI32 = f32(math.pi)
_PI32_SQ = f32(_PI32 * _PI32)
_C6, _C30, _C42 = f32(1.0 / 6), f32(1.0 / 30), f32(1.0 / 42)
_PSI10_32 = f32(2.25175258906672110764)
_PSI_A32 = tuple(f32(c) for c in _PSI_A)


def polygamma(n: int, input: Any) -> Any:
    """The n-th derivative of digamma at each element."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(
            f"polygamma(): argument 'n' (position 1) must be int, not {type(n).__name__}"
        )
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    one = polygamma_float32 if input.dtype is float32 else polygamma_number
    fn = special("PolygammaBackward0", lambda v: one(n, v), lambda v: one(n + 1, v))
    return fn(input)


def _method(self: Any, n: int) -> Any:
    return polygamma(n, self)


def _method_(self: Any, n: int) -> Any:
    return adopt(self, lambda before: polygamma(n, before))


FUNCTIONS: dict[str, Any] = {"polygamma": polygamma}
METHODS: dict[str, Any] = {"polygamma": _method, "polygamma_": _method_}
