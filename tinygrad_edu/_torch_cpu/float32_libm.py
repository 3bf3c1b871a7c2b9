"""float32 arithmetic primitives and the vendor math routines PyTorch's CPU kernels call.

``round32``/``f32`` round to float32 as C's cast does; ``fma32`` is the FMA instruction (one
rounding); ``expf_sleef``/``logf_sleef`` are Sleef's AVX2 ``expf8_u10``/``logf8_u10`` (what
``Vectorized<float>::exp``/``log`` call) and ``expf_glibc`` is glibc's ``expf`` (what
``std::exp(float)`` calls in scalar loops), each step by step in float32 (double for glibc), so
that they give those libraries' bits rather than the correctly rounded result. The algorithms
are Sleef's ``sleefsimdsp.c``/``df.h`` and glibc's ``e_expf.c``, written out again here.
"""

from __future__ import annotations

import math
import operator
import struct
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from itertools import repeat

__all__ = [
    "F32",
    "F32s",
    "exp_sleef",
    "expf_glibc",
    "expf_sleef",
    "f32",
    "fma32",
    "fma32_list",
    "log1pf_sleef",
    "logf_sleef",
    "round32",
]

Operand = Sequence[float] | float  # a list, or one number for every element

_INF = math.inf
_NAN = math.nan


def round32(xs: Iterable[float]) -> list[float]:
    """Each value rounded to the nearest float32 (ties to even), overflow to +-inf, as C's cast.

    One pass through ``array('f')``, so a list costs about one C loop, not a call per element.
    """
    return array("f", xs).tolist()


_PACK, _UNPACK = struct.Struct("f").pack, struct.Struct("f").unpack


def f32(x: float) -> float:
    """One value rounded to float32 (the scalar form of ``round32``)."""
    try:
        return _UNPACK(_PACK(x))[0]
    except OverflowError:  # struct refuses exactly the values that round to +-inf
        return math.copysign(_INF, x)


def fma32(a: float, b: float, c: float) -> float:
    """``a * b + c`` with one float32 rounding, as the FMA instruction computes it.

    The product of two float32 values is exact in double; ``p + c`` rounds once to double and a
    second rounding to float32 can differ from the single one only when the double sum lands
    exactly on a float32 midpoint while the exact sum does not. TwoSum gives the exact error of
    the double sum; in that case the sum moves one double ulp towards the exact value.
    """
    p = a * b
    s = p + c
    if s - s != 0.0:  # inf or nan: no rounding question
        return f32(s)
    bb = s - p
    err = (p - (s - bb)) + (c - bb)
    if err != 0.0:
        # s's 25 leading bits as an integer (float32 subnormals: multiples of 2**-150)
        k = math.frexp(s)[0] * 33554432.0 if math.fabs(s) >= 2.0**-126 else s * 2.0**150
        if k == int(k) and int(k) & 1:  # exactly halfway between two float32 values
            s = math.nextafter(s, _INF if err > 0.0 else -_INF)
    return f32(s)


def fma32_list(
    a: Sequence[float], b: Sequence[float] | float, c: Sequence[float] | float
) -> list[float]:
    """``fma32`` element by element, rounding whole lists at once (the tensor layer's form).

    A double sum s that rounded to r is a float32 midpoint exactly when ``2s - r`` is itself a
    float32 other than r; only those few elements need the exact error and a nudge.
    """
    n = len(a)
    bb = [f32(b)] * n if isinstance(b, (int, float)) else b
    cc = [f32(c)] * n if isinstance(c, (int, float)) else c
    s = [x * y + z for x, y, z in zip(a, bb, cc)]
    r = array("f", s).tolist()
    t = [x + x - y for x, y in zip(s, r)]
    for i in [i for i, u, v in zip(range(n), t, array("f", t)) if u == v]:
        if s[i] != r[i] and r[i] - r[i] == 0.0:  # a midpoint, and not an overflow to inf
            r[i] = fma32(a[i], bb[i], cc[i])
    return r


# Sleef's expf (sleefsimdsp.c, xexpf), built for AVX2 where vmla is an FMA.
_R_LN2 = f32(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U = f32(0.693145751953125)
_L2L = f32(1.428606765330187045e-06)
_EXP_POLY = round32(
    [
        0.000198527617612853646278381,
        0.00139304355252534151077271,
        0.00833336077630519866943359,
        0.0416664853692054748535156,
        0.166666671633720397949219,
        0.5,
    ]
)


def expf_sleef(d: float) -> float:
    """Sleef's ``expf8_u10`` (what ``Vectorized<float>::exp`` calls on AVX2), step by step in
    float32: ``q = rint(d / ln 2)``, a two-part Cody-Waite reduction and a degree-6 polynomial
    evaluated with FMAs, then ``ldexp(u, q)``; 0 below -104 and inf above 100."""
    if d != d:
        return d
    if d < -104.0:
        return 0.0
    if d > 100.0:
        return _INF
    q = round(f32(d * _R_LN2))  # vrint: round half to even, as Python's round
    qf = float(q)
    s = fma32(qf, -_L2U, d)
    s = fma32(qf, -_L2L, s)
    u = _EXP_POLY[0]
    for c in _EXP_POLY[1:]:
        u = fma32(u, s, c)
    u = f32(1.0 + fma32(f32(s * s), u, s))
    # vldexp2 multiplies by 2**(q>>1) and 2**(q - (q>>1)): the first is exact in float32,
    # so the whole is one rounding of the exact double product.
    r = u * 2.0**q if q < 1000 else _INF
    return f32(r) if r < 3.5e38 else _INF


def exp_sleef(xs: Sequence[float]) -> list[float]:
    """``expf_sleef`` on a whole list, the same steps with each rounding done list-wide."""
    n = len(xs)
    big = [d * _R_LN2 if -1000.0 < d < 1000.0 else 0.0 for d in xs]  # specials are set below
    q = [round(v) for v in array("f", big).tolist()]
    qf = [float(k) for k in q]
    s = fma32_list(qf, -_L2U, xs)
    s = fma32_list(qf, -_L2L, s)
    u = [_EXP_POLY[0]] * n
    for c in _EXP_POLY[1:]:
        u = fma32_list(u, s, c)
    u = round32([1.0 + v for v in fma32_list(round32([v * v for v in s]), u, s)])
    out = round32([v * 2.0**k if -200 < k < 200 else 0.0 for v, k in zip(u, q)])
    for i, d in enumerate(xs):
        if d != d:
            out[i] = d
        elif d < -104.0:
            out[i] = 0.0
        elif d > 100.0:
            out[i] = _INF
    return out


# glibc's expf (sysdeps/ieee754/flt-32/e_expf.c): in double, x * 32 / ln 2 = k + r, then
# 2**(k/32) from a table times a cubic in r, rounded once to float32. Its worst error is 0.502
# ulp, so it is not always the correctly rounded result: PyTorch's scalar loops call it.
_EXP2_TABLE = [
    struct.unpack("<Q", struct.pack("<d", float(Decimal(2) ** (Decimal(i) / 32))))[0] - (i << 47)
    for i in range(32)
]
_EXPF_C = (
    float.fromhex("0x1.c6af84b912394p-5") / 32 / 32 / 32,
    float.fromhex("0x1.ebfce50fac4f3p-3") / 32 / 32,
    float.fromhex("0x1.62e42ff0c52d6p-1") / 32,
)
_INVLN2_32 = float.fromhex("0x1.71547652b82fep+0") * 32
_SHIFT = float.fromhex("0x1.8p+52")


def expf_glibc(x: float) -> float:
    """glibc's ``expf`` (what ``std::exp(float)`` calls in PyTorch's scalar code paths)."""
    if x != x:
        return x
    if x > float.fromhex("0x1.62e42ep6"):
        return _INF
    if x < float.fromhex("-0x1.9fe368p6"):
        return 0.0
    z = _INVLN2_32 * x
    kd = z + _SHIFT  # the low bits of kd's representation are round(z)
    ki = struct.unpack("<Q", struct.pack("<d", kd))[0]
    kd -= _SHIFT
    r = z - kd
    bits = (_EXP2_TABLE[ki % 32] + (ki << 47)) & 0xFFFFFFFFFFFFFFFF
    scale = struct.unpack("<d", struct.pack("<Q", bits))[0]
    c0, c1, c2 = _EXPF_C
    y = (c0 * r + c1) * (r * r) + (c2 * r + 1.0)
    return f32(y * scale)


# Sleef's logf_u10 (sleefsimdsp.c, xlogf_u1, AVX2 build), in double-float (pairs of float32).


def _fms(a: float, b: float, c: float) -> float:
    """``a * b - c`` with one rounding (vfmapn, ``_mm256_fmsub_ps``)."""
    return fma32(a, b, -c)


def _fnma(a: float, b: float, c: float) -> float:
    """``c - a * b`` with one rounding (vfmanp, ``_mm256_fnmadd_ps``)."""
    return fma32(-a, b, c)


def _df_add2(x: float, y: float) -> tuple[float, float]:
    s = f32(x + y)
    v = f32(s - x)
    return s, f32(f32(x - f32(s - v)) + f32(y - v))


def _df_div(nx: float, ny: float, dx: float, dy: float) -> tuple[float, float]:
    t = f32(1.0 / dx)
    s = f32(nx * t)
    u = _fms(t, nx, s)
    v = _fnma(dy, t, _fnma(dx, t, 1.0))
    return s, fma32(s, v, fma32(ny, t, u))


_LN2_HI = f32(0.69314718246459960938)
_LN2_LO = f32(-1.904654323148236017e-09)
_LOG_POLY = round32([0.3027294874, 0.3996108174, 0.6666694880])


def logf_sleef(d: float) -> float:
    """Sleef's ``logf8_u10`` (``Vectorized<float>::log`` on AVX2): ``d = m * 2**e`` with m in
    [0.75, 1.5), ``x = (m - 1) / (m + 1)`` as a float32 pair, ``e * ln 2 + 2x + x**3 * P(x**2)``
    summed in pairs, rounded once at the end."""
    if d != d or d < 0.0:
        return _NAN
    if d == 0.0:
        return -_INF
    if d == _INF:
        return _INF
    tiny = d < 2.0**-126
    if tiny:
        d = f32(d * 2.0**64)
    e = math.frexp(f32(d * f32(1.0 / 0.75)))[1] - 1  # vilogb2k: the float's biased exponent
    m = d * 2.0**-e  # vldexp3: exact
    if tiny:
        e -= 64
    fe = float(e)
    sx = f32(_LN2_HI * fe)  # dfmul(ln2 pair, e)
    sy = fma32(_LN2_LO, fe, _fms(_LN2_HI, fe, sx))
    nx, ny = _df_add2(-1.0, m)
    dx, dy = _df_add2(1.0, m)
    xx, xy = _df_div(nx, ny, dx, dy)
    x2 = f32(xx * xx)
    t = _LOG_POLY[0]
    for c in _LOG_POLY[1:]:
        t = fma32(t, x2, c)
    # dfadd(s, dfscale(x, 2)) then dfadd(s, x2 * x * t)
    ax, ay = 2.0 * xx, 2.0 * xy
    s = f32(sx + ax)
    sy = f32(f32(f32(f32(sx - s) + ax) + sy) + ay)
    sx = s
    w = f32(f32(x2 * xx) * t)
    s = f32(sx + w)
    sy = f32(f32(f32(sx - s) + w) + sy)
    return f32(s + sy)


def log1pf_sleef(d: float) -> float:
    """Sleef's ``log1pf8_u10`` (``Vectorized<float>::log1p`` on AVX2): as ``logf_sleef`` on
    ``1 + d`` but with ``m = d * 2**-e + (2**-e - 1)`` by FMA, so small d keep their bits."""
    if d != d or d < -1.0:
        return _NAN
    if d == -1.0:
        return -_INF
    if d == _INF:
        return _INF
    if d == 0.0:
        return d  # keeps -0.0
    dp1 = f32(d + 1.0)
    tiny = dp1 < 2.0**-126
    if tiny:
        dp1 = f32(dp1 * 2.0**64)
    scaled = f32(dp1 * f32(1.0 / 0.75))
    e = 128 if scaled == _INF else math.frexp(scaled)[1] - 1  # vilogb2k reads the exponent bits
    t = 2.0**-e
    m = fma32(d, t, f32(t - 1.0))
    if tiny:
        e -= 64
    fe = float(e)
    sx = f32(_LN2_HI * fe)
    sy = fma32(_LN2_LO, fe, _fms(_LN2_HI, fe, sx))
    ds = f32(2.0 + m)  # dfadd(2, m): |2| >= |m|
    dt = f32(f32(2.0 - ds) + m)
    xx, xy = _df_div(m, 0.0, ds, dt)
    x2 = f32(xx * xx)
    p = _LOG_POLY[0]
    for c in _LOG_POLY[1:]:
        p = fma32(p, x2, c)
    ax, ay = 2.0 * xx, 2.0 * xy
    s = f32(sx + ax)
    sy = f32(f32(f32(f32(sx - s) + ax) + sy) + ay)
    sx = s
    w = f32(f32(x2 * xx) * p)
    s = f32(sx + w)
    sy = f32(f32(f32(sx - s) + w) + sy)
    return f32(s + sy)


# Sleef's powf_u10 (sleefsimdsp.c, xpowf, AVX2 build): exp(y * log|x|) with the logarithm
# and the product kept as float32 pairs (logkf, expkf), then the IEEE special cases.

_LOGK_POLY = round32([0.240320354700088500976562, 0.285112679004669189453125,
                      0.400007992982864379882812])  # fmt: skip
_LOGK_C = (f32(0.66666662693023681640625), f32(3.69183861259614332084311e-09))
_EXPK_POLY = round32([0.00136324646882712841033936, 0.00836596917361021041870117,
                      0.0416710823774337768554688, 0.166665524244308471679688,
                      0.499999850988388061523438])  # fmt: skip


def _df_mul(xx: float, xy: float, yx: float, yy: float) -> tuple[float, float]:
    s = f32(xx * yx)
    return s, fma32(xx, yy, fma32(xy, yx, _fms(xx, yx, s)))


def _df_mul_f(xx: float, xy: float, y: float) -> tuple[float, float]:
    s = f32(xx * y)
    return s, fma32(xy, y, _fms(xx, y, s))


def _df_add(xx: float, xy: float, yx: float, yy: float) -> tuple[float, float]:
    """dfadd (|x| >= |y|): ``((x.x - s) + y.x) + x.y) + y.y``."""
    s = f32(xx + yx)
    return s, f32(f32(f32(f32(xx - s) + yx) + xy) + yy)


def _df_add2_pairs(xx: float, xy: float, yx: float, yy: float) -> tuple[float, float]:
    s = f32(xx + yx)
    v = f32(s - xx)
    t = f32(f32(xx - f32(s - v)) + f32(yx - v))
    return s, f32(t + f32(xy + yy))


def _df_add2_f(xx: float, xy: float, y: float) -> tuple[float, float]:
    s = f32(xx + y)
    v = f32(s - xx)
    t = f32(f32(xx - f32(s - v)) + f32(y - v))
    return s, f32(t + xy)


def _logkf(d: float) -> tuple[float, float]:
    tiny = d < 2.0**-126
    if tiny:
        d = f32(d * 2.0**64)
    scaled = f32(d * f32(1.0 / 0.75))
    e = 128 if scaled == _INF else math.frexp(scaled)[1] - 1
    m = d * 2.0**-e
    if tiny:
        e -= 64
    nx, ny = _df_add2(-1.0, m)
    dx, dy = _df_add2(1.0, m)
    xx, xy = _df_div(nx, ny, dx, dy)
    sq = f32(xx * xx)  # dfsqu
    x2x, x2y = sq, fma32(f32(xx + xx), xy, _fms(xx, xx, sq))
    t = _LOGK_POLY[0]
    for c in _LOGK_POLY[1:]:
        t = fma32(t, x2x, c)
    sx, sy = _df_mul_f(_LN2_HI, _LN2_LO, float(e))
    sx, sy = _df_add(sx, sy, 2.0 * xx, 2.0 * xy)
    px, py = _df_mul_f(x2x, x2y, t)
    px, py = _df_add2_pairs(px, py, *_LOGK_C)
    qx, qy = _df_mul(x2x, x2y, xx, xy)
    qx, qy = _df_mul(qx, qy, px, py)
    return _df_add(sx, sy, qx, qy)


def _expkf(dx: float, dy: float) -> float:
    u = f32(f32(dx + dy) * _R_LN2)
    q = round(u) if u == u and abs(u) < 2.0**31 else 0
    qf = float(q)
    sx, sy = _df_add2_f(dx, dy, f32(qf * -_L2U))
    sx, sy = _df_add2_f(sx, sy, f32(qf * -_L2L))
    n = f32(sx + sy)  # dfnormalize
    sx, sy = n, f32(f32(sx - n) + sy)
    u = _EXPK_POLY[0]
    for c in _EXPK_POLY[1:]:
        u = fma32(u, sx, c)
    sq = f32(sx * sx)
    qx, qy = _df_mul_f(sq, fma32(f32(sx + sx), sy, _fms(sx, sx, sq)), u)
    tx, ty = _df_add(sx, sy, qx, qy)
    one = f32(1.0 + tx)  # dfadd(1, t)
    ty = f32(f32(f32(1.0 - one) + tx) + ty)
    return 0.0 if dx < -104.0 else _vldexp(f32(one + ty), q)


def _vldexp(x: float, q: int) -> float:
    """vldexp_vf_vf_vi2: ``x * 2**q`` as four multiplies by ``2**m`` and one by ``2**(q-4m)``,
    each rounded, so a subnormal result is rounded more than once."""
    m = -1 if q < 0 else 0
    m = (((m + q) >> 6) - m) << 4
    q -= m << 2
    m = min(max(m + 127, 0), 255)
    u = _INF if m == 255 else 2.0 ** (m - 127) if m else 0.0
    for _ in range(4):
        x = f32(x * u)
    return f32(x * 2.0**q)


def powf_sleef(x: float, y: float) -> float:
    """Sleef's ``powf8_u10`` (``Vectorized<float>::pow`` on AVX2)."""
    yisint = y == math.trunc(y) if y - y == 0.0 else y == y
    yisodd = yisint and abs(y) < 2.0**24 and int(y) & 1 == 1
    if y == 0.0 or x == 1.0:
        return 1.0
    if x != x or y != y:
        return _NAN
    if x == 0.0 or x == _INF or x == -_INF:
        big = (y < 0.0 or math.copysign(1.0, y) < 0) != (x == 0.0)
        return math.copysign(0.0 if big else _INF, x if yisodd else 1.0)
    if y == _INF or y == -_INF:
        efx = (abs(x) - 1.0) * math.copysign(1.0, y)  # vmulsign: the sign of y applied
        return 0.0 if efx < 0.0 else 1.0 if efx == 0.0 else _INF
    lx, ly = _logkf(abs(x))
    r = _expkf(*_df_mul_f(lx, ly, y))
    if r != r:
        r = _INF
    if x > 0.0:
        return r
    return -r if yisint and yisodd else r if yisint else _NAN


# -- a float32 number: what a float32 tensor's element holds in a backward formula ---------


def _operand(b: object) -> float | None:
    # a Python number in a float32 kernel is cast to float32 first, as PyTorch casts a scalar
    if b.__class__ is F32:
        return b  # type: ignore[return-value]
    if isinstance(b, (int, float)) and not isinstance(b, bool):
        return f32(b)
    return None


def _div(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0.0:
            return _NAN
        return math.copysign(_INF, a) * math.copysign(1.0, b)


class F32(float):
    """A float32 number: a float whose every ``+ - * /`` is rounded to float32, as a float32
    CPU kernel rounds each operation (numbers it meets are cast to float32 first).

    The local rules of the op table run on these for a float32 tensor, so one formula gives
    the float64 gradient on floats and PyTorch's float32 one on ``F32``s:

    >>> g, y = F32(1.0), F32(0.1)
    >>> float(g * (1.0 - y * y)) == f32(1.0 - f32(f32(0.1) * f32(0.1)))
    True
    """

    __slots__ = ()

    def __new__(cls, x: float = 0.0) -> F32:
        return float.__new__(cls, f32(x))

    def __add__(self, b: object) -> F32:
        o = _operand(b)
        return NotImplemented if o is None else _new(F32, f32(float.__add__(self, o)))

    __radd__ = __add__

    def __sub__(self, b: object) -> F32:
        o = _operand(b)
        return NotImplemented if o is None else _new(F32, f32(float.__sub__(self, o)))

    def __rsub__(self, b: object) -> F32:
        o = _operand(b)
        return NotImplemented if o is None else _new(F32, f32(float.__sub__(o, self)))

    def __mul__(self, b: object) -> F32:
        o = _operand(b)
        return NotImplemented if o is None else _new(F32, f32(float.__mul__(self, o)))

    __rmul__ = __mul__

    def __truediv__(self, b: object) -> F32:
        o = _operand(b)
        return NotImplemented if o is None else _new(F32, f32(_div(float(self), float(o))))

    def __rtruediv__(self, b: object) -> F32:
        o = _operand(b)
        return NotImplemented if o is None else _new(F32, f32(_div(float(o), float(self))))

    def __neg__(self) -> F32:
        return _new(F32, -float(self))

    def __pos__(self) -> F32:
        return self

    def __abs__(self) -> F32:
        return _new(F32, abs(float(self)))

    def fma(self, b: float, c: float) -> F32:
        """``self * b + c`` with one float32 rounding (what GCC makes of such a kernel line)."""
        return _new(F32, fma32(float(self), float(_operand(b)), float(_operand(c))))  # type: ignore[arg-type]


_new = float.__new__


def _split(a: float) -> tuple[float, float]:
    c = 134217729.0 * a  # 2**27 + 1: Veltkamp's split into two 26-bit halves
    hi = c - (c - a)
    return hi, a - hi


def fma(a: float, b: float, c: float) -> float:
    """``a * b + c`` rounded once, as a fused multiply-add (PyTorch's CPU kernels fuse
    ``x + alpha * y``, ``lerp`` and ``addcmul``).

    >>> fma(0.1, 10.0, -1.0)  # unfused, 0.1 * 10.0 rounds to exactly 1.0 first
    5.551115123125783e-17
    """
    p = a * b
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return p + c  # inf and nan: nothing to round
    if not (1e-280 < abs(a) < 1e280 and 1e-280 < abs(b) < 1e280 and math.isfinite(p)):
        # where Dekker's split would lose bits: exact rationals (int / int rounds correctly)
        na, da = a.as_integer_ratio()
        nb, db = b.as_integer_ratio()
        nc, dc = c.as_integer_ratio()
        return (na * nb * dc + nc * da * db) / (da * db * dc) if na * nb or nc else p + c
    ah, al = _split(a)
    bh, bl = _split(b)
    err = ((ah * bh - p) + ah * bl + al * bh) + al * bl  # a*b == p + err exactly (Dekker)
    return math.fsum((p, err, c))


class F32s:
    """Many float32 numbers at once (a float32 tensor's elements): ``F32``'s arithmetic on a
    whole list, each ``+ - * /`` one pass over the list and one C loop of rounding (``round32``),
    so an op's rule costs no Python object per number. Bit for bit, element by element, what
    ``F32`` gives. A number it meets is cast to float32 first, as ``F32`` casts it.

    It has no truth value, no ``float()`` and no comparisons (each raises ``TypeError``): a rule
    that branches on a number runs element by element on ``F32`` instead.

    >>> (F32s.of([0.1, 2.0]) * 3.0).values == [float(F32(0.1) * 3.0), float(F32(2.0) * 3.0)]
    True
    """

    __slots__ = ("values",)

    def __init__(self, values: list[float]) -> None:
        self.values = values  # already float32 numbers

    @classmethod
    def of(cls, xs: Iterable[float]) -> F32s:
        """The numbers ``xs`` rounded to float32 (as ``F32(x)`` rounds each)."""
        return cls(array("f", xs).tolist())

    def _other(self, b: object) -> Iterator[float] | list[float] | None:
        if b.__class__ is F32s:
            if len(b.values) != len(self.values):  # type: ignore[attr-defined]
                raise ValueError("F32s of different lengths")
            return b.values  # type: ignore[attr-defined]
        o = _operand(b)
        return None if o is None else repeat(float(o), len(self.values))

    def _apply(self, fn: Callable[[float, float], float], b: object, swap: bool) -> F32s:
        o = self._other(b)
        if o is None:
            return NotImplemented
        got = map(fn, o, self.values) if swap else map(fn, self.values, o)
        return F32s(array("f", got).tolist())

    def __add__(self, b: object) -> F32s:
        return self._apply(operator.add, b, False)

    __radd__ = __add__  # as F32's: self first either way

    def __sub__(self, b: object) -> F32s:
        return self._apply(operator.sub, b, False)

    def __rsub__(self, b: object) -> F32s:
        return self._apply(operator.sub, b, True)

    def __mul__(self, b: object) -> F32s:
        return self._apply(operator.mul, b, False)

    __rmul__ = __mul__

    def __truediv__(self, b: object) -> F32s:
        return self._apply(_div, b, False)

    def __rtruediv__(self, b: object) -> F32s:
        return self._apply(_div, b, True)

    def __neg__(self) -> F32s:
        return F32s([-x for x in self.values])

    def __pos__(self) -> F32s:
        return self

    def __abs__(self) -> F32s:
        return F32s([abs(x) for x in self.values])

    def fma(self, b: object, c: object) -> F32s:
        """``self * b + c`` with one float32 rounding per element (``fma32``'s bits)."""
        a, bb, cc = self.values, self._other(b), self._other(c)
        if bb is None or cc is None:
            raise TypeError("F32s.fma takes numbers")
        bb, cc = list(bb), list(cc)
        s = [x * y + z for x, y, z in zip(a, bb, cc)]
        r = array("f", s).tolist()
        # the double sum s rounded to r can be off only where s is a float32 midpoint, that
        # is where 2s - r is a float32 too: those few go through fma32, which settles them
        t = [x + x - y for x, y in zip(s, r)]
        for i in [i for i, u, v in zip(range(len(t)), t, array("f", t)) if u == v]:
            if s[i] != r[i]:
                r[i] = fma32(a[i], bb[i], cc[i])
        return F32s(r)

    def map(self, fn: Callable[[float], float]) -> F32s:
        """``fn`` (a float64 function) at each element, the results rounded to float32: what
        ``F32(fn(float(x)))`` gives element by element."""
        return F32s(array("f", map(fn, self.values)).tolist())

    def _no(self, *args: object) -> bool:
        raise TypeError(
            "F32s has no truth value, float() or order: a rule that branches runs on F32"
        )

    __bool__ = __float__ = __int__ = __index__ = _no  # type: ignore[assignment]
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _no  # type: ignore[assignment]
    __hash__ = None  # type: ignore[assignment]
