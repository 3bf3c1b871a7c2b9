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

import warnings
from typing import Any

from .._tensor.dtype import C_NAMES, float32, int64
from .._tensor.kernels import float32_arithmetic
from .._tensor.ops.functional import NN_FUNCTIONAL
from .._tensor.shape import normalize_dim
from .._tensor.tensor import Tensor, stack, tensor
from .._torch_cpu import float32_loss as f32l
from .._torch_cpu import float32_reduce as f32r
from .._torch_cpu import random as draws
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
from .embedding_bag import embedding_bag
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
from .group_norm import group_norm, instance_norm, rms_norm
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
from .patches import bilinear, channel_shuffle, dropout3d, fold, local_response_norm, pdist, unfold
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
__all__ += ["margin_ranking_loss", "poisson_nll_loss", "soft_margin_loss", "triplet_margin_loss"]
__all__ += ["multilabel_soft_margin_loss"]
__all__ += ["multi_margin_loss", "multilabel_margin_loss", "triplet_margin_with_distance_loss"]
__all__ += ["alpha_dropout", "feature_alpha_dropout", "gumbel_softmax", "rrelu", "rrelu_"]
__all__ += ["lp_pool1d", "lp_pool2d", "max_pool1d_with_indices", "max_pool2d_with_indices"]
__all__ += ["embedding_bag", "max_unpool1d", "max_unpool2d"]
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


def _last_dim(x: Tensor, d: int) -> tuple[int, int] | None:
    """The (rows, n) of a softmax along the last dim of a 1-d or 2-d tensor, else None."""
    if x.dim() == 1:
        return (1, x.shape[0])
    return tuple(x.shape) if x.dim() == 2 and d == 1 else None  # type: ignore[return-value]


def softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim, "softmax")
    z, s = _shifted(input, d)
    r = z.exp() / s
    shape = _last_dim(input, d)
    if shape is not None:
        _as_kernel(r, f32r.softmax, [v.data for v in input.elements()], shape)
    return fused("SoftmaxBackward0", r, (input,), _saved_dim=d)


def log_softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim, "log_softmax")
    z, s = _shifted(input, d)
    r = z - s.log()
    shape = _last_dim(input, d)
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


def _check_target(input: Tensor, target: Tensor) -> None:
    if target.dtype is not int64:
        name = C_NAMES[target.dtype][0]
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {name}")
    n = input.shape[0] if input.dim() > 1 else None
    m = target.shape[0] if target.dim() else None
    if input.dim() > 2:
        raise NotImplementedError("nll_loss and cross_entropy take 1-d or 2-d inputs here")
    if n != m:
        raise ValueError(f"Expected input batch_size ({n}) to match target batch_size ({m}).")


def nll_loss(
    input: Tensor,
    target: Tensor,
    weight: Tensor | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """``-weight[t] * input[i, t]`` for each row's target class ``t``: the loss on
    log-probabilities; rows whose target is ``ignore_index`` count 0 and are left out of the
    mean, which divides by the sum of the rows' weights."""
    reduction = _reduction(size_average, reduce, reduction)
    if target.dim() > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    _check_target(input, target)
    classes = input.shape[-1]
    if weight is not None and (weight.dim() != 1 or weight.numel() != classes):
        raise RuntimeError(
            f"weight tensor should be defined either for all {classes} classes or no classes "
            f"but got weight tensor of shape: {list(weight.shape)}"
        )
    if weight is not None and weight.dtype is not input.dtype:
        want, got = (C_NAMES[t.dtype][0] for t in (input, weight))
        raise RuntimeError(f"expected scalar type {want} but found {got}")
    ts = [int(target.item())] if input.dim() == 1 else [int(t) for t in target.tolist()]
    for t in ts:
        if t != ignore_index and not 0 <= t < classes:
            raise IndexError(f"Target {t} is out of bounds.")
    saved = {"_saved_target": target, "_saved_reduction": _REDUCTION.get(reduction),
             "_saved_weight": weight, "_saved_ignore_index": ignore_index}  # fmt: skip
    if input.dim() == 1 and ts[0] != ignore_index and weight is None:
        return fused("NllLossBackward0", -input[ts[0]], (input,), **saved)
    rows = input.unsqueeze(0) if input.dim() == 1 else input
    if weight is None and ignore_index not in ts:
        r = _reduce(stack([-rows[i, t] for i, t in enumerate(ts)]), reduction)
        if reduction == "mean" and input.dim() == 2:  # the loss frame's own cascade sum
            data = [v.data for v in input.elements()]
            _as_kernel(r, lambda: [f32r.nll_loss(data, input.shape, ts)])
        return fused("NllLossBackward0", r, (input,), **saved)
    ws = [0.0 if t == ignore_index else 1.0 if weight is None else weight[t].item() for t in ts]
    zero = tensor(0.0, dtype=input.dtype)
    picked = stack([-rows[i, t] * w if w else zero for i, (t, w) in enumerate(zip(ts, ws))])
    if reduction == "none":
        r = picked if input.dim() > 1 else picked[0]
    elif reduction == "sum":
        r = picked.sum()
    else:
        r = _reduce(picked, "sum") / sum(ws)
    return fused("NllLossBackward0", r, (input,), **saved)


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
    the target with the uniform distribution over the classes."""
    reduction = _reduction(size_average, reduce, reduction)
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    d = 1 if input.dim() > 1 else 0
    logp = log_softmax(input, d)
    classes = input.shape[d]
    if target.shape == input.shape and target.dtype.is_floating_point:
        return _cross_entropy_probs(logp, target, weight, reduction, label_smoothing, d)
    loss = nll_loss(logp, target, weight, None, ignore_index, None, reduction)
    if label_smoothing == 0.0:
        return loss
    # PyTorch's: (1 - eps) * nll + eps / C * (the loss against the uniform distribution)
    ts = target.tolist() if target.dim() else [target.item()]
    rows = logp if d else logp.unsqueeze(0)
    w = weight
    smooth = -(rows * w if w is not None else rows).sum(1)
    kept = tensor([float(t != ignore_index) for t in ts], dtype=input.dtype)
    smooth = smooth * kept if ignore_index in ts else smooth
    if not d:
        smooth = smooth[0]
    if reduction == "mean":
        total = sum(1.0 if w is None else w[t].item() for t in ts if t != ignore_index)
        smooth = smooth.sum() / total
    elif reduction == "sum":
        smooth = smooth.sum()
    return (1 - label_smoothing) * loss + smooth * (label_smoothing / classes)


def _cross_entropy_probs(
    logp: Tensor, target: Tensor, weight: Tensor | None, reduction: str, eps: float, d: int
) -> Tensor:
    classes = logp.shape[d]
    if eps > 0.0:
        target = target * (1 - eps) + eps / classes
    terms = logp * target * weight if weight is not None else logp * target
    if reduction == "none":
        return -terms.sum(d)
    if reduction == "sum":
        return -terms.sum()
    if reduction != "mean":
        raise ValueError(f"{reduction} is not a valid value for reduction")
    total = -terms.sum()
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


def dropout(input: Tensor, p: float = 0.5, training: bool = True, generator: Any = None) -> Tensor:
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0.0:
        return input
    noise = draws.dropout_noise(generator, input.numel(), p, input.dtype.name)
    return input * tensor(noise, dtype=input.dtype).view(*input.shape)
