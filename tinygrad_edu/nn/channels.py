"""Layers that work on whole channels or move elements between them: zero and constant
padding (``ZeroPad1d``/``2d``, ``ConstantPad1d``/``2d``), channel dropout (``Dropout1d``,
``Dropout2d``: one draw per channel, PyTorch's seeded mask) and ``PixelShuffle`` /
``PixelUnshuffle``, with their functions.

>>> import tinygrad_edu as torch
>>> torch.nn.ZeroPad2d(1)(torch.ones(1, 1, 1, 2))
tensor([[[[0., 0., 0., 0.],
          [0., 1., 1., 0.],
          [0., 0., 0., 0.]]]])
"""

from __future__ import annotations

import warnings
from typing import Any

from .._tensor.tensor import Tensor, tensor
from .._torch_cpu import random as draws
from .functional_ops import fused, pad
from .module import Module

__all__ = ["ConstantPad1d", "ConstantPad2d", "Dropout1d", "Dropout2d", "PixelShuffle"]
__all__ += ["PixelUnshuffle", "ZeroPad1d", "ZeroPad2d", "dropout1d", "dropout2d"]
__all__ += ["feature_dropout"]
__all__ += ["ConstantPad3d", "Softmax2d", "ZeroPad3d", "pixel_shuffle", "pixel_unshuffle"]


def feature_dropout(input: Tensor, p: float, training: bool) -> Tensor:
    """Whole channels of ``input`` (N, C, ...) zeroed with probability ``p``, the rest scaled."""
    # ATen's feature dropout: noise of shape (N, C, 1, ...) drawn as bernoulli(1 - p) / (1 - p)
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0.0 or input.numel() == 0:
        return input
    n, c = input.shape[0], input.shape[1]
    noise = draws.dropout_noise(None, n * c, p, input.dtype.name)
    shape = (n, c) + (1,) * (input.dim() - 2)
    return input * tensor(noise, dtype=input.dtype).view(*shape)


def dropout1d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels of a (N, C, L) or (C, L) input with probability ``p``; scale the
    rest by ``1 / (1 - p)``."""
    if input.dim() not in (2, 3):
        raise RuntimeError(
            f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D input. Note that "
            "dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, "
            "a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs)."
        )
    if input.dim() == 2:
        return feature_dropout(input.unsqueeze(0), p, training).squeeze(0)
    return feature_dropout(input, p, training)


def dropout2d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels of a (N, C, H, W) or (C, H, W) input with probability ``p``."""
    if input.dim() not in (3, 4):
        warnings.warn(
            f"dropout2d: Received a {input.dim()}-D input to dropout2d, which is deprecated and "
            "will result in an error in a future release. To retain the behavior and silence "
            "this warning, please use dropout instead. Note that dropout2d exists to provide "
            "channel-wise dropout on inputs with 2 spatial dimensions, a channel dimension, and "
            "an optional batch dimension (i.e. 3D or 4D inputs).",
            stacklevel=2,
        )
    if input.dim() == 3:
        warnings.warn(
            "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D "
            "dropout behavior is desired - input is interpreted as shape (N, C, L), where C is "
            "the channel dim. This behavior will change in a future release to interpret the "
            "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
            "channel-wise dropout behavior, please switch to using dropout1d instead.",
            stacklevel=2,
        )
    return feature_dropout(input, p, training)


def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """(*, C*r*r, H, W) to (*, C, H*r, W*r) (``PixelShuffleBackward0``)."""
    r = upscale_factor
    *lead, c, h, w = input.shape
    if c % (r * r):
        raise RuntimeError(
            "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square "
            f"of upscale_factor, but input.size(-3)={c} is not divisible by {r * r}"
        )
    k = len(lead)
    y = input.reshape(*lead, c // (r * r), r, r, h, w)
    y = y.permute(*range(k), k, k + 3, k + 1, k + 4, k + 2).reshape(
        *lead, c // (r * r), h * r, w * r
    )
    return fused("PixelShuffleBackward0", y, (input,))


def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:
    """(*, C, H*r, W*r) to (*, C*r*r, H, W) (``PixelUnshuffleBackward0``)."""
    r = downscale_factor
    *lead, c, h, w = input.shape
    if h % r or w % r:
        raise RuntimeError(
            "pixel_unshuffle expects height to be divisible by downscale_factor, but "
            f"input.size(-2)={h} is not divisible by {r}"
            if h % r
            else "pixel_unshuffle expects width to be divisible by downscale_factor, but "
            f"input.size(-1)={w} is not divisible by {r}"
        )
    k = len(lead)
    y = input.reshape(*lead, c, h // r, r, w // r, r)
    y = y.permute(*range(k), k, k + 2, k + 4, k + 1, k + 3).reshape(
        *lead, c * r * r, h // r, w // r
    )
    return fused("PixelUnshuffleBackward0", y, (input,))


def _padding(p: Any, n: int) -> tuple[int, ...]:
    return (int(p),) * (2 * n) if isinstance(p, int) else tuple(int(v) for v in p)


class ConstantPad1d(Module):
    """``F.pad(x, padding, value=value)`` of the last dim: ``(left, right)``."""

    _dims = 1

    def __init__(self, padding: Any, value: float) -> None:
        super().__init__()
        self.padding, self.value = _padding(padding, self._dims), value

    def forward(self, input: Tensor) -> Tensor:
        return pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}"


class ConstantPad2d(ConstantPad1d):
    """``F.pad(x, padding, value=value)`` of the last two dims: ``(left, right, top, bottom)``."""

    _dims = 2


class ConstantPad3d(ConstantPad1d):
    """``F.pad(x, padding, value=value)`` of the last three dims."""

    _dims = 3


class ZeroPad1d(ConstantPad1d):
    """Zeros around the last dim: ``(left, right)``."""

    def __init__(self, padding: Any) -> None:
        super().__init__(padding, 0.0)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class ZeroPad2d(ZeroPad1d):
    """Zeros around the last two dims: ``(left, right, top, bottom)``."""

    _dims = 2


class ZeroPad3d(ZeroPad1d):
    """Zeros around the last three dims."""

    _dims = 3


class Softmax2d(Module):
    """``softmax`` over the channels of each position of a (N, C, H, W) or (C, H, W) input."""

    def forward(self, input: Tensor) -> Tensor:
        if input.dim() not in (3, 4):
            raise ValueError(
                f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead"
            )
        return input.softmax(-3)


class Dropout1d(Module):
    """``dropout1d`` as a layer: whole channels zeroed in training mode."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, input: Tensor) -> Tensor:
        return dropout1d(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Dropout2d(Dropout1d):
    """``dropout2d`` as a layer."""

    def forward(self, input: Tensor) -> Tensor:
        return dropout2d(input, self.p, self.training, self.inplace)


class PixelShuffle(Module):
    """``pixel_shuffle`` as a layer."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input: Tensor) -> Tensor:
        return pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """``pixel_unshuffle`` as a layer."""

    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input: Tensor) -> Tensor:
        return pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return f"downscale_factor={self.downscale_factor}"
