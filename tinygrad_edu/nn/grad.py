"""``torch.nn.grad``: the gradients of a convolution with respect to its input and to its
weight, as functions (what a hand-written ``autograd.Function`` for a convolution calls),
computed by differentiating the convolution itself.

>>> import tinygrad_edu as torch
>>> w = torch.ones(1, 1, 2)
>>> torch.nn.grad.conv1d_input((1, 1, 3), w, torch.ones(1, 1, 2))
tensor([[[1., 2., 1.]]])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._tensor.ops.factories import zeros
from .._tensor.tensor import Tensor
from ..autograd import grad as autograd_grad
from .conv import conv2d
from .conv1d import conv1d

__all__ = ["conv1d_input", "conv1d_weight", "conv2d_input", "conv2d_weight"]

Conv = Callable[..., Tensor]


def _input_grad(conv: Conv, input_size: Sequence[int], weight: Tensor, grad_output: Tensor,
                args: tuple[Any, ...]) -> Tensor:  # fmt: skip
    x = zeros(*input_size, dtype=grad_output.dtype, requires_grad=True)
    y = conv(x, weight.detach(), None, *args)
    return autograd_grad(y, x, grad_output)[0]


def _weight_grad(conv: Conv, input: Tensor, weight_size: Sequence[int], grad_output: Tensor,
                 args: tuple[Any, ...]) -> Tensor:  # fmt: skip
    w = zeros(*weight_size, dtype=grad_output.dtype, requires_grad=True)
    y = conv(input.detach(), w, None, *args)
    return autograd_grad(y, w, grad_output)[0]


def conv1d_input(input_size: Sequence[int], weight: Tensor, grad_output: Tensor, stride: Any = 1,
                 padding: Any = 0, dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """d(conv1d)/d(input) applied to ``grad_output``, for an input of ``input_size``."""
    return _input_grad(conv1d, input_size, weight, grad_output, (stride, padding, dilation, groups))


def conv1d_weight(input: Tensor, weight_size: Sequence[int], grad_output: Tensor, stride: Any = 1,
                  padding: Any = 0, dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """d(conv1d)/d(weight) applied to ``grad_output``, for a weight of ``weight_size``."""
    return _weight_grad(
        conv1d, input, weight_size, grad_output, (stride, padding, dilation, groups)
    )


def conv2d_input(input_size: Sequence[int], weight: Tensor, grad_output: Tensor, stride: Any = 1,
                 padding: Any = 0, dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """d(conv2d)/d(input) applied to ``grad_output``, for an input of ``input_size``."""
    return _input_grad(conv2d, input_size, weight, grad_output, (stride, padding, dilation, groups))


def conv2d_weight(input: Tensor, weight_size: Sequence[int], grad_output: Tensor, stride: Any = 1,
                  padding: Any = 0, dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """d(conv2d)/d(weight) applied to ``grad_output``, for a weight of ``weight_size``."""
    return _weight_grad(
        conv2d, input, weight_size, grad_output, (stride, padding, dilation, groups)
    )
