"""The tensor ops of ``torch.optim``'s single-tensor steps, on a parameter's numbers, rounded
as PyTorch's CPU kernels round them.

An optimizer step is a handful of elementwise tensor ops (``add(alpha=)``, ``mul``, ``lerp``,
``addcmul``, ``addcdiv``, ``sqrt``, ...). ``Arith`` is those ops on lists of floats, in one
dtype. What decides the bits, read from ATen's CPU kernels and measured against PyTorch 2.13
(``tests/test_optim.py``):

* a Python-number operand (``alpha``, ``value``, ``weight``, a scalar) is first cast to the
  tensor's dtype, as a wrapped scalar is;
* ``add(b, alpha=s)`` is ``a + s * b`` with one rounding (an FMA), ``lerp`` is PyTorch's two-branch
  formula with one FMA, ``addcmul`` rounds ``value * t1`` and fuses the rest, ``addcdiv`` rounds
  ``value * t1``, then the quotient, then the sum;
* ``mul``, ``div``, ``add`` of a scalar: one IEEE operation each;
* float32 ``sqrt`` is the tensor layer's (``float32_pointwise.sqrt``): MKL's on PyTorch's side.

>>> Arith(single=True).add([-1.5], [15.0], 0.1)  # 0.1 is cast to float32 first, then fused
[2.2351741790771484e-08]
>>> Arith(single=False).add([-1.5], [15.0], 0.1)
[8.326672684688674e-17]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from . import float32_pointwise as f32p
from .float32_libm import f32, fma, fma32, fma32_list, round32

__all__ = ["Arith", "norm2_float64"]

Numbers = Sequence[float]


def _lerp(start: float, end: float, weight: float, fused) -> float:
    # ATen's lerp: the branch keeps the result exact at both ends of the weight's range
    if abs(weight) < 0.5:
        return fused(weight, end - start, start)
    return fused(start - end, 1.0 - weight, end)


class Arith:
    """PyTorch's elementwise kernels in float32 (``single``) or float64, on lists of numbers.

    Each method is the tensor op of the same name, out of place: it returns a new list.
    """

    __slots__ = ("single",)

    # the float32 square root: the tensor layer's kernel, so that one improvement serves both
    sqrt32: Callable[[Numbers], list[float]] = staticmethod(f32p.sqrt)

    def __init__(self, single: bool) -> None:
        self.single = single

    def scalar(self, s: float) -> float:
        """A Python number as the kernel sees it: cast to the tensor's dtype."""
        return f32(s) if self.single else float(s)

    def _round(self, xs: list[float]) -> list[float]:
        return round32(xs) if self.single else xs

    def neg(self, a: Numbers) -> list[float]:
        return [-x for x in a]

    def mul(self, a: Numbers, s: float) -> list[float]:
        s = self.scalar(s)
        return self._round([x * s for x in a])

    def div(self, a: Numbers, s: float) -> list[float]:
        s = self.scalar(s)
        return self._round([x / s if s else _divide_by_zero(x, s) for x in a])

    def add_scalar(self, a: Numbers, s: float) -> list[float]:
        s = self.scalar(s)
        return self._round([x + s for x in a])

    def add(self, a: Numbers, b: Numbers, alpha: float = 1.0) -> list[float]:
        """``a.add(b, alpha=alpha)``: ``a + alpha * b``, one rounding."""
        al = self.scalar(alpha)
        if self.single:
            return fma32_list(b, al, a)
        return [fma(al, y, x) for x, y in zip(a, b)]

    def lerp(self, a: Numbers, b: Numbers, weight: float) -> list[float]:
        """``a.lerp(b, weight)``: ``a + weight * (b - a)``, as ATen computes it."""
        w = self.scalar(weight)
        if self.single:
            return [_lerp(x, y, w, lambda p, q, r: fma32(f32(p), f32(q), r)) for x, y in zip(a, b)]
        return [_lerp(x, y, w, fma) for x, y in zip(a, b)]

    def addcmul(self, a: Numbers, t1: Numbers, t2: Numbers, value: float = 1.0) -> list[float]:
        """``a.addcmul(t1, t2, value=value)``: ``a + (value * t1) * t2``, the last two fused."""
        v = self.scalar(value)
        if self.single:
            return fma32_list(round32([v * y for y in t1]), list(t2), list(a))
        return [fma(v * y, z, x) for x, y, z in zip(a, t1, t2)]

    def addcdiv(self, a: Numbers, t1: Numbers, t2: Numbers, value: float = 1.0) -> list[float]:
        """``a.addcdiv(t1, t2, value=value)``: ``a + (value * t1) / t2``, each step rounded."""
        v = self.scalar(value)
        num = self._round([v * y for y in t1])
        quo = self._round([y / z if z else _divide_by_zero(y, z) for y, z in zip(num, t2)])
        return self._round([x + q for x, q in zip(a, quo)])

    def mul_t(self, a: Numbers, b: Numbers) -> list[float]:
        """``a * b``, elementwise, one rounding."""
        return self._round([x * y for x, y in zip(a, b)])

    def sub_t(self, a: Numbers, b: Numbers) -> list[float]:
        """``a - b``, elementwise, one rounding."""
        return self._round([x - y for x, y in zip(a, b)])

    def div_t(self, a: Numbers, b: Numbers) -> list[float]:
        """``a / b``, elementwise, one rounding."""
        return self._round([x / y if y else _divide_by_zero(x, y) for x, y in zip(a, b)])

    def sqrt(self, a: Numbers) -> list[float]:
        if self.single:
            return self.sqrt32(a)
        return [math.sqrt(x) if x >= 0.0 else (x if x != x else math.nan) for x in a]

    def maximum(self, a: Numbers, b: Numbers) -> list[float]:
        """``torch.maximum``: the larger of each pair, nan if either is nan."""
        return [x if x != x or x >= y else y for x, y in zip(a, b)]


def _divide_by_zero(x: float, zero: float) -> float:
    # IEEE: x / +-0 is +-inf by the signs, 0 / 0 is nan
    if x != x or x == 0.0:
        return math.nan
    return math.copysign(math.inf, x) * math.copysign(1.0, zero)


def norm2_float64(xs: Numbers) -> float:
    """``t.norm(2)`` of a whole contiguous float64 tensor as PyTorch 2.13's CPU kernel sums it
    (measured): four lanes of ``x * x`` (each product and add rounded), the lanes added in
    order, the leftover elements fused in (``fma``), then the square root."""
    lanes = [0.0] * 4
    n = len(xs) // 4 * 4
    for i in range(n):
        lanes[i % 4] += xs[i] * xs[i]
    s = 0.0
    for a in lanes:
        s += a
    for x in xs[n:]:
        s = fma(x, x, s)
    return math.sqrt(s)
