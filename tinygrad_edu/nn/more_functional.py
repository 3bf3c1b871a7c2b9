"""The ``torch.nn.functional`` functions tutorials meet beyond the op table: the shrinking and
gating activations (``softshrink``, ``hardshrink``, ``threshold``, ``glu``, ``prelu``), the
distances (``cosine_similarity``, ``pairwise_distance``) and ``kl_div``, each computed from the
table's ops and shown as the one node PyTorch shows (``SoftshrinkBackward0``, ...).

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> x = torch.tensor([-1.0, 0.2, 2.0], requires_grad=True)
>>> F.softshrink(x, 0.5), F.threshold(x, 0.1, -1.0).grad_fn.name()
(tensor([-0.5000,  0.0000,  1.5000], grad_fn=<SoftshrinkBackward0>), 'ThresholdBackward0')
"""

from __future__ import annotations

import warnings

from .._tensor.ops.factories import zeros_like
from .._tensor.ops.inplace import adopt
from .._tensor.ops.selection import where
from .._tensor.tensor import Tensor
from .functional_ops import fused

__all__ = ["cosine_similarity", "glu", "hardshrink", "kl_div", "pairwise_distance", "prelu"]
__all__ += ["softshrink", "threshold", "threshold_"]


def softshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """``x - lambd`` above ``lambd``, ``x + lambd`` below ``-lambd``, else 0."""
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {float(lambd)}.")
    zero = input * 0.0  # PyTorch's kernel: -0.0 for a small negative x
    r = where(input > lambd, input - lambd, where(input < -lambd, input + lambd, zero))
    return fused("SoftshrinkBackward0", r, (input,))


def hardshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """``x`` where ``|x| > lambd``, else 0."""
    r = where((input > lambd) | (input < -lambd), input, zeros_like(input))
    return fused("HardshrinkBackward0", r, (input,))


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``x`` where ``x > threshold``, else ``value``."""
    if inplace:
        return adopt(input, lambda t: fused("ThresholdBackward1", _threshold(t, threshold, value),
                                            (t,)))  # fmt: skip
    return fused("ThresholdBackward0", _threshold(input, threshold, value), (input,))


def _threshold(input: Tensor, threshold: float, value: float) -> Tensor:
    return where(input > threshold, input, input * 0.0 + value)


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """``threshold(input, threshold, value, inplace=True)`` (``ThresholdBackward1``)."""
    return adopt(input, lambda t: fused("ThresholdBackward1", _threshold(t, threshold, value),
                                        (t,)))  # fmt: skip


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """The gated linear unit: the first half of ``dim`` times the sigmoid of the second."""
    n = input.shape[dim]
    if n % 2:
        raise RuntimeError(
            f"Halving dimension must be even, but dimension {dim % input.dim()} is size {n}"
        )
    a, b = input.chunk(2, dim)
    return fused("GluBackward0", a * b.sigmoid(), (input,))


def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """``x`` where ``x >= 0``, else ``weight * x`` (one weight, or one per channel, dim 1)."""
    w = weight
    if weight.numel() > 1:
        w = weight.view(-1, *([1] * (input.dim() - 2))) if input.dim() > 1 else weight
    r = where(input >= 0, input, w * input)
    return fused("PreluKernelBackward0", r, (input, weight))


def cosine_similarity(x1: Tensor, x2: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """``sum(x1 / |x1| * x2 / |x2|)`` along ``dim``, each norm at least ``eps`` (PyTorch's
    order: each input divided by its norm, then the product summed)."""
    n1 = x1.norm(2, dim, keepdim=True).clamp_min(eps)
    n2 = x2.norm(2, dim, keepdim=True).clamp_min(eps)
    return ((x1 / n1) * (x2 / n2)).sum(dim)


def pairwise_distance(
    x1: Tensor, x2: Tensor, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
) -> Tensor:
    """The ``p``-norm of ``x1 - x2 + eps`` along the last dim (``NormBackward1``)."""
    d = x1 - x2 + eps
    dim = d.dim() - 1
    if p in (2, 2.0):
        r = (d * d).sum(dim, keepdim=keepdim).sqrt()
    else:
        r = (d.abs() ** p).sum(dim, keepdim=keepdim) ** (1.0 / p)
    return fused("NormBackward1", r, (d,))


def kl_div(
    input: Tensor,
    target: Tensor,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    log_target: bool = False,
) -> Tensor:
    """``target * (log(target) - input)`` (0 where the target is 0), or with ``log_target``
    ``exp(target) * (target - input)``; reduced by ``mean``, ``sum`` or ``batchmean``."""
    if reduction == "mean":
        warnings.warn(
            "reduction: 'mean' divides the total loss by both the batch size and the support "
            "size.'batchmean' divides only by the batch size, and aligns with the KL div math "
            "definition.'mean' will be changed to behave the same as 'batchmean' in the next "
            "major release.",
            UserWarning,
            stacklevel=2,
        )
    if log_target:
        r = target.exp() * (target - input)
    else:
        logs = where(target > 0, target, target * 0.0 + 1.0).log()
        r = target * logs - target * input
    if reduction == "batchmean":
        return r.sum() / input.shape[0] if input.dim() else r.sum()
    if reduction == "mean":
        return r.mean()
    if reduction == "sum":
        return r.sum()
    return r
