"""float32 arithmetic in pure Python, and the vectorised log/sin/cos PyTorch's randn uses.

Every operation here is IEEE single precision, rounded to nearest even, as one AVX2 lane computes
it. Sums, products and square roots of float32 values computed in double and then rounded to float32
give the correctly rounded float32 result (double has more than 2*24 + 2 bits), so only the fused
multiply-add needs care.

``log_ps`` and ``sincos_ps`` follow ``avx_mathfun.h`` (Pommier's Cephes-based polynomials, the file
PyTorch's AVX2 ``normal_fill_16_AVX2`` calls) step by step. PyTorch's x86 wheels are built with GCC,
which fuses a product into the sum that is its only use (``-ffp-contract=fast``), so the polynomial
steps are fused multiply-adds here too: that is what makes the results bit-identical to PyTorch's.
"""

from __future__ import annotations

import math
import struct

_F = struct.Struct("<f")
_I = struct.Struct("<I")


def f32(x: float) -> float:
    """Round a double to the nearest float32 (ties to even), returned as a Python float."""
    return _F.unpack(_F.pack(x))[0]


def bits(x: float) -> int:
    """The 32-bit pattern of float32 ``x``."""
    return _I.unpack(_F.pack(x))[0]


def from_bits(b: int) -> float:
    """The float32 whose bit pattern is ``b``."""
    return _F.unpack(_I.pack(b & 0xFFFFFFFF))[0]


def _two_sum(a: float, b: float) -> tuple[float, float]:
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def fma(a: float, b: float, c: float) -> float:
    """float32 ``a * b + c`` with one rounding, as ``vfmadd`` computes it."""
    p = a * b  # exact: two 24-bit significands fit in 53 bits
    s, err = _two_sum(p, c)  # p + c == s + err exactly
    r = f32(s)
    if err == 0.0 or s == r or not math.isfinite(s):
        return r
    # s is the double nearest the exact sum; rounding s to float32 can only differ from rounding
    # the exact sum when s lies exactly halfway between two float32 values.
    other = next_f32(r, s > r)
    if s == (r + other) / 2 and (err > 0) == (other > r):
        return other
    return r


def next_f32(x: float, up: bool) -> float:
    """The float32 next to finite float32 ``x``, towards +inf if ``up`` else towards -inf."""
    if x == 0.0:
        return from_bits(1) if up else from_bits(0x80000001)
    b = bits(x)
    return from_bits(b + 1 if (x > 0) == up else b - 1)


# Constants of avx_mathfun.h, each a float32.
_MIN_NORM = from_bits(0x00800000)
_SQRTHF = f32(0.707106781186547524)
_LOG_P = [
    f32(v)
    for v in (
        7.0376836292e-2,
        -1.1514610310e-1,
        1.1676998740e-1,
        -1.2420140846e-1,
        1.4249322787e-1,
        -1.6668057665e-1,
        2.0000714765e-1,
        -2.4999993993e-1,
        3.3333331174e-1,
    )
]
_LOG_Q1 = f32(-2.12194440e-4)
_LOG_Q2 = f32(0.693359375)
_DP1 = f32(-0.78515625)
_DP2 = f32(-2.4187564849853515625e-4)
_DP3 = f32(-3.77489497744594108e-8)
_SINCOF = [f32(-1.9515295891e-4), f32(8.3321608736e-3), f32(-1.6666654611e-1)]
_COSCOF = [f32(2.443315711809948e-005), f32(-1.388731625493765e-003), f32(4.166664568298827e-002)]
_FOPI = f32(1.27323954473516)


def log_ps(x: float) -> float:
    """``log256_ps`` on one lane: natural log of float32 ``x`` (NaN for ``x <= 0``)."""
    if not x > 0.0:
        return math.nan
    x = max(x, _MIN_NORM)  # denormals are cut off
    b = bits(x)
    e = float((b >> 23) - 127) + 1.0
    x = from_bits((b & ~0x7F800000) | 0x3F000000)  # the significand, scaled into [0.5, 1)
    if x < _SQRTHF:
        e -= 1.0
        x = f32(f32(x - 1.0) + x)
    else:
        x = f32(x - 1.0)
    z = f32(x * x)
    y = _LOG_P[0]
    for p in _LOG_P[1:]:
        y = fma(y, x, p)
    y = f32(y * x)
    y = fma(y, z, f32(e * _LOG_Q1))
    y = f32(y - z * 0.5)  # z * 0.5 is exact
    return f32(f32(x + y) + e * _LOG_Q2)  # e * Q2 is exact (Q2 has 9 significant bits)


def sincos_ps(x: float) -> tuple[float, float]:
    """``sincos256_ps`` on one lane: (sin x, cos x) of float32 ``x``."""
    sign_sin = x < 0.0 or (x == 0.0 and math.copysign(1.0, x) < 0)
    x = abs(x)
    j = int(f32(x * _FOPI))  # truncation, as cvttps
    j = (j + 1) & ~1
    y = float(j)
    if j & 4:
        sign_sin = not sign_sin
    poly_sin = (j & 2) == 0  # lanes where the sine polynomial gives the sine
    sign_cos = ((j - 2) & 4) == 0
    # Cody-Waite reduction; the first two products are exact, the third is fused.
    x = fma(y, _DP1, x)
    x = fma(y, _DP2, x)
    x = fma(y, _DP3, x)
    z = f32(x * x)
    c = fma(_COSCOF[0], z, _COSCOF[1])
    c = fma(c, z, _COSCOF[2])
    c = f32(c * z)
    c = fma(c, z, -f32(z * 0.5))
    c = f32(c + 1.0)
    s = fma(_SINCOF[0], z, _SINCOF[1])
    s = fma(s, z, _SINCOF[2])
    s = f32(s * z)
    s = fma(s, x, x)
    sin, cos = (s, c) if poly_sin else (c, s)
    return (-sin if sign_sin else sin), (-cos if sign_cos else cos)
