"""``torch.nn.init``: fill a tensor in place, from the seeded generator as PyTorch does.

>>> import tinygrad_edu as torch
>>> w = torch.empty(2, 3) if hasattr(torch, "empty") else torch.zeros(2, 3)
>>> _ = torch.manual_seed(0)
>>> torch.nn.init.xavier_uniform_(w).shape
torch.Size([2, 3])
"""

from __future__ import annotations

import math
from typing import Any

from .. import random as draws
from ..grad_mode import no_grad
from ..inplace import fill_, write
from ..tensor import Tensor

__all__ = [
    "calculate_gain",
    "constant_",
    "kaiming_normal_",
    "kaiming_uniform_",
    "normal_",
    "ones_",
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
