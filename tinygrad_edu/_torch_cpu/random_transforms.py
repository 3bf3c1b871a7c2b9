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

from tinygrad_edu._torch_cpu import mt19937
from tinygrad_edu._torch_cpu.float32_libm import fma
from tinygrad_edu._torch_cpu.float32_math import f32
from tinygrad_edu._torch_cpu.mt19937 import Generator
from tinygrad_edu._torch_cpu.random import normal_pair_next, u53

__all__ = ["cauchy", "geometric", "log_normal", "poisson"]


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
