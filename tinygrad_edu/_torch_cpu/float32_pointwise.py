"""float32 elementwise kernels as PyTorch 2.13 computes them on the CPU: lists in, lists out.

Every function takes Python floats that are already float32 values (``float32_libm.round32``
makes them so)
and returns float32 values as Python floats, rounded after every step where PyTorch's kernel
rounds. The tensor layer calls these on contiguous row-major element lists.

What decides PyTorch's bits, read from its source and measured (``tests/test_float32.py``):

* ``+ - * /``, ``neg``, ``abs``, ``relu``, ``clamp``, ``reciprocal``: one IEEE float32 operation.
  The double result of two float32 inputs rounded to float32 is that operation's result (double
  has more than 2*24+2 bits, so the second rounding never differs). A Python-number operand is
  first rounded to float32, as PyTorch casts a wrapped scalar to the tensor's dtype.
* ``exp``, ``log``, ``sin``, ``cos``, ``tanh``, ``sqrt``: PyTorch hands contiguous float32 data to
  MKL's VML (``vmsExp`` ... in high-accuracy mode, ``aten/src/ATen/cpu/vml.h``). MKL's bits are
  its own and depend on the CPU; the correctly rounded result is the rule here (within 1 ulp of
  MKL, equal in ~95-99.9% of cases; even ``sqrt`` is not correctly rounded by MKL on AVX2).
* ``sigmoid``, ``silu``, ``softplus``: ``cpu_kernel_vec`` (``native/cpu/Loops.h``) runs the
  vector lambda on blocks of 2 * 8 floats (AVX2) and the scalar lambda on the last ``n % 16``
  elements. The vector lambda calls Sleef's ``expf8_u10`` and the scalar one glibc's ``expf``,
  both reproduced in ``float32_libm``.
  So these results depend on the position in the tensor, and this module's do too.
* ``expm1``, ``log1p``: Sleef (``vec::map`` applies the vector function to every element, the
  last partial vector padded): ``log1p`` is reproduced, ``expm1`` correctly rounded (1 ulp).
* The backward formulas are not here: each is its op's rule in the op table, run on float32
  numbers (``F32``; tanh's fused ``1 - y * y`` is ``F32.fma``, as GCC compiles that kernel).

Above 32768 elements PyTorch splits an elementwise loop between threads and each chunk has its
own scalar tail; these kernels assume one chunk (tensors in teaching are far smaller).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence

from .float32_libm import exp_sleef, expf_glibc, f32, log1pf_sleef, powf_sleef, round32
from .float64_libm import c_pow

__all__ = [
    "LOOP_BLOCK",
    "VECTOR_WIDTH",
    "abs",
    "add",
    "clamp",
    "cos",
    "div",
    "exp",
    "expm1",
    "leaky_relu",
    "log",
    "log1p",
    "mul",
    "neg",
    "pow",
    "reciprocal",
    "relu",
    "sigmoid",
    "silu",
    "sin",
    "softplus",
    "sqrt",
    "sub",
    "tanh",
]

VECTOR_WIDTH = 8  # floats in one Vectorized<float> on AVX2 (this machine's CPU capability)
LOOP_BLOCK = 2 * VECTOR_WIDTH  # Loops.h's vectorized_loop takes two vectors per step

Operand = Sequence[float] | float

_INF = math.inf
_NAN = math.nan


def _scalar_operand(b: Operand, n: int) -> Sequence[float]:
    if isinstance(b, (int, float)):
        return [f32(float(b))] * n  # PyTorch casts a Python number to the tensor's float32
    if len(b) != n:
        raise ValueError(f"operands have {n} and {len(b)} elements")
    return b


def _binary(a: Sequence[float], b: Operand, fn) -> list[float]:
    return array("f", map(fn, a, _scalar_operand(b, len(a)))).tolist()


def add(a: Sequence[float], b: Operand) -> list[float]:
    """``a + b``: one float32 addition (ufunc ``add``: ``self + alpha * other`` with alpha 1)."""
    return _binary(a, b, float.__add__)


def sub(a: Sequence[float], b: Operand) -> list[float]:
    """``a - b``: one float32 subtraction (``add`` with alpha -1; the FMA by -1 is exact)."""
    return _binary(a, b, float.__sub__)


def mul(a: Sequence[float], b: Operand) -> list[float]:
    """``a * b``: one float32 multiplication."""
    return _binary(a, b, float.__mul__)


def _div(x: float, y: float) -> float:
    if y == 0.0:  # IEEE: +-inf or nan, the sign from both operands
        if x != x or x == 0.0:
            return _NAN
        return math.copysign(_INF, x) * math.copysign(1.0, y)
    return x / y


def div(a: Sequence[float], b: Operand) -> list[float]:
    """``a / b``: one float32 division, also by a Python number (no multiply by its reciprocal)."""
    return _binary(a, b, _div)


def neg(xs: Sequence[float]) -> list[float]:
    """``-x``: flips the sign bit (``-0.0`` from ``0.0``)."""
    return [-x for x in xs]


def abs(xs: Sequence[float]) -> list[float]:
    """``abs``: clears the sign bit."""
    return [math.fabs(x) for x in xs]


def reciprocal(xs: Sequence[float]) -> list[float]:
    """``1 / x`` in float32 (vector ``_mm256_div_ps(1, x)``, scalar ``1.0 / a``)."""
    return array("f", [_div(1.0, x) for x in xs]).tolist()


def relu(xs: Sequence[float]) -> list[float]:
    """``relu`` is ``clamp_min(x, 0)``: nan stays nan and ``-0.0`` stays ``-0.0`` (measured)."""
    return [x if (x > 0.0 or x != x or x == 0.0) else 0.0 for x in xs]


def leaky_relu(xs: Sequence[float], negative_slope: float = 0.01) -> list[float]:
    """``x > 0 ? x : x * slope`` with the slope rounded to float32 (``leaky_relu_kernel``)."""
    s = f32(negative_slope)
    return array("f", [x if x > 0.0 else x * s for x in xs]).tolist()


def clamp(xs: Sequence[float], min: float | None = None, max: float | None = None) -> list[float]:
    """``min(max(x, lo), hi)`` with float32 bounds; nan stays nan (``clamp_scalar_kernel``)."""
    lo = -_INF if min is None else f32(min)
    hi = _INF if max is None else f32(max)
    out = []
    for x in xs:
        if x == x:
            x = lo if x < lo else x
            x = hi if x > hi else x
        out.append(x)
    return out


def _unary_cr(fn, xs: Sequence[float]) -> list[float]:
    """The correctly rounded double result: fn on the float32 value, rounded once."""
    return array("f", [fn(x) for x in xs]).tolist()


def _exp(x: float) -> float:
    if x != x:
        return x
    if x > 709.0:
        return _INF
    return math.exp(x)


def _log(x: float) -> float:
    if x != x or x == _INF:
        return x
    if x == 0.0:
        return -_INF
    if x < 0.0:
        return _NAN
    return math.log(x)


def _log1p(x: float) -> float:
    if x != x or x == _INF:
        return x
    if x == -1.0:
        return -_INF
    if x < -1.0:
        return _NAN
    return math.log1p(x)


def _expm1(x: float) -> float:
    if x != x:
        return x
    if x > 709.0:
        return _INF
    return math.expm1(x)


def _sqrt(x: float) -> float:
    if x != x or x == _INF:
        return x
    if x < 0.0:
        return _NAN
    return math.sqrt(x)  # keeps -0.0


def _trig(fn):
    def g(x: float) -> float:
        if x != x or x in (_INF, -_INF):
            return _NAN
        return fn(x)

    return g


_sin = _trig(math.sin)
_cos = _trig(math.cos)


def exp(xs: Sequence[float]) -> list[float]:
    """``exp``: MKL ``vmsExp`` (HA) in PyTorch; here the correctly rounded result (within 1 ulp)."""
    return _unary_cr(_exp, xs)


def log(xs: Sequence[float]) -> list[float]:
    """``log``: MKL ``vmsLn`` in PyTorch; here the correctly rounded result (within 1 ulp)."""
    return _unary_cr(_log, xs)


def sin(xs: Sequence[float]) -> list[float]:
    """``sin``: MKL ``vmsSin`` in PyTorch; here the correctly rounded result (within 1 ulp)."""
    return _unary_cr(_sin, xs)


def cos(xs: Sequence[float]) -> list[float]:
    """``cos``: MKL ``vmsCos`` in PyTorch; here the correctly rounded result (within 1 ulp)."""
    return _unary_cr(_cos, xs)


def tanh(xs: Sequence[float]) -> list[float]:
    """``tanh``: MKL ``vmsTanh`` in PyTorch; here the correctly rounded result (within 1 ulp)."""
    return _unary_cr(math.tanh, xs)


def sqrt(xs: Sequence[float]) -> list[float]:
    """``sqrt``: MKL ``vmsSqrt`` in PyTorch, which on this AVX2 machine is *not* the correctly
    rounded square root (about 1 in 6 results are 1 ulp off); here the correctly rounded one."""
    return _unary_cr(_sqrt, xs)


def expm1(xs: Sequence[float]) -> list[float]:
    """``expm1``: Sleef ``expm1f8_u10`` on every element; here correctly rounded (within 1 ulp)."""
    return _unary_cr(_expm1, xs)


def log1p(xs: Sequence[float]) -> list[float]:
    """``log1p``: Sleef's ``log1pf8_u10`` on every element (``vec::map``), reproduced."""
    return [log1pf_sleef(x) for x in xs]


def _split(n: int) -> int:
    """Loops.h: the vector lambda runs on whole blocks of LOOP_BLOCK, the scalar one after."""
    return n - n % LOOP_BLOCK


def _sigmoid_scalar(x: float) -> float:
    e = expf_glibc(-x)
    return f32(_div(1.0, f32(1.0 + e)))


def sigmoid(xs: Sequence[float]) -> list[float]:
    """``sigmoid``: ``1 / (1 + exp(-x))`` rounded at each step; ``exp`` is Sleef's in the vector
    blocks (``(0 - a).exp()``, then ``1 + e``, then ``reciprocal``) and glibc's in the last
    ``n % 16`` (``sigmoid_kernel`` through ``cpu_kernel_vec``); a 0-d tensor is all tail."""
    cut = _split(len(xs))
    e = exp_sleef([0.0 - x for x in xs[:cut]])
    head = reciprocal(round32([1.0 + v for v in e]))
    return head + [_sigmoid_scalar(x) for x in xs[cut:]]


def silu(xs: Sequence[float]) -> list[float]:
    """``silu``: ``x / (1 + exp(-x))`` rounded at each step, Sleef or glibc exp by position."""
    cut = _split(len(xs))
    e = exp_sleef([-x for x in xs[:cut]])
    head = div(xs[:cut], round32([1.0 + v for v in e]))
    return head + [f32(_div(x, f32(1.0 + expf_glibc(-x)))) for x in xs[cut:]]


def softplus(xs: Sequence[float], beta: float = 1.0, threshold: float = 20.0) -> list[float]:
    """``softplus``: ``x * beta > threshold ? x : log1p(exp(x * beta)) / beta``, each step in
    float32; in the vector blocks Sleef's exp and log1p, in the tail glibc's ``expf`` and
    ``log1pf`` (the last correctly rounded here, within 1 ulp)."""
    b, t = f32(beta), f32(threshold)
    cut = _split(len(xs))
    xb = mul(xs, b)
    lp = log1p(exp_sleef(xb[:cut])) + _unary_cr(_log1p, [expf_glibc(v) for v in xb[cut:]])
    soft = div(lp, b)
    return [x if v > t else y for x, v, y in zip(xs, xb, soft)]


def pow(xs: Sequence[float], exponent: Operand) -> list[float]:
    """``x ** exponent``. A Python-number exponent takes PowKernel.cpp's special cases: 2 is
    ``x * x``, 3 ``x * x * x``, -2 ``1 / (x * x)``, 0.5 ``sqrt``, -1 ``reciprocal``, -0.5
    ``1 / sqrt`` (rounded at each step); 0 gives ones and 1 a copy. Other exponents run
    Sleef's ``powf8_u10`` on the vector blocks (the exponent cast to float) and, in the tail,
    ``std::pow`` of the element and the exponent as a double (a tensor exponent: glibc's
    ``powf``, taken as correctly rounded here)."""
    cut = _split(len(xs))
    if not isinstance(exponent, (int, float)):
        ys = _scalar_operand(exponent, len(xs))
        head = [powf_sleef(x, y) for x, y in zip(xs[:cut], ys[:cut])]
        return head + array("f", [c_pow(x, y) for x, y in zip(xs[cut:], ys[cut:])]).tolist()
    e = float(exponent)
    if e == 0.0:
        return [1.0] * len(xs)
    if e == 1.0:
        return list(xs)
    if e == 2.0:
        return mul(xs, xs)
    if e == 3.0:
        return mul(mul(xs, xs), xs)
    if e == -2.0:
        return reciprocal(mul(xs, xs))
    if e == 0.5:
        return sqrt(xs)
    if e == -1.0:
        return reciprocal(xs)
    if e == -0.5:
        return reciprocal(sqrt(xs))
    e32 = f32(e)  # Vectorized<float>(exp): the vector lambda's exponent is a float
    head = [powf_sleef(x, e32) for x in xs[:cut]]
    return head + array("f", [c_pow(x, e) for x in xs[cut:]]).tolist()
