"""One-dimensional convolution and pooling: ``conv1d``, ``max_pool1d``, ``avg_pool1d``,
``adaptive_avg_pool1d`` and their modules (``Conv1d``, ``MaxPool1d``, ``AvgPool1d``,
``AdaptiveAvgPool1d``): the 2-d ops over a height of 1, as PyTorch computes the pools (its
``max_pool1d`` shows the ``SqueezeBackward1`` of that height taken away again; its ``conv1d``
is ``ConvolutionBackward0``).

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> conv = torch.nn.Conv1d(2, 3, 3, padding=1)
>>> conv, conv(torch.ones(1, 2, 5)).shape
(Conv1d(2, 3, kernel_size=(3,), stride=(1,), padding=(1,)), torch.Size([1, 3, 5]))
"""

from __future__ import annotations

from typing import Any

from .._tensor.dtype import get_default_dtype
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, tensor
from .._torch_cpu import random as draws
from .conv import (
    MaxPoolNd,
    adaptive_avg_pool2d,
    adaptive_max_pool2d,
    avg_pool2d,
    conv2d,
    conv_repr,
    max_pool2d,
)
from .functional_ops import fused
from .module import Module
from .padding import conv_padding, pad_mode
from .parameter import Parameter

__all__ = ["AdaptiveAvgPool1d", "AvgPool1d", "Conv1d", "MaxPool1d", "adaptive_avg_pool1d"]
__all__ += ["AdaptiveMaxPool1d", "adaptive_max_pool1d", "avg_pool1d", "conv1d", "max_pool1d"]


def _single(v: Any) -> tuple[int]:
    return (int(v),) if isinstance(v, int) else (int(v[0]),)


def _batched(input: Tensor, what: str) -> tuple[Tensor, bool]:
    if input.dim() not in (2, 3):
        raise RuntimeError(
            f"Expected 2D (unbatched) or 3D (batched) input to {what}, but got input of size: "
            f"{list(input.shape)}"
        )
    return (input.unsqueeze(0), True) if input.dim() == 2 else (input, False)


def conv1d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, dilation: Any = 1, groups: int = 1,
) -> Tensor:  # fmt: skip
    """Each output element: the kernel's weights dotted with the input window under it, + bias."""
    x, unbatched = _batched(input, "conv1d")
    pad = padding if isinstance(padding, str) else (0, _single(padding)[0])
    r = conv2d(x.unsqueeze(2), weight.unsqueeze(2), bias, (1, _single(stride)[0]), pad,
               (1, _single(dilation)[0]), groups).squeeze(2)  # fmt: skip
    inputs = (x, weight) if bias is None else (x, weight, bias)
    r = fused("ConvolutionBackward0", r, inputs)
    return r.squeeze(0) if unbatched else r  # PyTorch's SqueezeBackward1 too


def max_pool1d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
    ceil_mode: bool = False, return_indices: bool = False,
) -> Any:  # fmt: skip
    """The largest element of each window (a nan wins)."""
    x, unbatched = _batched(input, "max_pool1d")
    k = _single(kernel_size)[0]
    s = k if stride in (None, ()) else _single(stride)[0]
    out = max_pool2d(x.unsqueeze(-2), (1, k), (1, s), (0, _single(padding)[0]),
                     (1, _single(dilation)[0]), ceil_mode, return_indices)  # fmt: skip
    y, idx = out if return_indices else (out, None)
    y = y.squeeze(-2)
    y = y.squeeze(0) if unbatched else y
    if not return_indices:
        return y
    idx = idx.squeeze(-2)
    return y, idx.squeeze(0) if unbatched else idx


def avg_pool1d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
    ceil_mode: bool = False, count_include_pad: bool = True,
) -> Tensor:  # fmt: skip
    """The mean of each window."""
    x, unbatched = _batched(input, "avg_pool1d")
    k = _single(kernel_size)[0]
    s = k if stride in (None, ()) else _single(stride)[0]
    y = avg_pool2d(x.unsqueeze(-2), (1, k), (1, s), (0, _single(padding)[0]), ceil_mode,
                   count_include_pad).squeeze(-2)  # fmt: skip
    return y.squeeze(0) if unbatched else y


def adaptive_avg_pool1d(input: Tensor, output_size: Any) -> Tensor:
    """The means of ``output_size`` windows that tile the input."""
    x, unbatched = _batched(input, "adaptive_avg_pool1d")
    y = adaptive_avg_pool2d(x.unsqueeze(-2), (1, _single(output_size)[0])).squeeze(-2)
    return y.squeeze(0) if unbatched else y


def adaptive_max_pool1d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """The largest element of each of ``output_size`` windows that tile the input."""
    x, unbatched = _batched(input, "adaptive_max_pool1d")
    y, idx = adaptive_max_pool2d(x.unsqueeze(-2), (1, _single(output_size)[0]), True)
    y, idx = y.squeeze(-2), idx.squeeze(-2)
    if unbatched:
        y, idx = y.squeeze(0), idx.squeeze(0)
    return (y, idx) if return_indices else y


class AdaptiveMaxPool1d(Module):
    """``adaptive_max_pool1d`` as a layer: any input length to ``output_size``."""

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def forward(self, input: Tensor) -> Any:
        return adaptive_max_pool1d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class Conv1d(Module):
    """A 1-d convolution, initialised as PyTorch's (kaiming-uniform with a = sqrt(5), the bias
    uniform in ±1/sqrt(fan_in), from the seeded generator)."""

    def __init__(
        self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1,
        padding: Any = 0, dilation: Any = 1, groups: int = 1, bias: bool = True,
        padding_mode: str = "zeros", device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        # a set, printed as PyTorch prints its own (the order is the hash seed's)
        modes = {"zeros", "reflect", "replicate", "circular"}
        if padding_mode not in modes:
            raise ValueError(
                f"padding_mode must be one of {modes}, but got padding_mode='{padding_mode}'"
            )
        if isinstance(padding, str) and padding not in ("same", "valid"):
            raise ValueError(
                f"Invalid padding string '{padding}', should be one of {set(('valid', 'same'))}"
            )
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        self.kernel_size, self.stride = _single(kernel_size), _single(stride)
        self.padding = padding if isinstance(padding, str) else _single(padding)
        self.dilation, self.padding_mode = _single(dilation), padding_mode
        self.transposed, self.output_padding = False, (0,)
        fan_in = in_channels // groups * self.kernel_size[0]
        dt = dtype or get_default_dtype()
        weights, biases = draws.linear_init(None, fan_in, out_channels, bias, dt.name)
        shape = (out_channels, in_channels // groups, *self.kernel_size)
        self.weight = Parameter(tensor(nest(weights, shape), dtype=dt))
        if bias:
            self.bias = Parameter(tensor(biases, dtype=dt))
        else:
            self.register_parameter("bias", None)

    def forward(self, input: Tensor) -> Tensor:
        if self.padding_mode != "zeros":  # the input padded first, as PyTorch's _ConvNd
            padded = pad_mode(input, conv_padding(self), self.padding_mode, None)
            return conv1d(padded, self.weight, self.bias, self.stride, 0, self.dilation,
                          self.groups)  # fmt: skip
        return conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                      self.groups)  # fmt: skip

    def extra_repr(self) -> str:
        return conv_repr(self)


class MaxPool1d(MaxPoolNd):
    """``max_pool1d`` as a layer (``stride`` defaults to the kernel size)."""

    pool = staticmethod(max_pool1d)


class AvgPool1d(Module):
    """``avg_pool1d`` as a layer."""

    def __init__(
        self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:  # fmt: skip
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding, self.ceil_mode = _single(padding), ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input: Tensor) -> Tensor:
        return avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                          self.count_include_pad)  # fmt: skip

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool1d(Module):
    """``adaptive_avg_pool1d`` as a layer: any input length to ``output_size``."""

    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool1d(input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"
