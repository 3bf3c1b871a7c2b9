"""Sleef's double-precision ``pow_u10`` (sleefsimddp.c, ``xpow``, AVX2 build: every ``vmla``
an FMA), what ``Vectorized<double>::pow`` runs on PyTorch's vector blocks: ``exp(y * log|x|)``
with the logarithm and the product kept as pairs of doubles (``logk``, ``expk``), then the IEEE
special cases. It is within 1 ulp, not correctly rounded, so a float64 tensor's power differs
from C's ``pow`` in the last bit now and then; PyTorch's scalar tail calls C's ``pow``.

>>> powd_sleef(2.0, 0.5)
1.4142135623730951
"""

from __future__ import annotations

import math

from .float32_libm import fma

__all__ = ["c_pow", "pow_blocks", "powd_sleef"]

# Vectorized<double> holds 4 on AVX2; Loops.h takes two vectors per step
_BLOCK = 8
# PowKernel.cpp computes these exponents its own way (x * x, sqrt, ...), not with pow
_SPECIAL = (0.0, 1.0, 2.0, 3.0, -2.0, 0.5, -0.5, -1.0)

_INF, _NAN = math.inf, math.nan
_LN2_HI, _LN2_LO = 0.693147180559945286226764, 2.319046813846299558417771e-17
_R_LN2 = 1.442695040888963407359924681001892137426645954152985934135449406931
_L2U = 0.69314718055966295651160180568695068359375
_L2L = 0.28235290563031577122588448175013436025525412068e-12
_LOGK = (0.116255524079935043668677, 0.103239680901072952701192, 0.117754809412463995466069,
         0.13332981086846273921509, 0.153846227114512262845736, 0.181818180850050775676507,
         0.222222222230083560345903, 0.285714285714249172087875,
         0.400000000000000077715612)  # fmt: skip
_LOGK_C = (0.666666666666666629659233, 3.80554962542412056336616e-17)
_EXPK = (2.51069683420950419527139e-08, 2.76286166770270649116855e-07,
         2.75572496725023574143864e-06, 2.48014973989819794114153e-05,
         0.000198412698809069797676111, 0.0013888888939977128960529,
         0.00833333333332371417601081, 0.0416666666665409524128449,
         0.166666666666666740681535, 0.500000000000000999200722)  # fmt: skip


def _poly4(x: float, x2: float, c3: float, c2: float, c1: float, c0: float) -> float:
    return fma(x2, fma(x, c3, c2), fma(x, c1, c0))


def _poly8(x: float, x2: float, x4: float, c: tuple[float, ...]) -> float:
    """Estrin's scheme (estrin.h's POLY8), highest coefficient first."""
    return fma(x4, _poly4(x, x2, *c[:4]), _poly4(x, x2, *c[4:]))


def _mul(xx: float, xy: float, yx: float, yy: float) -> tuple[float, float]:
    s = xx * yx
    return s, fma(xx, yy, fma(xy, yx, fma(xx, yx, -s)))


def _mul_d(xx: float, xy: float, y: float) -> tuple[float, float]:
    s = xx * y
    return s, fma(xy, y, fma(xx, y, -s))


def _add(xx: float, xy: float, yx: float, yy: float) -> tuple[float, float]:
    s = xx + yx
    return s, (((xx - s) + yx) + xy) + yy


def _add2_d(xx: float, xy: float, y: float) -> tuple[float, float]:
    s = xx + y
    v = s - xx
    return s, ((xx - (s - v)) + (y - v)) + xy


def _add2(x: float, y: float) -> tuple[float, float]:
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _div(nx: float, ny: float, dx: float, dy: float) -> tuple[float, float]:
    t = 1.0 / dx
    s = nx * t
    u = fma(t, nx, -s)
    v = fma(-dy, t, fma(-dx, t, 1.0))
    return s, fma(s, v, fma(ny, t, u))


def _logk(d: float) -> tuple[float, float]:
    tiny = d < 2.2250738585072014e-308
    if tiny:
        d *= 2.0**64
    e = math.frexp(d * (1.0 / 0.75))[1] - 1  # vilogb2k: the exponent bits
    m = d * 2.0**-e  # vldexp3: exact
    if tiny:
        e -= 64
    xx, xy = _div(*_add2(-1.0, m), *_add2(1.0, m))
    sq = xx * xx
    x2x, x2y = sq, fma(xx + xx, xy, fma(xx, xx, -sq))
    x4 = x2x * x2x
    x8 = x4 * x4
    x16 = x8 * x8
    t = fma(x16, _LOGK[0], _poly8(x2x, x4, x8, _LOGK[1:]))
    s = _mul_d(_LN2_HI, _LN2_LO, float(e))
    s = _add(*s, 2.0 * xx, 2.0 * xy)
    x3 = _mul(x2x, x2y, xx, xy)
    s = _add(*s, *_mul(*x3, *_LOGK_C))
    x5 = _mul(x2x, x2y, *x3)
    return _add(*s, *_mul_d(*x5, t))


def _expk(dx: float, dy: float) -> float:
    u = (dx + dy) * _R_LN2
    dq = float(round(u)) if math.isfinite(u) else 0.0
    q = int(dq)
    s = _add2_d(dx, dy, dq * -_L2U)
    s = _add2_d(*s, dq * -_L2L)
    n = s[0] + s[1]  # ddnormalize
    sx, sy = n, (s[0] - n) + s[1]
    s2 = sx * sx
    s4 = s2 * s2
    s8 = s4 * s4
    u = fma(s8, fma(sx, _EXPK[0], _EXPK[1]), _poly8(sx, s2, s4, _EXPK[2:]))
    one = 1.0 + sx  # ddadd(1, s)
    tx, ty = one, ((1.0 - one) + sx) + sy
    sq = sx * sx
    tx, ty = _add(tx, ty, *_mul_d(sq, fma(sx + sx, sy, fma(sx, sx, -sq)), u))
    r = tx + ty
    half = q >> 1  # vldexp2: two exact powers of two
    r = r * 2.0**half * 2.0 ** (q - half) if -2200 < q < 2200 else (0.0 if q < 0 else _INF)
    return 0.0 if dx < -1000.0 else r


def powd_sleef(x: float, y: float) -> float:
    """Sleef's ``powd4_u10``: ``x ** y`` for doubles, as PyTorch's vector blocks compute it."""
    yisint = y == math.floor(y) if math.isfinite(y) else y == y
    yisodd = yisint and math.isfinite(y) and abs(y) < 2.0**53 and int(y) % 2 == 1
    if y == 0.0 or x == 1.0:
        return 1.0
    if x != x or y != y:
        return _NAN
    if x == 0.0 or math.isinf(x):
        big = (math.copysign(1.0, y) < 0) != (x == 0.0)
        return math.copysign(0.0 if big else _INF, x if yisodd else 1.0)
    if math.isinf(y):
        efx = (abs(x) - 1.0) * math.copysign(1.0, y)
        return 0.0 if efx < 0.0 else 1.0 if efx == 0.0 else _INF
    lx, ly = _logk(abs(x))
    dx, dy = _mul_d(lx, ly, y)
    r = _INF if dx > 709.78271114955742909217217426 else _expk(dx, dy)
    if x > 0.0:
        return r
    return -r if yisodd else r if yisint else _NAN


def pow_blocks(xs: list[float], exponent: float | list[float]) -> list[float] | None:
    """A float64 tensor's ``x ** exponent`` as PyTorch's loop runs it: Sleef's pow on the
    whole blocks of 8, C's ``pow`` on the rest; None for the exponents PyTorch computes
    another way (the caller's numbers stand)."""
    cut = len(xs) - len(xs) % _BLOCK
    if isinstance(exponent, (int, float)):
        e = float(exponent)
        if e in _SPECIAL:
            return None
        ys = [e] * len(xs)
    else:
        ys = exponent
    head = [powd_sleef(x, y) for x, y in zip(xs[:cut], ys[:cut])]
    return head + [c_pow(x, y) for x, y in zip(xs[cut:], ys[cut:])]


def c_pow(x: float, y: float) -> float:
    """C's ``pow`` on doubles (Python's math.pow raises where C returns inf or nan): PyTorch's
    scalar tail, for float64 and, rounded after, for float32."""
    try:
        return math.pow(x, y)
    except OverflowError:
        odd = y == int(y) and int(y) % 2 == 1
        return -_INF if x < 0.0 and odd else _INF
    except ValueError:
        if x == 0.0:
            odd = y == int(y) and int(y) % 2 == 1
            return math.copysign(_INF, x) if odd else _INF
        return _NAN
