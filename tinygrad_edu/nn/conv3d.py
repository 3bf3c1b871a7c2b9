"""Three-dimensional convolution and pooling, for volumetric data (a video's frames, a scan's
slices): ``conv3d``, ``max_pool3d``, ``avg_pool3d``, ``adaptive_avg_pool3d``,
``adaptive_max_pool3d`` and their modules. Each is the N-d window walk of ``conv.py`` over
three spatial dims, one node named as PyTorch names it.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> conv = torch.nn.Conv3d(1, 2, 3, padding=1)
>>> conv
Conv3d(1, 2, kernel_size=(3, 3, 3), stride=(1, 1, 1), padding=(1, 1, 1))
>>> y = conv(torch.ones(1, 1, 2, 3, 3))
>>> y.shape, y.grad_fn.name()
(torch.Size([1, 2, 2, 3, 3]), 'ConvolutionBackward0')
>>> torch.nn.functional.max_pool3d(y, 2).grad_fn.name()
'MaxPool3DWithIndicesBackward0'
"""

from __future__ import annotations

from typing import Any

from .._tensor.tensor import Tensor
from .conv import (
    AdaptiveAvgPoolNd,
    AdaptiveMaxPoolNd,
    AvgPoolNd,
    ConvNd,
    MaxPoolNd,
    adaptive_avg_pool_nd,
    adaptive_max_pool_nd,
    avg_pool_nd,
    conv_nd,
    max_pool_nd,
)

__all__ = ["AdaptiveAvgPool3d", "AdaptiveMaxPool3d", "AvgPool3d", "Conv3d", "MaxPool3d"]
__all__ += ["adaptive_avg_pool3d", "adaptive_max_pool3d", "adaptive_max_pool3d_with_indices"]
__all__ += ["avg_pool3d", "conv3d", "max_pool3d", "max_pool3d_with_indices"]


def conv3d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, dilation: Any = 1, groups: int = 1,
) -> Tensor:  # fmt: skip
    """Each output element: the kernel's weights dotted with the input block under it, + bias."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 3)


def max_pool3d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
    ceil_mode: bool = False, return_indices: bool = False,
) -> Any:  # fmt: skip
    """Each output element: a copy of the largest element of its block (the first of equal
    ones; a nan wins); the indices are flat over each input volume."""
    return max_pool_nd(input, kernel_size, stride, padding, dilation, ceil_mode,
                       return_indices, 3)  # fmt: skip


def max_pool3d_with_indices(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
    ceil_mode: bool = False, return_indices: bool = False,
) -> tuple[Tensor, Tensor]:  # fmt: skip
    """``max_pool3d(..., return_indices=True)``: the pooled values and where each came from."""
    return max_pool_nd(input, kernel_size, stride, padding, dilation, ceil_mode, True, 3)


def avg_pool3d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
    ceil_mode: bool = False, count_include_pad: bool = True, divisor_override: int | None = None,
) -> Tensor:  # fmt: skip
    """Each output element: the mean of its block (its sum over PyTorch's divisor)."""
    return avg_pool_nd(input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                       divisor_override, 3)  # fmt: skip


def adaptive_avg_pool3d(input: Tensor, output_size: Any) -> Tensor:
    """The means of ``output_size`` blocks that tile the input (PyTorch's start/end rule)."""
    return adaptive_avg_pool_nd(input, output_size, 3)


def adaptive_max_pool3d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """The largest element of each of ``output_size`` blocks that tile the input."""
    return adaptive_max_pool_nd(input, output_size, return_indices, 3)


def adaptive_max_pool3d_with_indices(
    input: Tensor, output_size: Any, return_indices: bool = False
) -> tuple[Tensor, Tensor]:
    """``adaptive_max_pool3d(..., return_indices=True)``."""
    return adaptive_max_pool_nd(input, output_size, True, 3)


class Conv3d(ConvNd):
    """A 3-d convolution (``conv3d`` as a layer)."""

    n = 3


class MaxPool3d(MaxPoolNd):
    """``max_pool3d`` as a layer (``stride`` defaults to the kernel size)."""

    pool = staticmethod(max_pool3d)


class AvgPool3d(AvgPoolNd):
    """``avg_pool3d`` as a layer."""

    pool = staticmethod(avg_pool3d)


class AdaptiveAvgPool3d(AdaptiveAvgPoolNd):
    """``adaptive_avg_pool3d`` as a layer: any input size to ``output_size``."""

    pool = staticmethod(adaptive_avg_pool3d)


class AdaptiveMaxPool3d(AdaptiveMaxPoolNd):
    """``adaptive_max_pool3d`` as a layer: any input size to ``output_size``."""

    pool = staticmethod(adaptive_max_pool3d)
