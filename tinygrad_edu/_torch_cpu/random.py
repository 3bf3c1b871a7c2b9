"""PyTorch's CPU random draws, element for element, on an MT19937 generator
(:class:`~tinygrad_edu._torch_cpu.mt19937.Generator`).

Each function takes the generator, consumes it exactly as the PyTorch CPU kernel does and returns a
plain list (floats already rounded to the requested dtype, or ints); the tensor layer shapes it.
Sizes are element counts (``numel``) of a contiguous tensor. Verified against torch 2.13.0 (x86-64,
AVX2): every function here is bit-identical, including float32 ``randn`` from 16 elements on (see
:func:`normal`).

How each torch function maps onto this module (``g`` is the generator, default
``mt19937.default_generator``; "u24" is ``(random32() & 0xFFFFFF) * 2**-24``, "u53" is
``(random64() & (2**53 - 1)) * 2**-53``)::

    torch.rand(*s, dtype)               uniform(g, n, 0, 1, dtype)       float32 u24, float64 u53
    t.uniform_(a, b)                    uniform(g, n, a, b, dtype)       fma(u, f(b)-f(a), f(a))
    torch.randn(*s, dtype)              normal(g, n, 0, 1, dtype)
    torch.normal(m, s, size), normal_   normal(g, n, m, s, dtype)
    torch.normal(mean=T, std=T|float)   normal_tensor(g, mean, std, dtype)
    torch.randint(lo, hi, s)            randint(g, n, lo, hi)            t.random_(lo, hi) too
    torch.empty(s).random_()            random_(g, n, dtype)
    t.random_(lo, None) (int64)         random_from(g, n, lo)
    torch.randperm(n)                   randperm(g, n)
    t.bernoulli_(p) (float p)           bernoulli(g, n, p, dtype)        u53 < p
    torch.bernoulli(probs)              bernoulli_probs(g, probs, dtype) u24 < p (float32 probs)
    F.dropout / nn.Dropout (training)   dropout_noise(g, n, p, dtype)    output = x * noise
    nn.Dropout2d/3d, (N, C, ...) input  dropout_noise(g, N*C, p, dtype)  broadcast over the rest
    F.alpha_dropout (training)          alpha_dropout_noise(g, n, p)     output = x * noise + b
    t.exponential_(lambd)               exponential(g, n, lambd, dtype)
    F.rrelu (training)                  rrelu_noise(g, xs, lo, hi, dtype) output = x * noise
    torch.multinomial(w, k, repl)       multinomial(g, w, k, repl)

Recipes built on these (checked against the real calls in the tests):

- ``nn.Linear(i, o)``: ``kaiming_uniform_(weight, a=sqrt(5))`` then ``uniform_(bias, -b, b)``,
  both on the default generator, weight first (o*i elements, row-major), then bias (o). The weight
  bound is ``sqrt(3) * (sqrt(2 / (1 + a*a)) / sqrt(fan_in))`` in double (``a*a`` is
  5.000000000000001), the bias bound ``1 / sqrt(fan_in)``: :func:`linear_init_bounds`,
  :func:`linear_init`. ``uniform_`` then rounds both bounds to float32.
- ``nn.init``: ``uniform_(t, a, b)`` and ``normal_(t, m, s)`` are the in-place draws above;
  ``xavier_uniform_`` is ``uniform_(-a, a)`` with
  ``a = sqrt(3) * (gain * sqrt(2 / (fan_in + fan_out)))``,
  ``xavier_normal_`` is ``normal_(0, gain * sqrt(2 / (fan_in + fan_out)))``, ``kaiming_normal_`` is
  ``normal_(0, gain / sqrt(fan))`` with ``gain = sqrt(2 / (1 + a*a))`` for leaky_relu (the default),
  ``sqrt(2)`` for relu: :func:`init_bound`, :func:`init_std`, :func:`calculate_gain`.
  fan_in = size(1) * receptive field, fan_out = size(0) * receptive field.
- ``DataLoader(ds, batch_size, shuffle=True, generator=G)`` with ``num_workers=0``, per epoch
  (each ``iter(loader)``): first ``_base_seed = random_(G or default, 1, "int64")`` (one random64);
  then, at the first batch, the RandomSampler: without ``G`` it draws
  ``seed = random_(default, 1, "int64")`` and permutes with ``randperm`` on a fresh generator
  seeded with it (``Generator().manual_seed(seed)``); with
  ``G`` it uses ``randperm(G, n)`` and, when the epoch runs to its end, draws one more
  ``randperm(G, n)`` that it throws away (its ``randperm(n)[:num_samples % n]``). So training-step
  draws (dropout, ...) come after both. :func:`sampler_order` does the sampler part.
- ``random_split(ds, lengths, generator=G)``: ``randperm(G, sum(lengths))`` (``G`` defaults to the
  default generator), cut into consecutive pieces; fractions become lengths by ``floor(n * f)`` with
  the remainder handed out round-robin: :func:`split_indices`.
- ``nn.Dropout`` in eval mode, and dropout with p == 0 or p == 1, draw nothing.
- A 2-D ``torch.multinomial`` is :func:`multinomial` on each row in turn (its exponential draws
  and its uniforms both go row by row).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate

from tinygrad_edu._torch_cpu import mt19937
from tinygrad_edu._torch_cpu.float32_libm import fma
from tinygrad_edu._torch_cpu.float32_math import (
    f32,
    fma_f32,
    log_ps_list,
    round_f32,
    sincos_ps_list,
)
from tinygrad_edu._torch_cpu.mt19937 import Generator

FLOAT_DTYPES = ("float32", "float64")
INT_BITS = {"int8": 7, "int16": 15, "int32": 31, "int64": 63, "uint8": 8}
"""Value bits of each integer dtype: ``random_()`` draws in [0, 2**bits) (0..255 for uint8)."""

_M24 = 0xFFFFFF
_M53 = (1 << 53) - 1
_E24 = 2.0**-24
_E53 = 2.0**-53
_TWO_PI_F32 = f32(2.0 * math.pi)
_VECTOR_MIN = 16  # PyTorch's normal_ fills blocks of 16 from this size on
_F32_MAX = 3.4028234663852886e38
_F64_MAX = 1.7976931348623157e308
_C_NAME = {"float32": "float", "float64": "double"}


def _gen(gen: Generator | None) -> Generator:
    return mt19937.default_generator if gen is None else gen


def _check_float(dtype: str) -> None:
    if dtype not in FLOAT_DTYPES:
        raise ValueError(f"expected a floating dtype (float32 or float64), got {dtype!r}")


fma64 = fma  # double a * b + c rounded once, as the FMA GCC emits for PyTorch's kernels


def u24(gen: Generator, n: int) -> list[float]:
    """``n`` float32 uniforms in [0, 1): the low 24 bits of one word each."""
    return [(w & _M24) * _E24 for w in gen.words32(n)]


def u53(gen: Generator, n: int) -> list[float]:
    """``n`` float64 uniforms in [0, 1): the low 53 bits of one ``random64()`` each."""
    return [(w & _M53) * _E53 for w in gen.words64(n)]


# -- uniform ---------------------------------------------------------------------------------
def uniform(
    gen: Generator | None,
    n: int,
    low: float = 0.0,
    high: float = 1.0,
    dtype: str = "float32",
) -> list[float]:
    """``torch.rand`` / ``Tensor.uniform_(low, high)``: ``u * (high - low) + low`` (fused)."""
    _check_float(dtype)
    gen = _gen(gen)
    limit = _F32_MAX if dtype == "float32" else _F64_MAX
    for name, v in (("from", low), ("to", high)):
        if not -limit <= v <= limit:
            raise RuntimeError(f"{name} is out of bounds for {_C_NAME[dtype]}")
    if not low <= high:
        raise RuntimeError(
            f"uniform_ expects to return a [from, to) range, but found from={low:g} > to={high:g}"
        )
    if high - low > limit:
        kind = _C_NAME[dtype].capitalize()
        raise RuntimeError(
            f"uniform_ expects to-from <= std::numeric_limits<{kind}>::max(), but found "
            f"to={high:g} and from={low:g} which result in to-from to exceed the limit"
        )
    if dtype == "float32":
        a, b = f32(low), f32(high)
        span = f32(b - a)
        xs = u24(gen, n)
        return xs if (a, span) == (0.0, 1.0) else fma_f32(xs, span, a)
    a = float(low)
    span = float(high) - a
    xs = u53(gen, n)
    return xs if (a, span) == (0.0, 1.0) else [fma64(x, span, a) for x in xs]


# -- normal ----------------------------------------------------------------------------------
def normal_pair_next(gen: Generator) -> float:
    """One standard normal from PyTorch's scalar Box-Muller (``at::normal_distribution<double>``).

    A fresh pair takes two u53 (u1 first), r = sqrt(-2 log1p(-u2)), theta = 2 pi u1; it returns
    r cos(theta) and keeps r sin(theta) in the generator for the next call.
    """
    cached = gen.next_double_normal
    if cached is not None:
        gen.next_double_normal = None
        return cached
    u1 = (gen.random64() & _M53) * _E53
    u2 = (gen.random64() & _M53) * _E53
    r = math.sqrt(-2.0 * math.log1p(-u2))
    theta = 2.0 * math.pi * u1
    gen.next_double_normal = r * math.sin(theta)
    return r * math.cos(theta)


def _fill16_f32(d: list[float], starts: list[int], mean: float, std: float) -> None:
    # normal_fill_16_AVX2 on each block starting at ``starts``: u1 = 1 - x[j], u2 = x[j + 8] for
    # the first 8 j, every lane in float32. All blocks' lanes go through the polynomials at once.
    lanes = [j for i in starts for j in range(i, i + 8)]
    log_u1 = log_ps_list(round_f32([1.0 - d[j] for j in lanes]))
    radius = round_f32([math.sqrt(v) for v in round_f32([-2.0 * v for v in log_u1])])
    sin, cos = sincos_ps_list(round_f32([_TWO_PI_F32 * d[j + 8] for j in lanes]))
    first = fma_f32(round_f32([r * c for r, c in zip(radius, cos)]), std, mean)
    second = fma_f32(round_f32([r * s for r, s in zip(radius, sin)]), std, mean)
    for j, a, b in zip(lanes, first, second):
        d[j] = a
        d[j + 8] = b


def _fill16_f64(d: list[float], starts: list[int], mean: float, std: float) -> None:
    # normal_fill_16<double>: libm log/cos/sin in double (the ones Python's math calls).
    for i in starts:
        for j in range(i, i + 8):
            radius = math.sqrt(-2.0 * math.log(1.0 - d[j]))
            theta = 2.0 * math.pi * d[j + 8]
            d[j] = fma64(radius * math.cos(theta), std, mean)
            d[j + 8] = fma64(radius * math.sin(theta), std, mean)


def normal(
    gen: Generator | None,
    n: int,
    mean: float = 0.0,
    std: float = 1.0,
    dtype: str = "float32",
    contiguous: bool = True,
) -> list[float]:
    """``torch.randn`` / ``torch.normal(mean, std, size)`` / ``Tensor.normal_(mean, std)``.

    Under 16 elements, or for a non-contiguous tensor (``t.T.normal_()``, filled in memory order):
    one :func:`normal_pair_next` per element (so the cached half of a pair
    carries over between calls), ``fma(z, std, mean)`` in double, rounded to dtype.
    From 16 on (a contiguous tensor): one uniform per element (u24 for float32, u53 for float64),
    then each block of 16 becomes 8 Box-Muller pairs (x[j] and x[j + 8]); if n is not a multiple
    of 16, 16 fresh uniforms overwrite the last 16 elements and that block is transformed again.
    float32 uses the AVX2 polynomials of :mod:`tinygrad_edu._torch_cpu.float32_math`; float64
    libm. This path neither reads nor sets the cached normal.
    """
    _check_float(dtype)
    gen = _gen(gen)
    if not std >= 0.0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
    if n < _VECTOR_MIN or not contiguous:
        out = [fma64(normal_pair_next(gen), std, mean) for _ in range(n)]
        return [f32(v) for v in out] if dtype == "float32" else out
    if dtype == "float32":
        fill, draw, mean, std = _fill16_f32, u24, f32(mean), f32(std)
    else:
        fill, draw = _fill16_f64, u53
    d = draw(gen, n)
    fill(d, list(range(0, n - 15, 16)), mean, std)
    if n % 16:
        d[n - 16 :] = draw(gen, 16)
        fill(d, [n - 16], mean, std)
    return d


def normal_tensor(
    gen: Generator | None,
    mean: float | Sequence[float],
    std: float | Sequence[float],
    dtype: str = "float32",
) -> list[float]:
    """``torch.normal(mean, std)`` with a tensor mean and/or std (flat, already broadcast lists).

    Tensor mean, float std: ``normal_(0, std)`` then ``+ mean``. Otherwise ``normal_(0, 1)``, then
    ``* std`` and ``+ mean`` as two rounded steps (separate kernels).
    """
    rnd = f32 if dtype == "float32" else float
    means = None if isinstance(mean, (int, float)) else [rnd(m) for m in mean]
    stds = None if isinstance(std, (int, float)) else [rnd(s) for s in std]
    n = len(means) if means is not None else len(stds or [])
    if stds is None:
        z = normal(gen, n, 0.0, float(std), dtype)
        return [rnd(a + m) for a, m in zip(z, means or [])]
    if any(not s >= 0.0 for s in stds):
        raise RuntimeError("normal expects all elements of std >= 0.0")
    z = normal(gen, n, 0.0, 1.0, dtype)
    m = means if means is not None else [rnd(mean)] * n
    return [rnd(rnd(a * s) + b) for a, s, b in zip(z, stds, m)]


# -- integers --------------------------------------------------------------------------------
def randint(
    gen: Generator | None, n: int, low: int, high: int, dtype: str = "int64"
) -> list[int] | list[float]:
    """``torch.randint(low, high, size)`` / ``Tensor.random_(low, high)``.

    Each element is ``v % (high - low) + low``, v one 32-bit word, or one random64 when the range is
    2**32 or more (for int64, float32 and float64 results)."""
    gen = _gen(gen)
    if not low < high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    span = high - low
    if not (low >= -(1 << 63) and high < 1 << 63):
        raise ValueError("Overflow when unpacking long long")  # torch's int64 argument parsing
    wide = span >= 1 << 32 and dtype in ("int64", "float32", "float64")
    words = gen.words64(n) if wide else gen.words32(n)
    out = [w % span + low for w in words]
    return [float(v) for v in out] if dtype in FLOAT_DTYPES else out


def random_(gen: Generator | None, n: int, dtype: str = "int64") -> list[int] | list[float]:
    """``Tensor.random_()`` with no bounds: [0, 2**63) for int64 (one random64 each), [0, 2**bits)
    for the other ints (one word), 0..2**24 for float32 (one word) and 0..2**53 for float64."""
    gen = _gen(gen)
    if dtype == "int64":
        return [w & ((1 << 63) - 1) for w in gen.words64(n)]
    if dtype == "float64":
        return [float(w % ((1 << 53) + 1)) for w in gen.words64(n)]
    if dtype == "float32":
        return [float(w % ((1 << 24) + 1)) for w in gen.words32(n)]
    if dtype == "bool":
        return [bool(w & 1) for w in gen.words32(n)]
    if dtype in INT_BITS:
        mod = 1 << INT_BITS[dtype]
        return [w % mod for w in gen.words32(n)]
    raise ValueError(f"unsupported dtype {dtype!r}")


def random_from(gen: Generator | None, n: int, low: int) -> list[int]:
    """``Tensor.random_(low, None)`` on int64: [low, 2**63), one random64 each (every int64 value
    for ``low == -2**63``)."""
    if low == -(1 << 63):
        return random_full_range(gen, n)
    span = (1 << 63) - low
    return [w % span + low for w in _gen(gen).words64(n)]


def random_full_range(gen: Generator | None, n: int) -> list[int]:
    """``Tensor.random_(-2**63, None)`` on int64: every 64-bit value, one random64 each."""
    return [w - (1 << 64) if w >> 63 else w for w in _gen(gen).words64(n)]


RANDPERM_SWAP_LIMIT = 0xFFFFFFFF // 20
"""Below this n ``randperm`` swaps with 32-bit draws; from it on it takes the 64-bit inside-out
shuffle (214748364; checked against torch on both sides of the limit)."""


def randperm(gen: Generator | None, n: int) -> list[int]:
    """``torch.randperm(n)`` on the CPU.

    Below :data:`RANDPERM_SWAP_LIMIT` (every size this engine meets): start from 0..n-1 and for
    i in 0..n-2 swap element i with element i + random32() % (n - i). From there on:
    :func:`randperm_inside_out`.
    """
    gen = _gen(gen)
    if n < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{n}]")
    if n >= RANDPERM_SWAP_LIMIT:
        return randperm_inside_out(gen, n)
    r = list(range(n))
    for i, w in enumerate(gen.words32(n - 1)):
        z = i + w % (n - i)
        r[i], r[z] = r[z], r[i]
    return r


def randperm_inside_out(gen: Generator | None, n: int) -> list[int]:
    """PyTorch's large-n ``randperm``: the inside-out Fisher-Yates, for i in 0..n-1
    ``z = random64() % (i + 1); r[i] = r[z]; r[z] = i``."""
    gen = _gen(gen)
    r = [0] * n
    for i, w in enumerate(gen.words64(n)):
        z = w % (i + 1)
        r[i] = r[z]
        r[z] = i
    return r


# -- bernoulli, dropout, multinomial ---------------------------------------------------------
def _cast(values: list[bool], dtype: str) -> list:
    if dtype in FLOAT_DTYPES:
        return [1.0 if v else 0.0 for v in values]
    if dtype == "bool":
        return values
    return [int(v) for v in values]


def bernoulli(gen: Generator | None, n: int, p: float, dtype: str = "float32") -> list:
    """``Tensor.bernoulli_(p)`` for a float p: one u53 per element, 1 where u53 < p.

    PyTorch once drew this from an MKL VSL stream (MCG31, seeded with one random32()) on Intel
    CPUs. It turned that path off (pytorch/pytorch#146174, until issue #132395 is fixed), so Intel
    and AMD builds draw alike; checked here on AMD only.
    """
    if not 0.0 <= p <= 1.0:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
    return _cast([u < p for u in u53(_gen(gen), n)], dtype)


def bernoulli_probs(
    gen: Generator | None,
    probs: Sequence[float],
    dtype: str = "float32",
    probs_dtype: str = "float32",
) -> list:
    """``torch.bernoulli(probs)``: per element, u24 < p for float32 probs, u53 < p for float64.
    ``dtype`` is the result's (``torch.bernoulli`` keeps the probs' dtype)."""
    if any(not 0.0 <= p <= 1.0 for p in probs):
        raise RuntimeError(
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
            "message be improved?  If so, please report an enhancement request to PyTorch.)"
        )
    gen = _gen(gen)
    draw = u24 if probs_dtype == "float32" else u53
    return _cast([u < p for u, p in zip(draw(gen, len(probs)), probs)], dtype)


def dropout_noise(gen: Generator | None, n: int, p: float, dtype: str = "float32") -> list[float]:
    """What ``F.dropout(x, p, training=True)`` multiplies x by on the CPU (x * noise in dtype).

    ``noise = empty_like(x).bernoulli_(1 - p)`` then ``noise.div_(1 - p)``: 0 or ``1 / (1 - p)``
    rounded to dtype. p == 0 draws nothing (returns ones); p == 1 draws nothing (x * 0).
    """
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0.0:
        return [1.0] * n
    if p == 1.0:
        return [0.0] * n
    q = 1.0 - p
    keep = bernoulli(gen, n, q, "bool")
    scale = f32(1.0 / f32(q)) if dtype == "float32" else 1.0 / q
    return [scale if k else 0.0 for k in keep]


ALPHA_DROPOUT_ALPHA = 1.7580993408473766


def alpha_dropout_noise(
    gen: Generator | None, n: int, p: float, dtype: str = "float32"
) -> tuple[list[float], list[float]]:
    """``F.alpha_dropout(x, p, training=True)`` on the CPU: (noise, b) with output ``x * noise + b``
    (two rounded steps). keep = bernoulli(1 - p); with a = 1 / sqrt((alpha**2 p + 1)(1 - p)):
    b = (keep - 1) * (alpha a) + alpha a p and noise = keep * a, each step rounded to dtype."""
    rnd = f32 if dtype == "float32" else float
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0.0:
        return [1.0] * n, [0.0] * n
    if p == 1.0:
        return [0.0] * n, [0.0] * n
    alpha = ALPHA_DROPOUT_ALPHA
    a = 1.0 / math.sqrt((alpha * alpha * p + 1) * (1 - p))
    keep = bernoulli(gen, n, 1 - p, dtype)
    aa, aap, ra = rnd(alpha * a), rnd(alpha * a * p), rnd(a)
    b = [rnd(rnd((k - 1.0) * aa) + aap) for k in keep]
    return [rnd(k * ra) for k in keep], b


def rrelu_noise(
    gen: Generator | None, xs: Sequence[float], lower: float, upper: float, dtype: str = "float32"
) -> list[float]:
    """What ``F.rrelu(x, lower, upper, training=True)`` multiplies x by on the CPU
    (``_rrelu_with_noise_train``): one u53 draw per element ``<= 0``, in order, as
    ``u * (upper - lower) + lower`` in double (no FMA there) with the bounds in the input's
    opmath type, the slope rounded to dtype; 1 for the other elements (NaN included)."""
    _check_float(dtype)
    rnd = f32 if dtype == "float32" else float
    lo, hi = rnd(lower), rnd(upper)
    negative = [i for i, x in enumerate(xs) if x <= 0]
    noise = [1.0] * len(xs)
    for i, u in zip(negative, u53(_gen(gen), len(negative))):
        noise[i] = rnd(u * (hi - lo) + lo)
    return noise


def exponential(gen: Generator | None, n: int, lambd: float = 1.0, dtype: str = "float32") -> list:
    """``Tensor.exponential_(lambd)``: ``-1 / lambd * log1p(-u53)`` in double, rounded to dtype."""
    out = [-1.0 / lambd * math.log1p(-u) for u in u53(_gen(gen), n)]
    return [f32(v) for v in out] if dtype == "float32" else out


def multinomial(
    gen: Generator | None,
    probs: Sequence[float],
    num_samples: int,
    replacement: bool = False,
    dtype: str = "float32",
) -> list[int]:
    """``torch.multinomial(probs, num_samples, replacement)`` for one row of weights.

    Without replacement (or one sample): q = exponential_(1), then the indices of the largest
    ``probs / q`` (argmax for one sample, topk in descending order otherwise).
    With replacement: the cumulative sum of the weights normalised, then per sample one u53 and
    a binary search for the first bucket whose cumulative weight exceeds it.
    """
    gen = _gen(gen)
    k = len(probs)
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > k:
        raise RuntimeError(
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement"
        )
    rnd = f32 if dtype == "float32" else float
    if not replacement or num_samples == 1:
        if any(not (0.0 <= p < math.inf) for p in probs):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if sum(probs) == 0:
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        q = exponential(gen, k, 1.0, dtype)
        keys = [rnd(p / e) if e else math.inf for p, e in zip(probs, q)]
        order = sorted(range(k), key=lambda i: (-keys[i], i))
        return order[:num_samples]
    for p in probs:
        if not p >= 0:
            raise RuntimeError(
                "invalid multinomial distribution (encountering probability entry < 0)"
            )
        if not math.isfinite(p):
            raise RuntimeError(
                "invalid multinomial distribution "
                "(encountering probability entry = infinity or NaN)"
            )
    cum = list(accumulate(float(p) for p in probs)) if dtype == "float64" else _cum32(probs)
    total = cum[-1]
    if not total > 0:
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    cum = [c / total for c in cum] if dtype == "float64" else [f32(c / total) for c in cum]
    cum[-1] = 1.0
    out = []
    for u in u53(gen, num_samples):
        lo, hi = 0, k
        while hi - lo > 0:
            mid = lo + (hi - lo) // 2
            if cum[mid] < u:
                lo = mid + 1
            else:
                hi = mid
        out.append(lo)
    return out


def _cum32(probs: Sequence[float]) -> list[float]:
    out, s = [], 0.0
    for p in probs:
        s = f32(s + f32(p))
        out.append(s)
    return out


# -- recipes ---------------------------------------------------------------------------------
def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    """``torch.nn.init.calculate_gain`` (the common cases)."""
    if nonlinearity in ("linear", "sigmoid") or nonlinearity.startswith("conv"):
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def init_bound(kind: str, fan_in: int, fan_out: int = 0, gain: float = 1.0, a: float = 0) -> float:
    """The uniform bound of ``kaiming_uniform_`` (kind "kaiming", leaky_relu with slope ``a``,
    fan_in mode) or ``xavier_uniform_`` (kind "xavier"), computed in double as ``nn.init`` does."""
    if kind == "kaiming":
        return math.sqrt(3.0) * (calculate_gain("leaky_relu", a) / math.sqrt(fan_in))
    if kind == "xavier":
        return math.sqrt(3.0) * (gain * math.sqrt(2.0 / float(fan_in + fan_out)))
    raise ValueError(f"unknown init {kind!r}")


def init_std(kind: str, fan_in: int, fan_out: int = 0, gain: float = 1.0, a: float = 0) -> float:
    """The std of ``kaiming_normal_`` (leaky_relu slope ``a``, fan_in) or ``xavier_normal_``."""
    if kind == "kaiming":
        return calculate_gain("leaky_relu", a) / math.sqrt(fan_in)
    if kind == "xavier":
        return gain * math.sqrt(2.0 / float(fan_in + fan_out))
    raise ValueError(f"unknown init {kind!r}")


def linear_init_bounds(fan_in: int) -> tuple[float, float]:
    """``nn.Linear``'s (weight bound, bias bound): kaiming_uniform_(a=sqrt(5)), 1/sqrt(fan_in)."""
    weight = init_bound("kaiming", fan_in, a=math.sqrt(5))
    bias = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
    return weight, bias


def linear_init(
    gen: Generator | None, in_features: int, out_features: int, bias: bool = True,
    dtype: str = "float32",
) -> tuple[list[float], list[float]]:  # fmt: skip
    """The values of ``nn.Linear(in, out)``'s weight (flat, row-major) and bias, drawn in
    ``dtype`` (a float64 layer draws float64 numbers, another stream than float32's)."""
    gen = _gen(gen)
    dtype = "float64" if dtype == "float64" else "float32"  # float16's draws are float32's here
    if not out_features * in_features:  # kaiming_uniform_ of no element draws nothing
        bias_bound = 1 / math.sqrt(in_features) if in_features > 0 else 0
        return [], (uniform(gen, out_features, -bias_bound, bias_bound, dtype) if bias else [])
    wb, bb = linear_init_bounds(in_features)
    weight = uniform(gen, out_features * in_features, -wb, wb, dtype)
    return weight, (uniform(gen, out_features, -bb, bb, dtype) if bias else [])


def sampler_order(
    default: Generator | None, n: int, generator: Generator | None = None
) -> list[int]:
    """One epoch of ``RandomSampler`` (no replacement, num_samples = n): the index order.

    Without ``generator`` it seeds a private Generator from ``random_()`` on the default one; with
    one it permutes with it and then draws (and drops) the epoch-end extra permutation.
    """
    if generator is None:
        private = Generator().manual_seed(random_(default, 1, "int64")[0])
        return randperm(private, n)
    order = randperm(generator, n)
    randperm(generator, n)
    return order


def split_lengths(n: int, lengths: Sequence[float]) -> list[int]:
    """``random_split``'s lengths: ints as given, fractions summing to 1 turned into counts."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        counts = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            counts.append(math.floor(n * frac))
        for i in range(n - sum(counts)):
            counts[i % len(counts)] += 1
        lengths = counts
    if sum(lengths) != n:
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    return [int(x) for x in lengths]


def split_indices(gen: Generator | None, n: int, lengths: Sequence[float]) -> list[list[int]]:
    """``random_split(range(n), lengths, generator=gen)``: the indices of each subset."""
    counts = split_lengths(n, lengths)
    perm = randperm(gen, sum(counts))
    return [perm[end - c : end] for c, end in zip(counts, accumulate(counts))]
