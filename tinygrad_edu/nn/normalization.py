"""``nn.LayerNorm`` and ``nn.BatchNorm1d``/``2d``/``3d``: normalise by a mean and a (biased)
variance, then scale by ``weight`` and shift by ``bias``; batch norm keeps running statistics
as buffers.

>>> import tinygrad_edu as torch
>>> bn = torch.nn.BatchNorm1d(2)
>>> bn(torch.tensor([[1.0, 2.0], [3.0, 6.0]]))
tensor([[-1.0000, -1.0000],
        [ 1.0000,  1.0000]], grad_fn=<NativeBatchNormBackward0>)
>>> bn.running_mean, bn.num_batches_tracked
(tensor([0.2000, 0.4000]), tensor(1))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .._tensor.arguments import int_list, nonnegative
from .._tensor.dtype import get_default_dtype, int64
from .._tensor.ops.factories import ones, zeros
from .._tensor.ops.inplace import write
from .._tensor.tensor import Tensor, tensor
from ..core.grad_mode import no_grad
from .functional_ops import fused
from .module import Module
from .parameter import Parameter

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "batch_norm", "layer_norm"]


def _normalized(x: Tensor, mean: Tensor, var: Tensor, eps: float) -> Tensor:
    return (x - mean) / (var + eps).sqrt()


def layer_norm(
    input: Tensor,
    normalized_shape: Sequence[int],
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """``(x - mean) / sqrt(var + eps) * weight + bias`` over the last ``len(normalized_shape)``
    dims (the variance without Bessel's correction)."""
    shape = tuple(normalized_shape)
    if tuple(input.shape[-len(shape) :]) != shape:
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape "
            f"[*, {', '.join(map(str, shape))}], but got input of size{list(input.shape)}"
        )
    rows = input.reshape(-1, math.prod(shape))
    y = _normalized(rows, rows.mean(1, keepdim=True), rows.var(1, False, True), eps)
    y = y.view(*input.shape)
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    inputs = tuple(t for t in (input, weight, bias) if t is not None)
    return fused("NativeLayerNormBackward0", y, inputs)


def batch_norm(
    input: Tensor,
    running_mean: Tensor | None,
    running_var: Tensor | None,
    weight: Tensor | None = None,
    bias: Tensor | None = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Normalise each channel (dim 1) by the batch's statistics (training, which also updates
    the running ones: ``(1 - momentum) * running + momentum * batch``, the variance unbiased)
    or by the running ones."""
    if input.dim() < 2:
        raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")
    c = input.shape[1]
    # channels last, one row per (sample, position): the statistics are per column
    cols = input if input.dim() == 2 else input.movedim(1, -1).reshape(-1, c)
    n = cols.shape[0]
    if training:
        if n <= 1:
            raise ValueError(
                "Expected more than 1 value per channel when training, got input size "
                f"{input.shape}"
            )
        mean, var = cols.mean(0), cols.var(0, False)
        if running_mean is not None and running_var is not None:
            _update(running_mean, running_var, cols, momentum)
    else:
        mean, var = running_mean, running_var
    shape = (1, c) + (1,) * (input.dim() - 2)
    y = _normalized(input, mean.view(*shape), var.view(*shape), eps)
    if weight is not None:
        y = y * weight.view(*shape)
    if bias is not None:
        y = y + bias.view(*shape)
    inputs = tuple(t for t in (input, weight, bias) if t is not None)
    return fused("NativeBatchNormBackward0", y, inputs)


def _update(running_mean: Tensor, running_var: Tensor, cols: Tensor, momentum: float) -> None:
    # PyTorch accumulates the statistics in double and stores the update in the buffer's dtype
    data = [[v.data for v in row.elements()] for row in cols]
    n = len(data)
    means = [math.fsum(col) / n for col in zip(*data)]
    unbiased = [math.fsum((x - m) ** 2 for x in col) / (n - 1) for col, m in zip(zip(*data), means)]
    old_m = [v.data for v in running_mean.elements()]
    old_v = [v.data for v in running_var.elements()]
    with no_grad():
        write(running_mean, [momentum * m + (1 - momentum) * r for m, r in zip(means, old_m)])
        write(running_var, [momentum * u + (1 - momentum) * r for u, r in zip(unbiased, old_v)])


class LayerNorm(Module):
    """``layer_norm`` over the last dims, ``normalized_shape``, with learnt ``weight`` (ones)
    and ``bias`` (zeros)."""

    def __init__(
        self,
        normalized_shape: int | Sequence[int],
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else normalized_shape
        self.normalized_shape = nonnegative(int_list("empty", (tuple(shape),)))
        self.eps, self.elementwise_affine = eps, elementwise_affine
        dt = dtype or get_default_dtype()
        if elementwise_affine:
            self.weight = Parameter(ones(self.normalized_shape, dtype=dt))
            if bias:
                self.bias = Parameter(zeros(self.normalized_shape, dtype=dt))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input: Tensor) -> Tensor:
        return layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.normalized_shape}, eps={self.eps}, "
            f"elementwise_affine={self.elementwise_affine}, bias={self.bias is not None}"
        )


class BatchNorm1d(Module):
    """``batch_norm`` of (N, C) or (N, C, L) inputs, with running statistics as buffers
    (``running_mean``, ``running_var``, ``num_batches_tracked``) used in eval mode."""

    _dims: tuple[int, ...] = (2, 3)
    _expected = "2D or 3D"

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        device: Any = None,
        dtype: Any = None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        dt = dtype or get_default_dtype()
        if affine:
            self.weight = Parameter(ones(num_features, dtype=dt))
            if bias:
                self.bias = Parameter(zeros(num_features, dtype=dt))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", zeros(num_features, dtype=dt))
            self.register_buffer("running_var", ones(num_features, dtype=dt))
            self.register_buffer("num_batches_tracked", tensor(0, dtype=int64))
        else:
            for name in ("running_mean", "running_var", "num_batches_tracked"):
                self.register_buffer(name, None)

    def reset_running_stats(self) -> None:
        """Running mean 0, running variance 1, no batches counted."""
        if self.track_running_stats:
            with no_grad():
                self.running_mean.zero_()
                self.running_var.fill_(1)
                self.num_batches_tracked.zero_()

    def forward(self, input: Tensor) -> Tensor:
        if input.dim() not in self._dims:
            raise ValueError(f"expected {self._expected} input (got {input.dim()}D input)")
        momentum = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            count = self.num_batches_tracked.item() + 1
            with no_grad():
                write(self.num_batches_tracked, [float(count)])
            if self.momentum is None:  # a cumulative moving average
                momentum = 1.0 / count
        use_batch = self.training or self.running_mean is None
        stats = (None, None) if self.training and not self.track_running_stats else None
        rm, rv = stats or (self.running_mean, self.running_var)
        return batch_norm(input, rm, rv, self.weight, self.bias, use_batch, momentum, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, bias={self.bias is not None}, "
            f"track_running_stats={self.track_running_stats}"
        )


class BatchNorm2d(BatchNorm1d):
    """``batch_norm`` of (N, C, H, W) images: one mean and variance per channel."""

    _dims, _expected = (4,), "4D"


class BatchNorm3d(BatchNorm1d):
    """``batch_norm`` of (N, C, D, H, W) volumes: one mean and variance per channel."""

    _dims, _expected = (5,), "5D"
