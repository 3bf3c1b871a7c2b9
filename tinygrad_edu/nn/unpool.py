"""Power-average pooling and max unpooling: ``F.lp_pool1d/2d`` (PyTorch's composition over
``avg_pool``), ``F.max_unpool1d/2d`` (each input element put back where its max pool found it,
``MaxUnpool2DBackward0``), ``F.max_pool1d/2d_with_indices``, and their modules.

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> x = torch.tensor([[[1.0, 3.0, 2.0, 0.5]]])
>>> y, i = F.max_pool1d(x, 2, return_indices=True)
>>> F.max_unpool1d(y, i, 2)
tensor([[[0., 3., 2., 0.]]])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .._tensor.dtype import C_NAMES, int64
from .._tensor.function import Function
from .._tensor.tensor import Tensor, tensor
from .conv import adaptive_max_pool2d, avg_pool2d, max_pool2d
from .conv1d import adaptive_max_pool1d, avg_pool1d, max_pool1d
from .conv3d import avg_pool3d, max_pool3d
from .functional_ops import fused, relu
from .module import Module

__all__ = ["LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d", "lp_pool1d", "lp_pool2d"]
__all__ += ["max_pool1d_with_indices", "max_pool2d_with_indices", "max_unpool1d", "max_unpool2d"]
__all__ += ["adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices"]
__all__ += ["LPPool3d", "MaxUnpool3d", "lp_pool3d", "max_unpool3d"]

_INF = float("inf")


def _tuple(v: Any, n: int) -> tuple[int, ...]:
    return (int(v),) * n if isinstance(v, int) else tuple(int(x) for x in v)


def max_pool1d_with_indices(input: Tensor, kernel_size: Any, stride: Any = None,
                            padding: Any = 0, dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> tuple[Tensor, Tensor]:  # fmt: skip
    """``max_pool1d(..., return_indices=True)``: the pooled values and where each came from."""
    return max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input: Tensor, kernel_size: Any, stride: Any = None,
                            padding: Any = 0, dilation: Any = 1, ceil_mode: bool = False,
                            return_indices: bool = False) -> tuple[Tensor, Tensor]:  # fmt: skip
    """``max_pool2d(..., return_indices=True)``: the pooled values and where each came from."""
    return max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def adaptive_max_pool1d_with_indices(
    input: Tensor, output_size: Any, return_indices: bool = False
) -> tuple[Tensor, Tensor]:
    """``adaptive_max_pool1d(..., return_indices=True)``."""
    return adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(
    input: Tensor, output_size: Any, return_indices: bool = False
) -> tuple[Tensor, Tensor]:
    """``adaptive_max_pool2d(..., return_indices=True)``."""
    return adaptive_max_pool2d(input, output_size, True)


def _lp_finish(out: Tensor, norm_type: float, window: int) -> Tensor:
    # PyTorch's: (sign(out) * relu(abs(out))).mul(window).pow(1 / norm_type)
    return (out.sign() * relu(out.abs())).mul(window).pow(1.0 / norm_type)


def lp_pool1d(input: Tensor, norm_type: float, kernel_size: int, stride: Any = None,
              ceil_mode: bool = False) -> Tensor:  # fmt: skip
    """The ``norm_type``-norm of each window: ``(sum x**p) ** (1 / p)``."""
    if norm_type == _INF:
        return max_pool1d(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if norm_type == -_INF:
        return -max_pool1d(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    out = avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return _lp_finish(out, norm_type, _tuple(kernel_size, 1)[0])


def lp_pool2d(input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None,
              ceil_mode: bool = False) -> Tensor:  # fmt: skip
    """The ``norm_type``-norm of each 2-d window: ``(sum x**p) ** (1 / p)``."""
    kw, kh = _tuple(kernel_size, 2)
    if norm_type == _INF:
        return max_pool2d(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if norm_type == -_INF:
        return -max_pool2d(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    out = avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return _lp_finish(out, norm_type, kw * kh)


def lp_pool3d(input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None,
              ceil_mode: bool = False) -> Tensor:  # fmt: skip
    """The ``norm_type``-norm of each 3-d window: ``(sum x**p) ** (1 / p)``."""
    if norm_type == _INF:
        return max_pool3d(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if norm_type == -_INF:
        return -max_pool3d(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    out = avg_pool3d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return _lp_finish(out, norm_type, math.prod(_tuple(kernel_size, 3)))


def _unpool_output_size(input: Tensor, kernel_size: tuple[int, ...], stride: tuple[int, ...],
                        padding: tuple[int, ...], output_size: Any) -> list[int]:  # fmt: skip
    """torch/nn/functional.py's ``_unpool_output_size``: the size the pool came from, or the
    asked one if it is within a stride of it."""
    n = len(kernel_size)
    default = [(input.shape[-n + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d]
               for d in range(n)]  # fmt: skip
    if output_size is None:
        ret = default
    else:
        asked = list(output_size)
        if len(asked) == n + 2:
            asked = asked[2:]
        if len(asked) != n:
            raise ValueError(
                f"output_size should be a sequence containing {n} or {n + 2} elements, but it "
                f"has a length of '{len(asked)}'"
            )
        for d in range(n):
            lo, hi = default[d] - stride[d], default[d] + stride[d]
            if not lo < asked[d] < hi:
                raise ValueError(
                    f'invalid output_size "{output_size}" (dim {d} must be between {lo} and {hi})'
                )
        ret = asked
    for d in range(n):
        if ret[d] < 0:
            raise ValueError(
                "max_unpooling: output_size must contain non-negative spatial dimensions, but "
                f"got output_size[{d}]={ret[d]}"
            )
    return ret


def _unpool(input: Tensor, indices: Tensor, size: Sequence[int]) -> Tensor:
    """ATen's ``max_unpool2d``/``3d`` (by ``len(size)``): zeros of ``size`` per plane, each input
    element written at its index (``MaxUnpool{n}DBackward0``: the gradient gathered back from
    those places)."""
    n = len(size)
    if indices.dtype is not int64:
        got = f" but got: {C_NAMES[indices.dtype][0]}" if n == 2 else ""  # ATen's 3-d says less
        raise RuntimeError(f"elements in indices should be type int64{got}")
    if tuple(indices.shape) != tuple(input.shape):
        raise RuntimeError(
            "Expected shape of indices to be same as that of the input tensor "
            f"({list(input.shape)}) but got indices tensor with shape: {list(indices.shape)}"
        )
    if input.dim() not in (n + 1, n + 2):
        raise RuntimeError(
            f"Input to max_unpooling{n}d should be a {n + 1}d or {n + 2}d Tensor, but got a "
            f"tensor with {input.dim()} dimensions."
        )
    outs = [int(v) for v in size]
    area = math.prod(outs)
    lead = tuple(input.shape[:-n])
    planes = math.prod(lead)
    idx = indices.reshape(planes, -1)
    for k in idx.reshape(-1).tolist():
        if not 0 <= k < area:
            raise RuntimeError(
                f"Found an invalid max index: {k} (output volumes are of size "
                f"{'x'.join(map(str, outs))})"
            )
    r = _Unpool.apply(input, idx.reshape(-1).tolist(), planes, area, (*lead, *outs))
    return fused(f"MaxUnpool{n}DBackward0", r, (input,))


class _Unpool(Function):
    """The scatter forward and ATen's gather backward (``max_pool_double_backward``): every
    input element gets the gradient of the place it names, even when another element with
    the same index was written there last."""

    @staticmethod
    def forward(ctx: Any, input: Tensor, idx: list[int], planes: int, area: int,
                shape: tuple[int, ...]) -> Tensor:  # fmt: skip
        xs = [float(v) for v in input.numbers()]
        per = len(idx) // planes if planes else 0
        out = [0.0] * (planes * area)
        for k, (i, v) in enumerate(zip(idx, xs)):
            out[(k // per) * area + i] = v
        ctx.spec = (idx, per, area, tuple(input.shape))
        return tensor(out, dtype=input.dtype).reshape(shape)

    @staticmethod
    def backward(ctx: Any, grad: Tensor) -> tuple[Any, ...]:
        idx, per, area, shape = ctx.spec
        gs = [float(v) for v in grad.numbers()]
        gx = [gs[(k // per) * area + i] for k, i in enumerate(idx)]
        return (tensor(gx, dtype=grad.dtype).reshape(shape), None, None, None, None)


def max_unpool1d(input: Tensor, indices: Tensor, kernel_size: Any, stride: Any = None,
                 padding: Any = 0, output_size: Any = None) -> Tensor:  # fmt: skip
    """The inverse of ``max_pool1d``: each value back at its index, zeros elsewhere."""
    k = _tuple(kernel_size, 1)
    s = k if stride is None else _tuple(stride, 1)
    size = _unpool_output_size(input, k, s, _tuple(padding, 1), output_size)
    return _unpool(input.unsqueeze(-1), indices.unsqueeze(-1), [*size, 1]).squeeze(-1)


def max_unpool2d(input: Tensor, indices: Tensor, kernel_size: Any, stride: Any = None,
                 padding: Any = 0, output_size: Any = None) -> Tensor:  # fmt: skip
    """The inverse of ``max_pool2d``: each value back at its index, zeros elsewhere."""
    k = _tuple(kernel_size, 2)
    s = k if stride is None else _tuple(stride, 2)
    size = _unpool_output_size(input, k, s, _tuple(padding, 2), output_size)
    return _unpool(input, indices, size)


def max_unpool3d(input: Tensor, indices: Tensor, kernel_size: Any, stride: Any = None,
                 padding: Any = 0, output_size: Any = None) -> Tensor:  # fmt: skip
    """The inverse of ``max_pool3d``: each value back at its index, zeros elsewhere."""
    k = _tuple(kernel_size, 3)
    s = k if stride is None else _tuple(stride, 3)
    size = _unpool_output_size(input, k, s, _tuple(padding, 3), output_size)
    return _unpool(input, indices, size)


class _LPPoolNd(Module):
    def __init__(self, norm_type: float, kernel_size: Any, stride: Any = None,
                 ceil_mode: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.norm_type, self.kernel_size = norm_type, kernel_size
        self.stride, self.ceil_mode = stride, ceil_mode

    def extra_repr(self) -> str:
        return (f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, ceil_mode={self.ceil_mode}")  # fmt: skip


class LPPool1d(_LPPoolNd):
    """``F.lp_pool1d``: the power-average of each window."""

    def forward(self, input: Tensor) -> Tensor:
        return lp_pool1d(input, float(self.norm_type), self.kernel_size, self.stride,
                         self.ceil_mode)  # fmt: skip


class LPPool2d(_LPPoolNd):
    """``F.lp_pool2d``: the power-average of each 2-d window."""

    def forward(self, input: Tensor) -> Tensor:
        return lp_pool2d(input, float(self.norm_type), self.kernel_size, self.stride,
                         self.ceil_mode)  # fmt: skip


class LPPool3d(_LPPoolNd):
    """``F.lp_pool3d``: the power-average of each 3-d window."""

    def forward(self, input: Tensor) -> Tensor:
        return lp_pool3d(input, float(self.norm_type), self.kernel_size, self.stride,
                         self.ceil_mode)  # fmt: skip


class _MaxUnpoolNd(Module):
    n = 2

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0) -> None:
        super().__init__()
        self.kernel_size = _tuple(kernel_size, self.n)
        self.stride = _tuple(stride if stride is not None else kernel_size, self.n)
        self.padding = _tuple(padding, self.n)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpoolNd):
    """``F.max_unpool1d``: a max pool's values put back where they came from."""

    n = 1

    def forward(self, input: Tensor, indices: Tensor, output_size: Any = None) -> Tensor:
        return max_unpool1d(input, indices, self.kernel_size, self.stride, self.padding,
                            output_size)  # fmt: skip


class MaxUnpool2d(_MaxUnpoolNd):
    """``F.max_unpool2d``: a max pool's values put back where they came from."""

    def forward(self, input: Tensor, indices: Tensor, output_size: Any = None) -> Tensor:
        return max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding,
                            output_size)  # fmt: skip


class MaxUnpool3d(_MaxUnpoolNd):
    """``F.max_unpool3d``: a 3-d max pool's values put back where they came from."""

    n = 3

    def forward(self, input: Tensor, indices: Tensor, output_size: Any = None) -> Tensor:
        return max_unpool3d(input, indices, self.kernel_size, self.stride, self.padding,
                            output_size)  # fmt: skip
