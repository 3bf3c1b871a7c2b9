"""ATen's own forms of the nn functions, as ``torch.f`` has them: ``native_layer_norm``,
``native_batch_norm``, ``native_group_norm`` (the output with the statistics the backward
keeps), ``native_dropout`` (with its mask), ``convolution`` (every convolution in one),
``embedding_bag`` (with its bookkeeping tensors), ``embedding_renorm_``, ``norm_except_dim``,
``lstm_cell``/``gru_cell``/``rnn_tanh_cell``, the in-place ``dropout_``/``feature_dropout_``
and ``empty_permuted``.

>>> import tinygrad_edu as torch
>>> out, mean, rstd = torch.native_layer_norm(torch.tensor([[1.0, 3.0]]), [2], None, None, 0.0)
>>> out, mean, rstd
(tensor([[-1.,  1.]]), tensor([[2.]]), tensor([[1.]]))
"""

from __future__ import annotations

from typing import Any

from ._more_ops import named
from ._strided import empty_strided
from ._tensor.dtype import bool_, float32, int64
from ._tensor.ops.inplace import adopt
from ._tensor.tensor import tensor
from ._torch_cpu import random as draws
from .core.grad_mode import no_grad
from .nn import functional as F  # noqa: N812 - PyTorch users' name
from .nn import rnn
from .nn.channels import feature_dropout

__all__ = ["FUNCTIONS"]


def _stats(x: Any, dims: tuple[int, ...], eps: float) -> tuple[Any, Any]:
    """The mean and 1 / sqrt(biased var + eps) over ``dims`` (kept), without a graph."""
    with no_grad():
        d = x.detach()
        mean = d.mean(dims, keepdim=True)
        var = ((d - mean) ** 2).mean(dims, keepdim=True)
        return mean, (var + eps).rsqrt()


def native_layer_norm(input: Any, normalized_shape: Any, weight: Any, bias: Any,
                      eps: float) -> tuple[Any, Any, Any]:  # fmt: skip
    """``(layer_norm(input), mean, rstd)``; the statistics have the normalized dims as 1s."""
    out = F.layer_norm(input, list(normalized_shape), weight, bias, eps)
    dims = tuple(range(input.dim() - len(normalized_shape), input.dim()))
    mean, rstd = _stats(input, dims, eps)
    return named("NativeLayerNormBackward0", out, (input, weight, bias)), mean, rstd


def native_batch_norm(input: Any, weight: Any, bias: Any, running_mean: Any, running_var: Any,
                      training: bool, momentum: float,
                      eps: float) -> tuple[Any, Any, Any]:  # fmt: skip
    """``(batch_norm(input), save_mean, save_invstd)``: the batch's statistics per channel
    when training (the running ones updated), else two empty tensors."""
    out = F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
    out = named("NativeBatchNormBackward0", out, (input, weight, bias))
    if not training:
        return out, tensor([], dtype=input.dtype), tensor([], dtype=input.dtype)
    dims = tuple(d for d in range(input.dim()) if d != 1)
    mean, invstd = _stats(input, dims, eps)
    return out, mean.reshape(-1), invstd.reshape(-1)


def native_group_norm(input: Any, weight: Any, bias: Any, N: int, C: int, HxW: int,  # noqa: N803 - ATen's names
                      group: int, eps: float) -> tuple[Any, Any, Any]:  # fmt: skip
    """``(group_norm(input), mean, rstd)``, the statistics of shape ``(N, group)`` (on the
    graph, as PyTorch's: its backward takes their gradients too)."""
    out = named("NativeGroupNormBackward0", F.group_norm(input, group, weight, bias, eps),
                (input, weight, bias))  # fmt: skip
    g = input.reshape(N, group, -1)
    mean = g.mean(-1)
    var = ((g - mean.unsqueeze(-1)) ** 2).mean(-1)
    rstd = (var + eps).rsqrt()
    return (out, named("NativeGroupNormBackward0", mean, (input,)),
            named("NativeGroupNormBackward0", rstd, (input,)))  # fmt: skip


def native_dropout(input: Any, p: float, train: bool | None) -> tuple[Any, Any]:
    """``(dropout(input), mask)``: the mask says which elements were kept (``train=None``
    is training, as ATen reads it)."""
    if train is False:
        return input.clone(), tensor([True] * input.numel(), dtype=bool_).reshape(input.shape)
    noise = draws.dropout_noise(None, input.numel(), p, input.dtype.name)
    out = input * tensor(noise, dtype=input.dtype).reshape(input.shape)
    mask = tensor([v != 0 for v in noise], dtype=bool_).reshape(input.shape)
    return named("NativeDropoutBackward0", out, (input,)), mask


def dropout_(input: Any, p: float, train: bool) -> Any:
    """``torch.dropout`` in place."""
    return adopt(input, lambda before: F.dropout(before, p, train))


def feature_dropout_(input: Any, p: float, train: bool) -> Any:
    """``torch.feature_dropout`` (whole channels) in place."""
    return adopt(input, lambda before: feature_dropout(before, p, train))


def norm_except_dim(v: Any, pow: float = 2, dim: int = 0) -> Any:
    """The ``pow``-norm over every dim but ``dim`` (kept as 1s); ``dim=-1``: of everything
    (weight_norm's g). ATen's steps: a view to 2-d, a norm, a view back."""
    if dim == -1:
        return named("NormBackward0", v.norm(pow), (v,))
    n = v.dim()
    if dim == 0:
        return v.contiguous().view(v.shape[0], -1).norm(pow, 1).view(v.shape[0], *[1] * (n - 1))
    if dim == n - 1:
        return v.contiguous().view(-1, v.shape[-1]).norm(pow, 0).view(*[1] * (n - 1), v.shape[-1])
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


def embedding_renorm_(input: Any, indices: Any, max_norm: float, norm_type: float) -> Any:
    """The rows ``indices`` names whose ``norm_type``-norm is over ``max_norm`` scaled down to
    it (by ``max_norm / (norm + 1e-7)``), in place and without a graph."""
    with no_grad():
        for i in sorted({int(k) for k in indices.reshape(-1).tolist()}):
            row = input[i]
            norm = row.norm(norm_type).item()
            if norm > max_norm:
                row.mul_(max_norm / (norm + 1e-7))
    return input


_BAG_MODES = {0: "sum", 1: "mean", 2: "max"}


def embedding_bag(weight: Any, indices: Any, offsets: Any, scale_grad_by_freq: bool = False,
                  mode: int = 0, sparse: bool = False, per_sample_weights: Any = None,
                  include_last_offset: bool = False,
                  padding_idx: int | None = None) -> tuple[Any, Any, Any, Any]:  # fmt: skip
    """``(F.embedding_bag(...), offset2bag, bag_size, max_indices)``, ``mode`` as ATen's
    number (0 sum, 1 mean, 2 max); the three others as PyTorch's CPU kernel fills them
    (for a sum it leaves bag_size and max_indices zeros)."""
    out = F.embedding_bag(indices, weight, offsets, None, 2, scale_grad_by_freq,
                          _BAG_MODES[mode], sparse, per_sample_weights, include_last_offset,
                          padding_idx)  # fmt: skip
    offs = [int(v) for v in offsets.tolist()]
    n = indices.numel()
    bounds = list(zip(offs, offs[1:] if include_last_offset else [*offs[1:], n]))
    offset2bag = [b for b, (s, e) in enumerate(bounds) for _ in range(s, e)]
    if mode == 0:
        zeros = tensor([0] * len(bounds), dtype=int64)
        # the kernel's fast path (float32 weights, no padding_idx) leaves offset2bag empty
        if weight.dtype is float32 and padding_idx is None:
            offset2bag = []
        return out, tensor(offset2bag, dtype=int64), zeros, zeros.clone()
    idx = [int(v) for v in indices.tolist()]
    bag_size = [sum(1 for k in range(s, e) if idx[k] != padding_idx) for s, e in bounds]
    if mode == 1:
        sizes = tensor(bag_size, dtype=int64)
        return out, tensor(offset2bag, dtype=int64), sizes, sizes.clone()
    rows = weight.detach().tolist()
    best = [[max((k for k in range(s, e) if idx[k] != padding_idx),
                 key=lambda k, j=j: (rows[idx[k]][j], -k), default=-1) for j in range(len(rows[0]))]
            for s, e in bounds]  # fmt: skip
    max_indices = [[idx[k] if k >= 0 else -1 for k in bag] for bag in best]
    return (out, tensor(offset2bag, dtype=int64), tensor(bag_size, dtype=int64),
            tensor(max_indices, dtype=int64))  # fmt: skip


def convolution(input: Any, weight: Any, bias: Any, stride: Any, padding: Any, dilation: Any,
                transposed: bool, output_padding: Any, groups: int) -> Any:  # fmt: skip
    """``conv1d``/``conv2d`` or, ``transposed``, ``conv_transpose1d``/``2d``, by the weight's
    dims (``ConvolutionBackward0``)."""
    if weight.dim() not in (3, 4):
        raise NotImplementedError("tinygrad_edu's convolution: 1-d and 2-d only")
    one = weight.dim() == 3
    if transposed:
        conv = F.conv_transpose1d if one else F.conv_transpose2d
        return conv(input, weight, bias, stride, padding, output_padding, groups, dilation)
    return (F.conv1d if one else F.conv2d)(input, weight, bias, stride, padding, dilation, groups)


def lstm_cell(input: Any, hx: Any, w_ih: Any, w_hh: Any, b_ih: Any = None,
              b_hh: Any = None) -> tuple[Any, Any]:  # fmt: skip
    """One LSTM step: ``(h', c')`` from ``hx = (h, c)`` (what ``nn.LSTMCell`` computes)."""
    return rnn.cell_step("LSTM", input, tuple(hx), w_ih, w_hh, b_ih, b_hh)


def gru_cell(input: Any, hx: Any, w_ih: Any, w_hh: Any, b_ih: Any = None,
             b_hh: Any = None) -> Any:  # fmt: skip
    """One GRU step: ``h'`` (what ``nn.GRUCell`` computes)."""
    return rnn.cell_step("GRU", input, hx, w_ih, w_hh, b_ih, b_hh)


def empty_permuted(size: Any, physical_layout: Any, *, dtype: Any = None, layout: Any = None,
                   device: Any = None, requires_grad: bool = False,
                   pin_memory: bool = False) -> Any:  # fmt: skip
    """A tensor of ``size`` whose memory holds its dims in the order ``physical_layout``
    (outermost first): ``empty_permuted((2, 3, 4), (0, 2, 1))`` has strides ``(12, 1, 3)``."""
    size, order = [int(n) for n in size], [int(d) for d in physical_layout]
    if sorted(order) != list(range(len(size))):
        raise RuntimeError(
            f"Number of dimensions in size does not match the length of the physical_layout; "
            f"i.e. len(size) = {len(size)} is not equal to len(physical_layout) = {len(order)}"
        )
    strides, step = [0] * len(size), 1
    for d in reversed(order):
        strides[d] = step
        step *= max(size[d], 1)
    return empty_strided(size, strides, dtype=dtype, device=device, requires_grad=requires_grad)


FUNCTIONS: dict[str, Any] = {
    "native_layer_norm": native_layer_norm, "native_batch_norm": native_batch_norm,
    "native_group_norm": native_group_norm, "native_dropout": native_dropout,
    "dropout_": dropout_, "feature_dropout_": feature_dropout_,
    "norm_except_dim": norm_except_dim, "embedding_renorm_": embedding_renorm_,
    "embedding_bag": embedding_bag, "convolution": convolution, "lstm_cell": lstm_cell,
    "gru_cell": gru_cell, "empty_permuted": empty_permuted,
}  # fmt: skip
