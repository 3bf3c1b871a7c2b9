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
from array import array

from tinygrad_edu._torch_cpu.float32_libm import f32 as _libm_f32

_F = struct.Struct("<f")
_I = struct.Struct("<I")


f32 = _libm_f32  # one rounding rule for the whole package (float32_libm)


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


# -- the same, lane-parallel over lists ----------------------------------------------------------
# Rounding a whole list through array("f") costs far less than one struct call per value, so
# PyTorch's randn from 16 elements on runs on these; the one-lane functions above are the reference
# they are tested against.


_LOW29 = (1 << 29) - 1  # the double significand bits float32 drops
_HALF29 = 1 << 28  # ... and their pattern exactly halfway between two float32s


def round_f32(xs: list[float]) -> list[float]:
    """Each double rounded to the nearest float32 (ties to even)."""
    return array("f", xs).tolist()


def fma_f32(a: float | list[float], b: float | list[float], c: float | list[float]) -> list[float]:
    """Lane-wise float32 ``a * b + c`` rounded once (a scalar argument is used in every lane)."""
    # x * y is exact in double; the sum is rounded to double once.
    if isinstance(a, float):
        s = [a * y + z for y, z in zip(b, c)] if isinstance(c, list) else [a * y + c for y in b]
    elif isinstance(b, float):
        s = [x * b + z for x, z in zip(a, c)] if isinstance(c, list) else [x * b + c for x in a]
    else:
        s = (
            [x * y + z for x, y, z in zip(a, b, c)]
            if isinstance(c, list)
            else [x * y + c for x, y in zip(a, b)]
        )
    r = round_f32(s)
    # Rounding the double sum to float32 can differ from rounding the exact value only when that
    # double is exactly halfway between two float32s: its 29 low significand bits are 1 then 0s
    # (or it is below 2**-100, near float32's subnormals). Those few lanes take the scalar path.
    low = array("I", array("d", s).tobytes())[0::2]  # little-endian: the low word of each double
    odd = [i for i, q in enumerate(low) if q & _LOW29 == _HALF29]
    if s and min(map(abs, s)) < 2.0**-100:
        odd = range(len(s))
    for i in odd:
        r[i] = fma(*(v if isinstance(v, float) else v[i] for v in (a, b, c)))
    return r


def log_ps_list(xs: list[float]) -> list[float]:
    """:func:`log_ps` on every lane of ``xs``."""
    n = len(xs)
    b = array("I", array("f", [max(x, _MIN_NORM) for x in xs]).tobytes())
    m = array("f", array("I", [(v & 0x807FFFFF) | 0x3F000000 for v in b]).tobytes()).tolist()
    small = [v < _SQRTHF for v in m]
    e = [float((v >> 23) - 127) + (0.0 if s else 1.0) for v, s in zip(b, small)]
    x = round_f32([(v - 1.0) + (v if s else 0.0) for v, s in zip(m, small)])  # v - 1 is exact
    z = round_f32([v * v for v in x])
    y = fma_f32(_LOG_P[0], x, _LOG_P[1])
    for p in _LOG_P[2:]:
        y = fma_f32(y, x, p)
    y = round_f32([u * v for u, v in zip(y, x)])
    y = fma_f32(y, z, round_f32([v * _LOG_Q1 for v in e]))
    y = round_f32([u - v * 0.5 for u, v in zip(y, z)])
    xy = round_f32([u + v for u, v in zip(x, y)])
    out = round_f32([u + v * _LOG_Q2 for u, v in zip(xy, e)])
    return [o if v > 0.0 else math.nan for o, v in zip(out, xs)] if n else []


def sincos_ps_list(xs: list[float]) -> tuple[list[float], list[float]]:
    """:func:`sincos_ps` on every lane of ``xs``: (sines, cosines)."""
    neg = [x < 0.0 or (x == 0.0 and math.copysign(1.0, x) < 0) for x in xs]
    x = [abs(v) for v in xs]
    j = [(int(v) + 1) & ~1 for v in round_f32([v * _FOPI for v in x])]
    y = [float(v) for v in j]
    x = fma_f32(y, _DP1, x)
    x = fma_f32(y, _DP2, x)
    x = fma_f32(y, _DP3, x)
    z = round_f32([v * v for v in x])
    c = fma_f32(_COSCOF[0], z, _COSCOF[1])
    c = fma_f32(c, z, _COSCOF[2])
    c = round_f32([u * v for u, v in zip(c, z)])
    c = fma_f32(c, z, [-v for v in round_f32([v * 0.5 for v in z])])
    c = round_f32([v + 1.0 for v in c])
    s = fma_f32(_SINCOF[0], z, _SINCOF[1])
    s = fma_f32(s, z, _SINCOF[2])
    s = round_f32([u * v for u, v in zip(s, z)])
    s = fma_f32(s, x, x)
    sins, coss = [], []
    for jj, ng, sv, cv in zip(j, neg, s, c):
        sin, cos = (sv, cv) if (jj & 2) == 0 else (cv, sv)
        sins.append(-sin if ng != bool(jj & 4) else sin)
        coss.append(-cos if ((jj - 2) & 4) == 0 else cos)
    return sins, coss
