"""``torch.nn.functional``: activations, softmax, losses and dropout on tensors.

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
>>> F.softmax(x, dim=1)
tensor([[0.0900, 0.2447, 0.6652]], grad_fn=<SoftmaxBackward0>)
>>> F.cross_entropy(x, torch.tensor([2]))
tensor(0.4076, grad_fn=<NllLossBackward0>)

A composed function is one node of PyTorch's name (``fused``): its elements are made by the
table's scalar ops, so the backward pass runs through them, while the tensor's own ``grad_fn``
is the single node PyTorch shows, whose ``next_functions`` are the inputs'.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from .._tensor.dtype import C_NAMES, float32, int64
from .._tensor.kernels import float32_arithmetic
from .._tensor.ops.functional import NN_FUNCTIONAL
from .._tensor.shape import normalize_dim
from .._tensor.tensor import Tensor, stack, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu import float32_loss as f32l
from .._torch_cpu import float32_reduce as f32r
from .._torch_cpu import random as draws
from ..core.engine import constants, vdot
from . import grad  # noqa: F401 - F.grad is torch.nn.grad, as in PyTorch
from .channels import dropout1d, dropout2d, pixel_shuffle, pixel_unshuffle
from .conv import adaptive_avg_pool2d, adaptive_max_pool2d, avg_pool2d, conv2d, max_pool2d
from .conv1d import adaptive_avg_pool1d, adaptive_max_pool1d, avg_pool1d, conv1d, max_pool1d
from .conv3d import (
    adaptive_avg_pool3d,
    adaptive_max_pool3d,
    adaptive_max_pool3d_with_indices,
    avg_pool3d,
    conv3d,
    max_pool3d,
    max_pool3d_with_indices,
)
from .conv_tbc import conv_tbc
from .ctc import ctc_loss
from .embedding_bag import embedding_bag
from .fractional import (
    fractional_max_pool2d,
    fractional_max_pool2d_with_indices,
    fractional_max_pool3d,
    fractional_max_pool3d_with_indices,
)
from .functional_ops import (
    celu,
    celu_,
    elu,
    elu_,
    fused,
    gelu,
    hardsigmoid,
    hardswish,
    hardtanh,
    hardtanh_,
    leaky_relu,
    leaky_relu_,
    logsigmoid,
    mish,
    normalize,
    one_hot,
    pad,
    relu,
    relu6,
    relu_,
    selu,
    selu_,
    silu,
    softplus,
    softsign,
    tanhshrink,
)
from .grid_sample import (
    GRID_SAMPLE_INTERPOLATION_MODES,
    GRID_SAMPLE_PADDING_MODES,
    affine_grid,
    grid_sample,
)
from .group_norm import group_norm, instance_norm, rms_norm
from .linear_cross_entropy_options import LinearCrossEntropyOptions
from .loss_functions import (
    cosine_embedding_loss,
    gaussian_nll_loss,
    hinge_embedding_loss,
    margin_ranking_loss,
    multilabel_soft_margin_loss,
    poisson_nll_loss,
    soft_margin_loss,
    triplet_margin_loss,
)
from .margin_losses import (
    multi_margin_loss,
    multilabel_margin_loss,
    triplet_margin_with_distance_loss,
)
from .more_functional import (
    cosine_similarity,
    glu,
    hardshrink,
    kl_div,
    pairwise_distance,
    prelu,
    softshrink,
    threshold,
    threshold_,
)
from .noisy import (
    alpha_dropout,
    feature_alpha_dropout,
    gumbel_softmax,
    rrelu,
    rrelu_,
)
from .normalization import batch_norm, layer_norm
from .patches import (
    assert_int_or_pair,
    bilinear,
    channel_shuffle,
    dropout3d,
    fold,
    local_response_norm,
    native_channel_shuffle,
    pdist,
    unfold,
)
from .sparse import embedding
from .unpool import (
    adaptive_max_pool1d_with_indices,
    adaptive_max_pool2d_with_indices,
    lp_pool1d,
    lp_pool2d,
    lp_pool3d,
    max_pool1d_with_indices,
    max_pool2d_with_indices,
    max_unpool1d,
    max_unpool2d,
    max_unpool3d,
)
from .upsampling import (
    conv_transpose1d,
    conv_transpose2d,
    conv_transpose3d,
    interpolate,
    upsample,
    upsample_bilinear,
    upsample_nearest,
)

__all__ = [
    "adaptive_avg_pool2d",
    "avg_pool2d",
    "batch_norm",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "celu",
    "conv2d",
    "cosine_similarity",
    "cross_entropy",
    "dropout",
    "elu",
    "embedding",
    "fused",
    "gelu",
    "glu",
    "hardshrink",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "huber_loss",
    "kl_div",
    "l1_loss",
    "layer_norm",
    "leaky_relu",
    "legacy_reduction",
    "linear",
    "log_softmax",
    "logsigmoid",
    "max_pool2d",
    "mish",
    "mse_loss",
    "nll_loss",
    "normalize",
    "one_hot",
    "pad",
    "pairwise_distance",
    "prelu",
    "relu",
    "relu6",
    "selu",
    "silu",
    "smooth_l1_loss",
    "softmax",
    "softmin",
    "softplus",
    "softshrink",
    "softsign",
    "tanhshrink",
    "threshold",
]
__all__ += ["adaptive_avg_pool1d", "avg_pool1d", "celu_", "conv1d", "dropout1d", "dropout2d"]
__all__ += ["elu_", "group_norm", "hardtanh_", "instance_norm", "leaky_relu_", "max_pool1d"]
__all__ += ["pixel_shuffle", "pixel_unshuffle", "relu_", "rms_norm", "selu_", "threshold_"]
__all__ += ["adaptive_max_pool1d", "adaptive_max_pool2d", "cosine_embedding_loss"]
__all__ += ["conv_transpose1d", "conv_transpose2d", "gaussian_nll_loss", "hinge_embedding_loss"]
__all__ += ["bilinear", "channel_shuffle", "dropout3d", "fold", "interpolate", "pdist", "unfold"]
__all__ += ["local_response_norm", "upsample", "upsample_bilinear", "upsample_nearest"]
__all__ += ["assert_int_or_pair", "conv_tbc", "native_channel_shuffle"]
__all__ += ["fractional_max_pool2d", "fractional_max_pool2d_with_indices"]
__all__ += ["fractional_max_pool3d", "fractional_max_pool3d_with_indices"]
__all__ += ["margin_ranking_loss", "poisson_nll_loss", "soft_margin_loss", "triplet_margin_loss"]
__all__ += ["linear_cross_entropy", "multilabel_soft_margin_loss"]
__all__ += ["multi_margin_loss", "multilabel_margin_loss", "triplet_margin_with_distance_loss"]
__all__ += ["alpha_dropout", "feature_alpha_dropout", "gumbel_softmax", "rrelu", "rrelu_"]
__all__ += ["lp_pool1d", "lp_pool2d", "max_pool1d_with_indices", "max_pool2d_with_indices"]
__all__ += ["embedding_bag", "max_unpool1d", "max_unpool2d"]
__all__ += ["GRID_SAMPLE_INTERPOLATION_MODES", "GRID_SAMPLE_PADDING_MODES", "affine_grid"]
__all__ += ["ctc_loss", "grid_sample"]
__all__ += ["adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices"]
__all__ += ["adaptive_avg_pool3d", "adaptive_max_pool3d", "adaptive_max_pool3d_with_indices"]
__all__ += ["avg_pool3d", "conv3d", "conv_transpose3d", "lp_pool3d", "max_pool3d"]
__all__ += ["max_pool3d_with_indices", "max_unpool3d"]
__all__ += sorted(set(NN_FUNCTIONAL) - set(__all__))  # tanh, sigmoid: the table's

# tanh and sigmoid are the table's as they are; the other activations take PyTorch's own
# arguments (inplace=, approximate=), so they come from functional_ops
globals().update({k: f for k, f in NN_FUNCTIONAL.items() if k not in globals()})


def _dim(x: Tensor, dim: int | None, name: str) -> int:
    if dim is None:  # PyTorch's legacy choice, with a warning there
        dim = 0 if x.dim() in (0, 1, 3) else 1
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"{name}(): argument 'dim' must be int, not {type(dim).__name__}")
    return normalize_dim(dim, x.dim())


def _row_max(x: Tensor, dim: int) -> Tensor:
    """The max along ``dim`` as a constant (keepdim): it cancels out of softmax's gradient."""
    if x.dim() == 1:
        return tensor([max(x.tolist())], dtype=x.dtype)
    if x.dim() != 2:  # attention scores (batch, heads, time, time): the max along dim
        return x.amax(dim, keepdim=True)
    rows = x.tolist()
    if dim == 1:
        return tensor([[max(r)] for r in rows], dtype=x.dtype)
    return tensor([[max(c) for c in zip(*rows)]], dtype=x.dtype)


def _shifted(x: Tensor, dim: int) -> tuple[Tensor, Tensor]:
    z = x - _row_max(x.detach(), dim)
    return z, z.exp().sum(dim, keepdim=True)


def _as_kernel(r: Tensor, kernel: Any, *args: Any) -> Tensor:
    """A float32 result given the bits of PyTorch's own kernel (``float32_reduce``): its order
    of sums and its exp; the elements' scalar graph is the float64 engine's."""
    if r.dtype is float32 and float32_arithmetic():
        for v, d in zip(r.elements(), kernel(*args)):
            v.data = d
    return r


def softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim, "softmax")
    z, s = _shifted(input, d)
    r = z.exp() / s
    shape = f32r.softmax_shape(input.shape, d)
    if shape is not None:
        _as_kernel(r, f32r.softmax, [v.data for v in input.elements()], shape)
    return fused("SoftmaxBackward0", r, (input,), _saved_dim=d)


def log_softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim, "log_softmax")
    z, s = _shifted(input, d)
    r = z - s.log()
    shape = f32r.softmax_shape(input.shape, d)
    if shape is not None:
        _as_kernel(r, f32r.log_softmax, [v.data for v in input.elements()], shape)
    return fused("LogSoftmaxBackward0", r, (input,), _saved_dim=d)


# PyTorch's at::Reduction enum, saved by its loss nodes as ``_saved_reduction``
_REDUCTION = {"none": 0, "mean": 1, "sum": 2}


def softmin(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    """``softmax(-input, dim)``."""
    return softmax(-input, dim, dtype)


def _reduce(r: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return r.mean()
    if reduction == "sum":
        return r.sum()
    if reduction == "none":
        return r
    raise ValueError(f"{reduction} is not a valid value for reduction")


def legacy_reduction(size_average: bool | None, reduce: bool | None) -> str:
    """The ``reduction`` that the old ``size_average`` and ``reduce`` arguments ask for (with
    PyTorch's warning)."""
    mean, keep = size_average is not False, reduce is not False
    r = "mean" if mean and keep else "sum" if keep else "none"
    warnings.warn(
        f"size_average and reduce args will be deprecated, please use reduction='{r}' instead.",
        UserWarning,
        stacklevel=3,
    )
    return r


def _reduction(size_average: bool | None, reduce: bool | None, reduction: str) -> str:
    if size_average is not None or reduce is not None:
        return legacy_reduction(size_average, reduce)
    return reduction


def _check_target_dtype(target: Tensor) -> None:
    if target.dtype is not int64:
        name = C_NAMES[target.dtype][0]
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {name}")


def _check_nll_shapes(input: Tensor, target: Tensor) -> None:
    """``nll_loss_nd``'s checks, then its 1-d/2-d or 2d frame's, in PyTorch's order."""
    if input.dim() < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.dim()})")
    m = target.shape[0] if target.dim() else 0
    if input.dim() != 1 and input.shape[0] != m:
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target batch_size ({m})."
        )
    if input.dim() <= 2:
        if target.dim() > 1:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        _check_target_dtype(target)
        return
    if input.dim() != 4 and list(target.shape[1:]) != list(input.shape[2:]):
        want = [input.shape[0], *input.shape[2:]]
        raise RuntimeError(f"Expected target size {want}, got {list(target.shape)}")
    _check_target_dtype(target)
    if input.dim() == 4 and target.dim() != 3:
        raise RuntimeError(
            "only batches of spatial targets supported (3D tensors) but got targets of "
            f"dimension: {target.dim()}"
        )
    if input.dim() == 4 and list(target.shape) != [input.shape[0], *input.shape[2:]]:
        raise RuntimeError(
            f"size mismatch (got input: {list(input.shape)} , target: {list(target.shape)}"
        )


def _check_weight(input: Tensor, weight: Tensor | None) -> None:
    classes = input.shape[1] if input.dim() > 1 else input.shape[0]
    if weight is None:
        return
    if input.dim() > 2 and weight.numel() != classes:
        raise RuntimeError("weight tensor should be defined either for all or no classes")
    if input.dim() <= 2 and (weight.dim() != 1 or weight.numel() != classes):
        raise RuntimeError(
            f"weight tensor should be defined either for all {classes} classes or no classes "
            f"but got weight tensor of shape: {list(weight.shape)}"
        )
    if weight.dtype is not input.dtype:
        want, got = (C_NAMES[t.dtype][0] for t in (input, weight))
        raise RuntimeError(f"expected scalar type {want} but found {got}")


def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``-weight[t] * input[i, t, ...]`` for each target class ``t``: the loss on
    log-probabilities of shape ``(C)``, ``(N, C)`` or ``(N, C, d1, ..., dK)`` (targets
    ``()``, ``(N)``, ``(N, d1, ..., dK)``); targets equal to ``ignore_index`` count 0 and are
    left out of the mean, which divides by the sum of the targets' weights. A 4-d input is
    PyTorch's ``nll_loss2d`` (``NllLoss2DBackward0``), other K-d inputs are viewed as
    ``(N, C, 1, d1 * ... * dK)`` for it."""
    reduction = _reduction(size_average, reduce, reduction)
    if reduction not in _REDUCTION:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    _check_nll_shapes(input, target)
    _check_weight(input, weight)
    classes = input.shape[1] if input.dim() > 1 else input.shape[0]
    ts = [int(t) for t in target.flatten().tolist()]
    for t in ts:
        if t != ignore_index and not 0 <= t < classes:
            raise IndexError(f"Target {t} is out of bounds.")
    x, name = input, "NllLossBackward0"
    if input.dim() > 2:
        name = "NllLoss2DBackward0"
        if input.dim() != 4:  # nll_loss_nd's view onto the 2d frame
            x = input.contiguous().view(input.shape[0], classes, 1, -1)
    n = x.shape[0] if x.dim() > 1 else 1
    frame = (n, classes, x.numel() // (n * classes) if x.numel() else 0)
    ws = None if weight is None else [float(v) for v in weight.flatten().tolist()]
    enum = _REDUCTION[reduction]
    rnd = f32r.f32 if input.dtype is float32 else float
    data, total = f32r.nll_loss_frame(
        [v.data for v in x.elements()], frame, ts, ws, ignore_index, enum, rnd
    )
    elems = x.elements()

    def index(k: int, t: int) -> int:
        return (k // frame[2] * classes + t) * frame[2] + k % frame[2]

    coeff = [0.0 if t == ignore_index else -(1.0 if ws is None else ws[t]) for t in ts]
    kept = [(k, t, c) for k, (t, c) in enumerate(zip(ts, coeff)) if t != ignore_index]
    if not kept and elems:  # every target ignored: still a node over the input (grads 0)
        kept = [(0, 0, 0.0)]
    if enum == 0:
        values = constants([0.0] * len(ts))
        for k, t, c in kept:
            values[k] = elems[index(k, t)] * c
        shape: tuple[int, ...] = (n, *x.shape[2:]) if x.dim() > 1 else ()
    else:
        scale = 1.0 / total if enum == 1 and total else 1.0
        values = [vdot([elems[index(k, t)] for k, t, _ in kept], [c * scale for *_, c in kept])]
        shape = ()
    for v, d in zip(values, data):
        v.data = d
    saved = {"_saved_target": target, "_saved_reduction": enum, "_saved_weight": weight,
             "_saved_ignore_index": ignore_index,
             "_saved_total_weight": tensor(total, dtype=input.dtype)}  # fmt: skip
    r = result(values, shape, input.dtype, node_class(name, -1, {}, "find"), (x,), **saved)
    if input.dim() > 2 and input.dim() != 4 and enum == 0:
        r = r.view(input.shape[0], *input.shape[2:])
    return r


def cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """``nll_loss(log_softmax(input, 1), target)``: PyTorch's classification loss. ``target``
    holds class indices, or class probabilities (the input's shape); ``label_smoothing`` mixes
    the target with the uniform distribution over the classes. ``input`` is ``(C)``,
    ``(N, C)`` or ``(N, C, d1, ..., dK)``, the classes along dim 1 (ATen's
    ``cross_entropy_loss``, step by step)."""
    reduction = _reduction(size_average, reduce, reduction)
    if reduction not in _REDUCTION:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    d = 1 if input.dim() > 1 else 0
    probs = target.shape == input.shape
    if probs and not target.dtype.is_floating_point:
        name = C_NAMES[target.dtype][0]
        raise RuntimeError(
            f"Expected floating point type for target with class probabilities, got {name}"
        )
    if probs and ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    if (probs or label_smoothing > 0.0) and label_smoothing > 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    if probs:
        return _cross_entropy_probs(input, target, weight, reduction, label_smoothing, d)
    logp = log_softmax(input, d)
    loss = nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    if label_smoothing <= 0.0:
        return loss
    # PyTorch's: (1 - eps) * nll + eps / C * (the loss against the uniform distribution)
    classes = input.shape[d]
    ignored = target == ignore_index
    if weight is not None:
        smooth = -(logp * _class_view(weight, logp.dim(), d)).sum(d)
    else:
        smooth = -logp.sum(d)
    smooth.masked_fill_(ignored, 0.0)
    if reduction == "mean":
        if weight is not None:
            kept = [int(t) for t in target.masked_select(~ignored).flatten().tolist()]
            ret = smooth.sum() / weight.gather(0, tensor(kept, dtype=int64)).sum()
        else:
            ret = smooth.sum() / (~ignored).sum()
    else:
        ret = smooth.sum() if reduction == "sum" else smooth
    return _times(loss, 1 - label_smoothing) + _times(ret, label_smoothing / classes)


def _times(t: Tensor, c: float) -> Tensor:
    """``t * c`` for a Python number ``c`` as ATen's C++ multiplies: ``MulBackward1``."""
    return fused("MulBackward1", t * c, (t,), _saved_other=c)


def _class_view(weight: Tensor, dims: int, d: int) -> Tensor:
    """The class weights viewed to broadcast along the class dim ``d`` of a ``dims``-d input."""
    return weight.view(*[weight.shape[0] if i == d else 1 for i in range(dims)])


def _cross_entropy_probs(
    input: Tensor, target: Tensor, weight: Tensor | None, reduction: str, eps: float, d: int
) -> Tensor:
    """ATen's ``cross_entropy_loss_prob_target``: ``-(log_softmax * target * weight)``
    summed over the classes (``none``), over all (``sum``), or that over the positions."""
    classes = input.shape[d]
    if weight is not None and (weight.dim() != 1 or weight.numel() != classes):
        raise RuntimeError(
            f"cross_entropy: weight tensor should be defined either for all {classes} classes "
            f"or no classes but got weight tensor of shape: {list(weight.shape)}"
        )
    logp = log_softmax(input, d)
    if eps > 0.0:
        target = target * (1 - eps) + eps / classes
    terms = logp * target
    if weight is not None:
        terms = terms * _class_view(weight, logp.dim(), d)
    if reduction == "none":
        return -terms.sum(d)
    if reduction == "sum":
        return -terms.sum()
    total = -terms.sum()
    if logp.numel() == 0:
        return total.fill_(math.nan)
    return fused("DivBackward1", total / (logp.numel() // classes), (total,))


def mse_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    weight: Tensor | None = None,
) -> Tensor:
    reduction = _reduction(size_average, reduce, reduction)
    _warn_sizes(input, target)
    r = (input - target) ** 2
    if weight is not None:
        r = r * weight
    return fused("MseLossBackward0", _reduce(r, reduction), (input, target),
                 _saved_reduction=_REDUCTION[reduction], _saved_weight=weight)  # fmt: skip


def l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    reduction = _reduction(size_average, reduce, reduction)
    _warn_sizes(input, target)
    return _reduce((input - target).abs(), reduction)  # PyTorch: MeanBackward0 over AbsBackward0


def _warn_sizes(input: Tensor, target: Tensor) -> None:
    if target.shape != input.shape:
        warnings.warn(
            f"Using a target size ({target.shape}) that is different to the input size "
            f"({input.shape}). This will likely lead to incorrect results due to broadcasting. "
            "Please ensure they have the same size.",
            UserWarning,
            stacklevel=3,
        )


def _piecewise(d: Tensor, near: list[bool], inner: Tensor, outer: Tensor) -> Tensor:
    # inner where |d| is below the threshold, else outer: each element from one branch only
    keep = tensor([1.0 if n else 0.0 for n in near], dtype=d.dtype).view(*d.shape)
    if all(near):
        return inner
    if not any(near):
        return outer
    return inner * keep + outer * (1.0 - keep)


def smooth_l1_loss(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    beta: float = 1.0,
) -> Tensor:
    """``0.5 d**2 / beta`` where ``|d| < beta``, else ``|d| - 0.5 beta``; ``d = input - target``."""
    reduction = _reduction(size_average, reduce, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0.0:
        return l1_loss(input, target, reduction=reduction)
    _warn_sizes(input, target)
    d = input - target
    near = [abs(v.data) < beta for v in d.elements()]
    r = _piecewise(d, near, d * d * 0.5 / beta, d.abs() - 0.5 * beta)
    return fused("SmoothL1LossBackward0", _reduce(r, reduction), (input, target), _saved_beta=beta)


def huber_loss(
    input: Tensor,
    target: Tensor,
    reduction: str = "mean",
    delta: float = 1.0,
    weight: Tensor | None = None,
) -> Tensor:
    """``0.5 d**2`` where ``|d| < delta``, else ``delta * (|d| - 0.5 delta)``."""
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    _warn_sizes(input, target)
    d = input - target
    near = [abs(v.data) < delta for v in d.elements()]
    r = _piecewise(d, near, d * d * 0.5, (d.abs() - 0.5 * delta) * delta)
    if weight is not None:
        r = r * weight
    return fused("HuberLossBackward0", _reduce(r, reduction), (input, target), _saved_delta=delta)


def binary_cross_entropy(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``-(t*log(p) + (1-t)*log(1-p))``, each log clamped at -100 as PyTorch clamps it, times
    ``weight`` (broadcast) when given."""
    reduction = _reduction(size_average, reduce, reduction)
    if target.shape != input.shape:
        raise ValueError(
            f"Using a target size ({target.shape}) that is different to the input size "
            f"({input.shape}) is deprecated. Please ensure they have the same size."
        )
    if target.dtype is not input.dtype:
        want, got = (C_NAMES[t.dtype][0] for t in (input, target))
        raise RuntimeError(f"Found dtype {got} but expected {want}")
    for p, t in zip(input.elements(), target.elements()):  # PyTorch's kernel, element by element
        if not 0.0 <= p.data <= 1.0:
            raise RuntimeError("all elements of input should be between 0 and 1")
        if not 0.0 <= t.data <= 1.0:
            raise RuntimeError("all elements of target should be between 0 and 1")
    lp, lq = _clamp_log(input.log()), _clamp_log((1.0 - input).log())
    r = -(target * lp + (1.0 - target) * lq)
    if weight is not None:
        r = r * weight
    r = _reduce(r, reduction)
    if weight is None:
        xs, ts = [v.data for v in input.elements()], [v.data for v in target.elements()]
        _as_kernel(r, lambda: f32l.reduced(f32l.binary_cross_entropy(xs, ts), reduction))
    return fused("BinaryCrossEntropyBackward0", r, (input, target),
                 _saved_reduction=_REDUCTION[reduction], _saved_weight=weight)  # fmt: skip


def _clamp_log(x: Tensor) -> Tensor:
    low = [v.data < -100.0 for v in x.elements()]
    if not any(low):
        return x
    # element by element: log(0) is -inf, and -inf * 0 would make the clamped entry nan
    flat, floor = x.reshape(-1), tensor(-100.0, dtype=x.dtype)
    return stack([floor if d else flat[i] for i, d in enumerate(low)]).view(*x.shape)


def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    pos_weight: Tensor | None = None,
) -> Tensor:
    """``(1 - t)*x - logsigmoid(x)``, the log-sigmoid weighed by ``1 + (pos_weight - 1)*t``
    when ``pos_weight`` is given, the whole by ``weight``: PyTorch's stable form."""
    reduction = _reduction(size_average, reduce, reduction)
    if target.shape != input.shape:
        raise ValueError(
            f"Target size ({target.shape}) must be the same as input size ({input.shape})"
        )
    if input.dtype.is_floating_point and not target.dtype.is_floating_point:
        got = C_NAMES[target.dtype][0]
        raise RuntimeError(
            f"result type {C_NAMES[input.dtype][0]} can't be cast to the desired output type {got}"
        )
    # PyTorch's formula: logsigmoid is smooth at 0, where relu(x) - x*t + log1p(exp(-|x|))
    # has two kinks whose one-sided slopes do not add up to the gradient
    log_sigmoid = logsigmoid(input)
    if pos_weight is not None:
        log_sigmoid = log_sigmoid * ((pos_weight - 1) * target + 1)
    r = (1 - target) * input - log_sigmoid
    if weight is not None:
        r = r * weight
    r = _reduce(r, reduction)
    if weight is None and pos_weight is None:
        xs, ts = [v.data for v in input.elements()], [v.data for v in target.elements()]
        bce = f32l.binary_cross_entropy_with_logits
        _as_kernel(r, lambda: f32l.reduced(bce(xs, ts), reduction))
    return fused("BinaryCrossEntropyWithLogitsBackward0", r, (input, target),
                 _saved_reduction=_REDUCTION[reduction], _saved_weight=weight,
                 _saved_pos_weight=pos_weight)  # fmt: skip


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: PyTorch's ``AddmmBackward0`` (``MmBackward0`` without bias);
    a batch of more than 2 dims is folded to rows and viewed back, as PyTorch's ``linear``."""
    for k, (name, t) in enumerate((("input", input), ("weight", weight)), 1):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"linear(): argument '{name}' (position {k}) must be Tensor, not {type(t).__name__}"
            )
    if input.dtype is not weight.dtype:
        raise RuntimeError(
            "mat1 and mat2 must have the same dtype, but got "
            f"{C_NAMES[input.dtype][0]} and {C_NAMES[weight.dtype][0]}"
        )
    if input.dim() > 2:
        rows = linear(input.reshape(-1, input.shape[-1]), weight, bias)
        out = rows.view(*input.shape[:-1], weight.shape[0])
        return out if bias is not None else fused("UnsafeViewBackward0", out, (rows,))
    wt = weight.t()
    if input.dim() == 1 and bias is None:
        return input @ wt  # matmul's own unsqueeze, mm, squeeze: PyTorch's SqueezeBackward4
    x = input.unsqueeze(0) if input.dim() == 1 else input
    r = x @ wt
    if bias is not None:
        r = fused("AddmmBackward0", r + bias, (bias, x, wt))
    else:
        r = fused("MmBackward0", r, (x, wt))
    return r.view(weight.shape[0]) if input.dim() == 1 else r


def linear_cross_entropy(
    input: Tensor,
    linear_weight: Tensor,
    target: Tensor,
    *,
    linear_bias: Tensor | None = None,
    weight: Tensor | None = None,
    reduction: str = "mean",
    ignore_index: int | None = None,
    label_smoothing: float = 0.0,
    options: LinearCrossEntropyOptions | None = None,
) -> Tensor:
    """``cross_entropy(linear(input, linear_weight, linear_bias), target, ...)`` (new in
    PyTorch 2.13): ``input`` is ``(in_features)`` or ``(N, in_features)``, ``linear_weight``
    ``(C, in_features)`` or ``(C, d1, ..., dK, in_features)`` for a K-dimensional loss;
    ``ignore_index=None`` is -100 for class targets. With ``options`` PyTorch runs a chunked
    op (its own node); here its value comes from the reference path under that node's name."""
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f"expected input with dimensionality 1 or 2, got {input.dim()}")
    if linear_weight.dim() < 2:
        raise RuntimeError(
            f"expected linear_weight with dimensionality at least 2, got {linear_weight.dim()}"
        )
    batches, in_features = tuple(input.shape[:-1]), input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise RuntimeError(
            "expected equal input and linear_weight last dimensions (in_features), "
            f"got {input.shape[-1]} and {linear_weight.shape[-1]}, respectively"
        )
    classes, out_features = linear_weight.shape[0], tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != (classes, *out_features):
        raise RuntimeError(
            f"expected linear_bias shape {(classes, *out_features)}, got {tuple(linear_bias.shape)}"
        )
    if out_features and not batches:
        raise RuntimeError(
            f"K-dimensional loss defined by linear_weight shape {tuple(linear_weight.shape)} "
            f"requires batched input, (N, {in_features}), got unbatched input with shape "
            f"{tuple(input.shape)}"
        )
    logits_shape = (*batches, classes, *out_features)
    if tuple(target.shape) == logits_shape and ignore_index is not None:
        raise RuntimeError("ignore_index cannot be specified when target contains probabilities")
    ignore_index = -100 if ignore_index is None else ignore_index
    chunked = options is not None and not out_features and label_smoothing == 0.0
    chunked = chunked and reduction in _REDUCTION and target.dtype is int64
    if options is not None and not chunked:
        bias_shape = tuple(linear_bias.shape) if linear_bias is not None else None
        warnings.warn(
            "linear_cross_entropy: ``options`` ignored; chunked path needs reduction in "
            "{'mean','sum','none'}, label_smoothing == 0, target.dtype == int64, "
            f"out_features == (). Got reduction={reduction!r}, label_smoothing="
            f"{label_smoothing}, target.dtype={target.dtype}, out_features={out_features}, "
            f"tracing=False, linear_bias.shape={bias_shape}.",
            UserWarning,
            stacklevel=2,
        )
    if chunked:
        assert options is not None
        options.resolved(batches[0] if batches else 1, in_features, classes, input.dtype,
                         getattr(input, "device", None))  # fmt: skip
    w, b = linear_weight, linear_bias
    if out_features:
        w = w.reshape(math.prod(out_features, start=classes), in_features)
        b = b.reshape(math.prod(out_features, start=classes)) if b is not None else None
    logits = linear(input, w, b).reshape(logits_shape)
    loss = cross_entropy(logits, target, weight=weight, reduction=reduction,
                         ignore_index=ignore_index, label_smoothing=label_smoothing)  # fmt: skip
    if not chunked:
        return loss
    kind = "_no_reduction" if reduction == "none" else ""
    op = f"torch_nn__linear_cross_entropy_batch_chunked{kind}_default"
    name = f"GeneratedBackwardFor_{op}Backward"
    ins = (input, linear_weight) if linear_bias is None else (input, linear_weight, linear_bias)
    return fused(name, loss, ins)


def dropout(input: Tensor, p: float = 0.5, training: bool = True, generator: Any = None) -> Tensor:
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0.0:
        return input
    noise = draws.dropout_noise(generator, input.numel(), p, input.dtype.name)
    return input * tensor(noise, dtype=input.dtype).view(*input.shape)
