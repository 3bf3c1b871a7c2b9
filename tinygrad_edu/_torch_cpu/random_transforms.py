"""PyTorch's CPU draws of ``Tensor.cauchy_``, ``log_normal_`` and ``geometric_``, element for
element on the MT19937 generator, as ``aten/src/ATen/native/cpu/DistributionTemplates.h``
runs them: one ``at::*_distribution<double>`` per element, serially, its double result cast
to the tensor's dtype (``core/DistributionsHelper.h``, ``core/TransformationHelper.h``):

    t.cauchy_(median, sigma)   median + sigma * tan(pi * (u53 - 0.5))
    t.log_normal_(mean, std)   exp(fma(z, std, mean)), z PyTorch's scalar Box-Muller normal
                               (the cached second half of a pair carries over, as normal_'s)
    t.geometric_(p)            ceil(log(u53) / log1p(-p))

Plain lists of numbers in and out, as ``random.py``.
"""

from __future__ import annotations

import math
from typing import Any

from tinygrad_edu._torch_cpu import mt19937
from tinygrad_edu._torch_cpu.float32_libm import fma
from tinygrad_edu._torch_cpu.float32_math import f32
from tinygrad_edu._torch_cpu.mt19937 import Generator
from tinygrad_edu._torch_cpu.random import normal_pair_next, u53

__all__ = ["binomial", "cauchy", "geometric", "log_normal", "poisson"]


def _gen(gen: Generator | None) -> Generator:
    return mt19937.default_generator if gen is None else gen


def _cast(values: list[float], dtype: str) -> list[float]:
    return [f32(v) for v in values] if dtype == "float32" else values


def cauchy(gen: Generator | None, n: int, median: float = 0.0, sigma: float = 1.0,
           dtype: str = "float32") -> list[float]:  # fmt: skip
    """``Tensor.cauchy_(median, sigma)``."""
    out = [fma(sigma, math.tan(math.pi * (u - 0.5)), median) for u in u53(_gen(gen), n)]
    return _cast(out, dtype)


def log_normal(gen: Generator | None, n: int, mean: float = 1.0, std: float = 2.0,
               dtype: str = "float32") -> list[float]:  # fmt: skip
    """``Tensor.log_normal_(mean, std)``."""
    g = _gen(gen)
    out = []
    for _ in range(n):
        x = fma(normal_pair_next(g), std, mean)
        out.append(math.exp(x) if x < 709.8 else math.inf)  # C's exp overflows to inf
    return _cast(out, dtype)


def geometric(gen: Generator | None, n: int, p: float, dtype: str = "float32") -> list[float]:
    """``Tensor.geometric_(p)``: the number of trials to the first success."""
    den = math.log1p(-p)
    out = []
    for u in u53(_gen(gen), n):
        out.append(math.ceil(math.log(u) / den) if u > 0.0 else math.inf)
    return _cast([float(v) for v in out], dtype)


def poisson(gen: Generator | None, rates: list[float]) -> list[float]:
    """``torch.poisson(rates)``: ATen's ``sample_poisson`` per element, in order: below rate
    10 the product of uniforms against exp(-rate), from 10 on Hoermann's transformed
    rejection (1993); each uniform one u53."""
    g = _gen(gen)
    return [float(_sample_poisson(r, g)) for r in rates]


def _sample_poisson(lam: float, g: Generator) -> int:
    if lam >= 10:
        slam, loglam = math.sqrt(lam), math.log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = u53(g, 1)[0] - 0.5
            v = u53(g, 1)[0]
            us = 0.5 - abs(u)
            k = math.floor((2 * a / us + b) * u + lam + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            # (C's lgamma; CPython's own differs in the last bits, which can only matter
            # for a draw that lands exactly on the bound)
            lhs = math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b)
            if lhs <= -lam + k * loglam - math.lgamma(k + 1):
                return k
    if lam == 0:
        return 0
    enlam, x, prod = math.exp(-lam), 0, 1.0
    while True:
        prod *= u53(g, 1)[0]
        if prod > enlam:
            x += 1
        else:
            return x


# Stirling's series tail log(k!) - [(k + 1/2) log(k + 1) - (k + 1) + log(2 pi)/2], tabled to 9
_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
         0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
         0.00925546218271273, 0.00833056343336287)  # fmt: skip


def _tail(k: float) -> float:
    if k <= 9:
        return _TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def binomial(gen: Generator | None, counts: list[float], probs: list[float],
             dtype: str = "float32") -> list[float]:  # fmt: skip
    """``torch.binomial(count, prob)``: ATen's ``sample_binomial`` per element, in order:
    below count * p of 10 the inversion by geometric jumps, from 10 on Hoermann's BTRS
    (1993); p > 1/2 draws the failures. Its uniforms are u53s; its arithmetic is in the
    tensor's dtype where ATen's is in ``scalar_t`` (``f`` below) and in double elsewhere."""
    g = _gen(gen)
    f = f32 if dtype == "float32" else float
    out = []
    for n, p in zip(counts, probs):
        if n <= 0.0 or p <= 0.0:
            out.append(0.0)
        elif p >= 1.0:
            out.append(n)
        elif p <= 0.5:
            out.append(_btrs(n, p, g, f) if f(n * p) >= 10.0 else _inversion(n, p, g, f))
        elif p > 0.5:
            q = f(1.0 - p)
            out.append(f(n - (_btrs(n, q, g, f) if f(n * q) >= 10.0 else _inversion(n, q, g, f))))
        else:  # p is nan
            out.append(math.nan)
    return out


def _inversion(n: float, p: float, g: Generator, f: Any) -> float:
    logprob = f(math.log1p(-p))
    geom_sum, num = 0.0, 0.0
    while True:
        u = u53(g, 1)[0]
        geom_sum += math.ceil(math.log(u) / logprob) if u > 0.0 else math.inf
        if geom_sum > n:
            return num
        num += 1


def _btrs(n: float, p: float, g: Generator, f: Any) -> float:
    stddev = f(math.sqrt(f(f(n * p) * f(1 - p))))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = f(n * p) + 0.5
    v_r = 0.92 - 4.2 / b
    r = f(p / f(1 - p))
    alpha = (2.83 + 5.1 / b) * stddev
    m = float(math.floor(f(f(n + 1) * p)))
    while True:
        u = u53(g, 1)[0] - 0.5
        v = u53(g, 1)[0]
        us = 0.5 - abs(u)
        k = f(math.floor((2 * a / us + b) * u + c))
        if k < 0 or k > n:
            continue
        if us >= 0.07 and v <= v_r:
            return k
        v = math.log(v * alpha / (a / (us * us) + b)) if v > 0.0 else -math.inf
        nk1 = f(f(n - k) + 1)
        upper = ((m + 0.5) * math.log((m + 1) / (r * (n - m + 1)))
                 + f(n + 1) * math.log((n - m + 1) / nk1)
                 + (k + 0.5) * math.log(r * nk1 / f(k + 1))
                 + _tail(m) + _tail(n - m) - _tail(k) - _tail(f(n - k)))  # fmt: skip
        if v <= upper:
            return k
