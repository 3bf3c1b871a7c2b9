"""``nn.GroupNorm``, ``nn.RMSNorm`` and ``nn.InstanceNorm1d``/``2d`` with their functions:
normalise over groups of channels, by the root mean square of the last dims, or per sample
and channel, as PyTorch defines them (``rms_norm`` is its composite of ``pow``, ``mean``,
``rsqrt`` and ``mul``; ``instance_norm`` is ``batch_norm`` over one sample of N*C channels).

>>> import tinygrad_edu as torch
>>> torch.nn.GroupNorm(2, 4)
GroupNorm(2, 4, eps=1e-05, affine=True, bias=True)
>>> torch.nn.RMSNorm(3)
RMSNorm((3,), eps=None, elementwise_affine=True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .._tensor.dtype import float64, get_default_dtype, int64
from .._tensor.ops.factories import ones, zeros
from .._tensor.ops.inplace import write
from .._tensor.tensor import Tensor, tensor
from ..core.grad_mode import no_grad
from .functional_ops import fused
from .module import Module
from .normalization import batch_norm
from .parameter import Parameter

__all__ = ["GroupNorm", "InstanceNorm1d", "InstanceNorm2d", "RMSNorm", "group_norm"]
__all__ += ["instance_norm", "rms_norm"]


def group_norm(
    input: Tensor, num_groups: int, weight: Tensor | None = None, bias: Tensor | None = None,
    eps: float = 1e-5,
) -> Tensor:  # fmt: skip
    """Each sample's channels in ``num_groups`` groups, each group normalised by its own mean
    and (biased) variance, then ``* weight + bias`` per channel (``NativeGroupNormBackward0``)."""
    if input.dim() < 2:
        raise RuntimeError(
            f"Expected at least 2 dimensions for input tensor but received {input.dim()}"
        )
    n, c = input.shape[0], input.shape[1]
    if c % num_groups:
        raise RuntimeError(
            f"Expected number of channels in input to be divisible by num_groups, but got input "
            f"of shape {list(input.shape)} and num_groups={num_groups}"
        )
    rows = input.reshape(n, num_groups, -1)
    y = (rows - rows.mean(2, keepdim=True)) / (rows.var(2, False, True) + eps).sqrt()
    y = y.view(*input.shape)
    shape = (1, c) + (1,) * (input.dim() - 2)
    if weight is not None:
        y = y * weight.view(*shape)
    if bias is not None:
        y = y + bias.view(*shape)
    inputs = tuple(t for t in (input, weight, bias) if t is not None)
    return fused("NativeGroupNormBackward0", y, inputs)


def rms_norm(
    input: Tensor, normalized_shape: Sequence[int], weight: Tensor | None = None,
    eps: float | None = None,
) -> Tensor:  # fmt: skip
    """``x / sqrt(mean(x**2) + eps)`` over the last ``len(normalized_shape)`` dims, times
    ``weight`` (``eps`` None: the dtype's machine epsilon)."""
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(input.shape[-len(shape) :]) != shape:
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape "
            f"[*, {', '.join(map(str, shape))}], but got input of size{list(input.shape)}"
        )
    if eps is None:  # the machine epsilon of the computation's type (float32's for float16)
        eps = 2.220446049250313e-16 if input.dtype is float64 else 1.1920928955078125e-07
    dims = list(range(input.dim() - len(shape), input.dim()))
    r = (input.pow(2).mean(dims, keepdim=True) + eps).rsqrt()
    y = input * r
    return y * weight if weight is not None else y


def instance_norm(
    input: Tensor, running_mean: Tensor | None = None, running_var: Tensor | None = None,
    weight: Tensor | None = None, bias: Tensor | None = None, use_input_stats: bool = True,
    momentum: float = 0.1, eps: float = 1e-5,
) -> Tensor:  # fmt: skip
    """``batch_norm`` of each (sample, channel) on its own: the input seen as one sample of
    N*C channels; the running statistics, when given, updated by their mean over the batch."""
    n, c = input.shape[0], input.shape[1]
    if use_input_stats and math.prod(input.shape[2:]) <= 1:
        raise ValueError(
            f"Expected more than 1 spatial element when training, got input size {input.shape}"
        )
    x = input.reshape(1, n * c, *input.shape[2:])

    rm = running_mean.detach().repeat(n) if running_mean is not None else None
    rv = running_var.detach().repeat(n) if running_var is not None else None
    w = weight.repeat(n) if weight is not None else None
    b = bias.repeat(n) if bias is not None else None
    y = batch_norm(x, rm, rv, w, b, use_input_stats, momentum, eps)
    with no_grad():
        for run, rep_ in ((running_mean, rm), (running_var, rv)):
            if run is not None and use_input_stats:
                write(run, rep_.view(n, c).mean(0).tolist())
    return y.view(*input.shape)


class GroupNorm(Module):
    """``group_norm`` with learnt per-channel ``weight`` (ones) and ``bias`` (zeros)."""

    def __init__(
        self, num_groups: int, num_channels: int, eps: float = 1e-5, affine: bool = True,
        bias: bool = True, device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        if num_channels % num_groups:
            raise ValueError(
                f"num_channels ({num_channels}) must be divisible by num_groups ({num_groups})"
            )
        self.num_groups, self.num_channels, self.eps, self.affine = (num_groups, num_channels,
                                                                     eps, affine)  # fmt: skip
        dt = dtype or get_default_dtype()
        if affine:
            self.weight = Parameter(ones(num_channels, dtype=dt))
            if bias:
                self.bias = Parameter(zeros(num_channels, dtype=dt))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input: Tensor) -> Tensor:
        return group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, "
            f"bias={self.bias is not None}"
        )


class RMSNorm(Module):
    """``rms_norm`` over the last dims, ``normalized_shape``, with a learnt ``weight`` (ones)."""

    def __init__(
        self, normalized_shape: int | Sequence[int], eps: float | None = None,
        elementwise_affine: bool = True, device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else normalized_shape
        self.normalized_shape = tuple(int(s) for s in shape)
        self.eps, self.elementwise_affine = eps, elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(ones(self.normalized_shape, dtype=dtype or get_default_dtype()))
        else:
            self.register_parameter("weight", None)

    def forward(self, x: Tensor) -> Tensor:
        return rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self) -> str:
        return (
            f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"
        )


class InstanceNorm1d(Module):
    """``instance_norm`` of (N, C, L) or (C, L) inputs: no weight, no running statistics
    unless asked (``affine``, ``track_running_stats``)."""

    _no_batch_dim = 2

    def __init__(
        self, num_features: int, eps: float = 1e-5, momentum: float | None = 0.1,
        affine: bool = False, track_running_stats: bool = False, device: Any = None,
        dtype: Any = None, *, bias: bool = True,
    ) -> None:  # fmt: skip
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

    def forward(self, input: Tensor) -> Tensor:
        d = self._no_batch_dim
        if input.dim() not in (d, d + 1):
            raise ValueError(f"expected {d}D or {d + 1}D input (got {input.dim()}D input)")
        feature = input.dim() - d
        if input.shape[feature] != self.num_features and self.affine:
            raise ValueError(
                f"expected input's size at dim={feature} to match num_features "
                f"({self.num_features}), but got: {input.shape[feature]}."
            )
        x = input.unsqueeze(0) if input.dim() == d else input
        momentum = self.momentum if self.momentum is not None else 0.0
        y = instance_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                          self.training or not self.track_running_stats, momentum,
                          self.eps)  # fmt: skip
        return y.squeeze(0) if input.dim() == d else y

    def extra_repr(self) -> str:
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, bias={self.bias is not None}, "
            f"track_running_stats={self.track_running_stats}"
        )


class InstanceNorm2d(InstanceNorm1d):
    """``instance_norm`` of (N, C, H, W) or (C, H, W) images."""

    _no_batch_dim = 3
