"""``torch.nn.init``: fill a tensor in place, from the seeded generator as PyTorch does.

>>> import tinygrad_edu as torch
>>> w = torch.empty(2, 3) if hasattr(torch, "empty") else torch.zeros(2, 3)
>>> _ = torch.manual_seed(0)
>>> torch.nn.init.xavier_uniform_(w).shape
torch.Size([2, 3])
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from .._tensor.ops.inplace import fill_, write
from .._tensor.tensor import Tensor
from .._torch_cpu import random as draws
from .._torch_cpu.float32_libm import f32
from ..core.grad_mode import no_grad

__all__ = [
    "calculate_gain",
    "constant_",
    "eye_",
    "kaiming_normal_",
    "kaiming_uniform_",
    "normal_",
    "ones_",
    "trunc_normal_",
    "uniform_",
    "xavier_normal_",
    "xavier_uniform_",
    "zeros_",
]

calculate_gain = draws.calculate_gain


def _fans(t: Tensor) -> tuple[int, int]:
    if t.dim() < 2:
        raise ValueError(
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
        )
    field = math.prod(t.shape[2:])
    return t.shape[1] * field, t.shape[0] * field


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator: Any = None) -> Tensor:
    with no_grad():
        return write(tensor, draws.uniform(generator, tensor.numel(), a, b, tensor.dtype.name))


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator: Any = None) -> Tensor:
    with no_grad():
        return write(tensor, draws.normal(generator, tensor.numel(), mean, std, tensor.dtype.name))


def constant_(tensor: Tensor, val: float) -> Tensor:
    with no_grad():
        return fill_(tensor, val)


def zeros_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 0.0)


def ones_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 1.0)


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    fan_in, fan_out = _fans(tensor)
    a = draws.init_bound("xavier", fan_in, fan_out, gain)
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator: Any = None) -> Tensor:
    fan_in, fan_out = _fans(tensor)
    return normal_(tensor, 0.0, draws.init_std("xavier", fan_in, fan_out, gain), generator)


def _fan(tensor: Tensor, mode: str) -> int:
    fan_in, fan_out = _fans(tensor)
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of fan_in, fan_out")
    return fan_in if mode == "fan_in" else fan_out


def kaiming_uniform_(
    tensor: Tensor, a: float = 0, mode: str = "fan_in", nonlinearity: str = "leaky_relu",
    generator: Any = None,
) -> Tensor:  # fmt: skip
    gain = calculate_gain(nonlinearity, a)
    bound = math.sqrt(3.0) * (gain / math.sqrt(_fan(tensor, mode)))
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(
    tensor: Tensor, a: float = 0, mode: str = "fan_in", nonlinearity: str = "leaky_relu",
    generator: Any = None,
) -> Tensor:  # fmt: skip
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode))
    return normal_(tensor, 0.0, std, generator)


def eye_(tensor: Tensor) -> Tensor:
    """The identity matrix (ones on the diagonal) written into a 2-d tensor."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    n, m = tensor.shape
    with no_grad():
        return write(tensor, [float(i == j) for i in range(n) for j in range(m)])


def _norm_cdf(x: float) -> float:
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


def trunc_normal_(
    tensor: Tensor, mean: float = 0.0, std: float = 1.0, a: float = -2.0, b: float = 2.0,
    generator: Any = None,
) -> Tensor:  # fmt: skip
    """Normal(mean, std) values inside [a, b], drawn as PyTorch 2.13 draws them: redrawn
    until inside when most of the mass is (p > 0.3), else uniform in [a, b] and accepted by
    the density's ratio to its peak (rejection sampling, each step rounded to the dtype)."""
    if mean < a - 2 * std or mean > b + 2 * std:
        warnings.warn(
            "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. The distribution of "
            "values may be incorrect.",
            stacklevel=2,
        )
    n, dt = tensor.numel(), tensor.dtype.name
    r = f32 if dt == "float32" else float
    if _norm_cdf((b - mean) / std) - _norm_cdf((a - mean) / std) > 0.3:
        lo, hi = r(a), r(b)
        out = draws.normal(generator, n, mean, std, dt)
        while any(v < lo or v > hi for v in out):
            new = draws.normal(generator, n, mean, std, dt)
            out = [w if v < lo or v > hi else v for v, w in zip(out, new)]
    else:
        mode = max(a, min(mean, b))
        log_peak = r(-0.5 * ((mode - mean) / std) ** 2)
        m, s_, half = r(mean), r(std), r(-0.5)

        def log_pdf(xs: list[float]) -> list[float]:
            return [r(r(r(r(r(x - m) / s_) ** 2) * half) - log_peak) for x in xs]

        def rejected(cands: list[float]) -> list[bool]:
            us = draws.uniform(generator, n, 0.0, 1.0, dt)
            return [r(math.log(u)) > c if u > 0 else False for u, c in zip(us, log_pdf(cands))]

        out = draws.uniform(generator, n, a, b, dt)
        pending = rejected(out)
        while any(pending):
            cands = draws.uniform(generator, n, a, b, dt)
            out = [c if p else v for v, c, p in zip(out, cands, pending)]
            pending = [p and q for p, q in zip(pending, rejected(cands))]
    with no_grad():
        return write(tensor, out)
