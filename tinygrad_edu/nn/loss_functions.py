"""More of ``torch.nn.functional``'s losses, each as ATen composes it (so each shows the node
of its last op, as PyTorch's does): ``margin_ranking_loss``, ``hinge_embedding_loss``,
``soft_margin_loss``, ``cosine_embedding_loss``, ``poisson_nll_loss``, ``gaussian_nll_loss``
and ``triplet_margin_loss``.

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> a = torch.tensor([0.5, -1.0], requires_grad=True)
>>> F.margin_ranking_loss(a, torch.zeros(2), torch.tensor([1.0, 1.0]))
tensor(0.5000, grad_fn=<MeanBackward0>)
"""

from __future__ import annotations

import math
from typing import Any

from .._tensor.ops.factories import zeros_like
from .._tensor.ops.selection import where
from .._tensor.tensor import Tensor
from .._tensor.tensor_graph import is_tensor
from ..core.grad_mode import no_grad
from .functional_ops import fused, logsigmoid
from .more_functional import pairwise_distance

__all__ = ["cosine_embedding_loss", "gaussian_nll_loss", "hinge_embedding_loss"]
__all__ += ["margin_ranking_loss", "poisson_nll_loss", "soft_margin_loss"]
__all__ += ["multilabel_soft_margin_loss", "triplet_margin_loss"]


def _reduce(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _zeros(x: Tensor) -> Tensor:
    return zeros_like(x.detach())


def margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0,
                        reduction: str = "mean", **_: Any) -> Tensor:  # fmt: skip
    """``max(0, -target * (input1 - input2) + margin)``."""
    return _reduce((-target * (input1 - input2) + margin).clamp_min(0), reduction)


def hinge_embedding_loss(input: Tensor, target: Tensor, margin: float = 1.0,
                         reduction: str = "mean", **_: Any) -> Tensor:  # fmt: skip
    """``input`` where ``target`` is 1, ``max(0, margin - input)`` where it is -1."""
    zeros = _zeros(input)
    margin_part = where(target != 1, (margin - input).clamp_min(0), zeros)
    self_part = where(target != -1, input, zeros)
    return _reduce(margin_part + self_part, reduction)


def soft_margin_loss(input: Tensor, target: Tensor, reduction: str = "mean",
                     **_: Any) -> Tensor:  # fmt: skip
    """``log(1 + exp(-target * input))`` (``SoftMarginLossBackward0``)."""
    r = _reduce((-input * target).exp().log1p(), reduction)
    return fused("SoftMarginLossBackward0", r, (input,))


def cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0.0,
                          reduction: str = "mean", **_: Any) -> Tensor:  # fmt: skip
    """``1 - cos(x1, x2)`` where ``target`` is 1, ``max(0, cos - margin)`` where it is -1."""
    d = input1.dim() - 1
    eps = 1e-12
    prod = (input1 * input2).sum(d)
    denom = (((input1 * input1).sum(d) + eps) * ((input2 * input2).sum(d) + eps)).sqrt()
    cos = prod / denom
    zeros = _zeros(cos)
    pos = where(target == 1, 1 - cos, zeros)
    neg = where(target == -1, (cos - margin).clamp_min(0), zeros)
    return _reduce(pos + neg, reduction)


def poisson_nll_loss(input: Tensor, target: Tensor, log_input: bool = True, full: bool = False,
                     eps: float = 1e-8, reduction: str = "mean", **_: Any) -> Tensor:  # fmt: skip
    """``exp(input) - target * input`` (or ``input - target * log(input + eps)``), with
    Stirling's term for targets over 1 when ``full``."""
    loss = input.exp() - target * input if log_input else input - target * (input + eps).log()
    if full:
        t = target.detach()
        stirling = t * t.log() - t + 0.5 * (2 * math.pi * t).log()
        loss = loss + stirling.masked_fill(t <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input: Tensor, target: Tensor, var: Any, full: bool = False,
                      eps: float = 1e-6, reduction: str = "mean") -> Tensor:  # fmt: skip
    """``0.5 * (log(var) + (input - target)**2 / var)`` (``var`` clamped to ``eps`` first,
    outside the graph), plus ``0.5 * log(2 pi)`` when ``full``."""
    if not is_tensor(var):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = zeros_like(input.detach()) + var
    elif bool((var < 0).any()):
        raise ValueError("var has negative entry/entries")
    if tuple(var.shape) != tuple(input.shape):
        if tuple(input.shape[:-1]) == tuple(var.shape):
            var = var.unsqueeze(-1)
        elif not (input.dim() == var.dim() and sum(
                v for i, v in zip(input.shape, var.shape) if i != v) == 1):  # fmt: skip
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor, margin: float = 1.0,
                        p: float = 2, eps: float = 1e-6, swap: bool = False,
                        reduction: str = "mean", **_: Any) -> Tensor:  # fmt: skip
    """``max(0, margin + d(anchor, positive) - d(anchor, negative))``, ``d`` the ``p``-norm
    distance (with ``swap``, the nearer of the two negatives' distances)."""
    pos = pairwise_distance(anchor, positive, p, eps)
    neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        other = pairwise_distance(positive, negative, p, eps)
        neg = where(other < neg, other, neg)
    return _reduce((margin + pos - neg).clamp_min(0), reduction)


def multilabel_soft_margin_loss(
    input: Tensor, target: Tensor, weight: Tensor | None = None, size_average: Any = None,
    reduce: Any = None, reduction: str = "mean",
) -> Tensor:  # fmt: skip
    """The logistic loss of each class of a multi-label target (0 or 1 per class), averaged
    over the classes: PyTorch's own composition of ops, so its nodes are theirs."""
    if size_average is not None or reduce is not None:  # the old arguments' rule
        keep, average = reduce is None or reduce, size_average is None or size_average
        reduction = "none" if not keep else "mean" if average else "sum"
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")
