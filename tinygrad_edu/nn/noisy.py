"""The ``torch.nn.functional`` functions that draw noise: ``rrelu`` (a random leaky slope per
negative element in training), ``alpha_dropout`` and ``feature_alpha_dropout`` (dropout that
keeps SELU's mean and variance) and ``gumbel_softmax``. Each draws from the seeded generator
exactly as PyTorch's CPU kernels do (``_torch_cpu/random.py``), so the numbers after
``torch.manual_seed`` are PyTorch's.

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> F.rrelu(torch.tensor([-1.0, 2.0], requires_grad=True))
tensor([-0.2292,  2.0000], grad_fn=<RreluWithNoiseBackward0>)
"""

from __future__ import annotations

import warnings
from typing import Any

from .._tensor.dtype import float32
from .._tensor.ops.factories import empty_like, zeros, zeros_like
from .._tensor.ops.inplace import adopt
from .._tensor.tensor import Tensor, tensor
from .._torch_cpu import random as draws
from .._torch_cpu.float32_libm import f32
from .functional_ops import fused, leaky_relu
from .module import Module

__all__ = ["alpha_dropout", "feature_alpha_dropout", "gumbel_softmax", "rrelu", "rrelu_"]
__all__ += [
    "AlphaDropout",
    "FeatureAlphaDropout",
    "RReLU",
    "alpha_dropout_",
    "feature_alpha_dropout_",
]


def _rrelu(input: Tensor, lower: float, upper: float, training: bool, generator: Any,
           name: str) -> Tensor:  # fmt: skip
    if training:
        xs = [v.data for v in input.elements()]
        noise = draws.rrelu_noise(generator, xs, lower, upper, input.dtype.name)
        r = input * tensor(noise, dtype=input.dtype).reshape(input.shape)
    else:
        # ATen: leaky_relu with the mean slope, (lower + upper) / 2 in double, which its
        # kernel reads as the input's type: rounded first, so the backward's slope is too
        slope = (float(lower) + float(upper)) / 2
        r = leaky_relu(input, f32(slope) if input.dtype is float32 else slope)
    return fused(name, r, (input,))


def rrelu(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
          inplace: bool = False, generator: Any = None) -> Tensor:  # fmt: skip
    """``x`` where ``x > 0``, else ``x * a``: ``a`` drawn uniformly from ``[lower, upper)`` per
    element in training, ``(lower + upper) / 2`` in eval (``RreluWithNoiseBackward0``)."""
    if float(lower) > float(upper):
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    if inplace:
        return adopt(input, lambda t: _rrelu(t, lower, upper, training, generator,
                                             "RreluWithNoiseBackward1"))  # fmt: skip
    return _rrelu(input, lower, upper, training, generator, "RreluWithNoiseBackward0")


def rrelu_(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
           training: bool = False, generator: Any = None) -> Tensor:  # fmt: skip
    """``rrelu(input, lower, upper, training, inplace=True)`` (``RreluWithNoiseBackward1``)."""
    return rrelu(input, lower, upper, training, True, generator)


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _alpha(input: Tensor, p: float, training: bool, feature: bool) -> Tensor:
    """ATen's ``_dropout_impl`` with ``alpha_dropout``: ``input * noise + b``, the noise drawn
    per element (per channel for ``feature``, broadcast over the rest)."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input * zeros((), dtype=input.dtype)
    if feature:
        if input.dim() < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        shape = (input.shape[0], input.shape[1]) + (1,) * (input.dim() - 2)
    else:
        shape = tuple(input.shape)
    n = 1
    for s in shape:
        n *= s
    noise, b = draws.alpha_dropout_noise(None, n, p, input.dtype.name)
    as_tensor = lambda xs: tensor(xs, dtype=input.dtype).reshape(shape)
    return input * as_tensor(noise) + as_tensor(b)


def alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                  inplace: bool = False) -> Tensor:  # fmt: skip
    """Dropout for SELU networks: a dropped element becomes SELU's negative saturation, and
    every element is scaled and shifted so the mean and variance stay (``AddBackward0``)."""
    _check_p(p)
    if inplace:
        return adopt(input, lambda t: _alpha(t, p, training, False))
    return _alpha(input, p, training, False)


def alpha_dropout_(input: Tensor, p: float = 0.5, training: bool = False) -> Tensor:
    return alpha_dropout(input, p, training, True)


def feature_alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                          inplace: bool = False) -> Tensor:  # fmt: skip
    """``alpha_dropout`` of whole channels (dim 1) of an (N, C, ...) input."""
    _check_p(p)
    if inplace:
        return adopt(input, lambda t: _alpha(t, p, training, True))
    return _alpha(input, p, training, True)


def feature_alpha_dropout_(input: Tensor, p: float = 0.5, training: bool = False) -> Tensor:
    return feature_alpha_dropout(input, p, training, True)


def gumbel_softmax(logits: Tensor, tau: float = 1, hard: bool = False, eps: float = 1e-10,
                   dim: int = -1) -> Tensor:  # fmt: skip
    """A sample of the Gumbel-softmax distribution over ``dim``: ``softmax((logits + g) / tau)``
    with ``g = -log(Exponential(1))``; with ``hard``, the one-hot of its argmax that passes the
    soft sample's gradient (PyTorch's composition, draw for draw)."""
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.", stacklevel=2)
    gumbels = -empty_like(logits).exponential_().log()
    gumbels = (logits + gumbels) / tau
    y_soft = gumbels.softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = zeros_like(logits).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


class RReLU(Module):
    """``F.rrelu``: a random slope per negative element in training, the mean slope in eval."""

    def __init__(self, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
                 inplace: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.lower, self.upper, self.inplace = lower, upper, inplace

    def forward(self, input: Tensor) -> Tensor:
        return rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        inplace = ", inplace=True" if self.inplace else ""
        return f"lower={self.lower}, upper={self.upper}{inplace}"


class _AlphaDropoutBase(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        _check_p(p)
        self.p, self.inplace = p, inplace

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class AlphaDropout(_AlphaDropoutBase):
    """``F.alpha_dropout`` in training mode, the identity in eval."""

    def forward(self, input: Tensor) -> Tensor:
        return alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_AlphaDropoutBase):
    """``F.feature_alpha_dropout`` in training mode, the identity in eval."""

    def forward(self, input: Tensor) -> Tensor:
        return feature_alpha_dropout(input, self.p, self.training)
