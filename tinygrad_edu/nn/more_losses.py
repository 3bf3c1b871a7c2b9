"""More of ``torch.nn``'s losses as modules: ``MarginRankingLoss``, ``HingeEmbeddingLoss``,
``SoftMarginLoss``, ``CosineEmbeddingLoss``, ``PoissonNLLLoss``, ``GaussianNLLLoss`` and
``TripletMarginLoss``, each its ``F.`` function with the options held as attributes.

>>> import tinygrad_edu as torch
>>> torch.nn.TripletMarginLoss(margin=0.5), torch.nn.TripletMarginLoss().margin
(TripletMarginLoss(), 1.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._tensor.tensor import Tensor
from . import functional as F  # noqa: N812 - PyTorch users' name
from .module import Module
from .more_modules import PairwiseDistance

__all__ = ["CosineEmbeddingLoss", "GaussianNLLLoss", "HingeEmbeddingLoss", "MarginRankingLoss"]
__all__ += ["MultiLabelSoftMarginLoss", "PoissonNLLLoss", "SoftMarginLoss", "TripletMarginLoss"]
__all__ += ["MultiLabelMarginLoss", "MultiMarginLoss", "TripletMarginWithDistanceLoss"]


class _Reduced(Module):
    """A loss with a ``reduction`` (the old ``size_average``/``reduce`` pick one, warned)."""

    def __init__(self, size_average: Any = None, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = F.legacy_reduction(size_average, reduce)
        self.reduction = reduction


class MarginRankingLoss(_Reduced):
    """``F.margin_ranking_loss``: which of two inputs should rank higher, by a ``margin``."""

    def __init__(self, margin: float = 0.0, size_average: Any = None, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1: Tensor, input2: Tensor, target: Tensor) -> Tensor:
        return F.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class HingeEmbeddingLoss(_Reduced):
    """``F.hinge_embedding_loss``: distances pulled down (target 1) or past ``margin`` (-1)."""

    def __init__(self, margin: float = 1.0, size_average: Any = None, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.hinge_embedding_loss(input, target, self.margin, self.reduction)


class SoftMarginLoss(_Reduced):
    """``F.soft_margin_loss``: the logistic loss of a +-1 target."""

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.soft_margin_loss(input, target, self.reduction)


class MultiLabelSoftMarginLoss(_Reduced):
    """``F.multilabel_soft_margin_loss``: one logistic loss per class of a 0/1 target,
    each class weighted by ``weight`` (a buffer, as PyTorch's ``_WeightedLoss`` keeps it)."""

    def __init__(self, weight: Tensor | None = None, size_average: Any = None,
                 reduce: Any = None, reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.multilabel_soft_margin_loss(input, target, self.weight,
                                             reduction=self.reduction)  # fmt: skip


class CosineEmbeddingLoss(_Reduced):
    """``F.cosine_embedding_loss``: pairs made alike (target 1) or unlike (-1) in angle."""

    def __init__(self, margin: float = 0.0, size_average: Any = None, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1: Tensor, input2: Tensor, target: Tensor) -> Tensor:
        return F.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)


class PoissonNLLLoss(_Reduced):
    """``F.poisson_nll_loss``: the negative log likelihood of counts."""

    def __init__(self, log_input: bool = True, full: bool = False, size_average: Any = None,
                 eps: float = 1e-8, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def forward(self, log_input: Tensor, target: Tensor) -> Tensor:
        return F.poisson_nll_loss(log_input, target, self.log_input, self.full, self.eps,
                                  self.reduction)  # fmt: skip


class GaussianNLLLoss(Module):
    """``F.gaussian_nll_loss``: the negative log likelihood of a normal with a predicted
    variance."""

    def __init__(self, *, full: bool = False, eps: float = 1e-6, reduction: str = "mean") -> None:
        super().__init__()
        self.full, self.eps, self.reduction = full, eps, reduction

    def forward(self, input: Tensor, target: Tensor, var: Any) -> Tensor:
        return F.gaussian_nll_loss(input, target, var, self.full, self.eps, self.reduction)


class TripletMarginLoss(_Reduced):
    """``F.triplet_margin_loss``: an anchor nearer its positive than its negative by
    ``margin``."""

    def __init__(self, margin: float = 1.0, p: float = 2.0, eps: float = 1e-6, swap: bool = False,
                 size_average: Any = None, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.margin, self.p, self.eps, self.swap = margin, p, eps, swap

    def forward(self, anchor: Tensor, positive: Tensor, negative: Tensor) -> Tensor:
        return F.triplet_margin_loss(anchor, positive, negative, self.margin, self.p, self.eps,
                                     self.swap, self.reduction)  # fmt: skip


class MultiMarginLoss(_Reduced):
    """``F.multi_margin_loss``: the multi-class hinge loss of class-index targets, each class
    weighted by ``weight`` (a buffer, as PyTorch's ``_WeightedLoss`` keeps it)."""

    def __init__(self, p: int = 1, margin: float = 1.0, weight: Tensor | None = None,
                 size_average: Any = None, reduce: Any = None,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        if p not in (1, 2):
            raise ValueError("only p == 1 and p == 2 supported")
        if weight is not None and weight.dim() != 1:
            raise ValueError(
                "MultiMarginLoss: expected weight to be None or 1D tensor, got "
                f"{weight.dim()}D instead"
            )
        self.p, self.margin = p, margin

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.multi_margin_loss(input, target, p=self.p, margin=self.margin,
                                   weight=self.weight, reduction=self.reduction)  # fmt: skip


class MultiLabelMarginLoss(_Reduced):
    """``F.multilabel_margin_loss``: the hinge loss of each target class against each other
    class (the target lists the classes, ended by -1)."""

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.multilabel_margin_loss(input, target, reduction=self.reduction)


class TripletMarginWithDistanceLoss(_Reduced):
    """``F.triplet_margin_with_distance_loss``: a triplet loss for any ``distance_function``
    (a ``PairwiseDistance()`` submodule by default, as PyTorch holds it)."""

    def __init__(self, *, distance_function: Callable[[Tensor, Tensor], Tensor] | None = None,
                 margin: float = 1.0, swap: bool = False,
                 reduction: str = "mean") -> None:  # fmt: skip
        super().__init__(None, None, reduction)
        if margin <= 0:
            raise ValueError(
                "TripletMarginWithDistanceLoss: expected margin to be greater than 0, got "
                f"{margin} instead"
            )
        self.distance_function = (
            distance_function if distance_function is not None else PairwiseDistance()
        )
        self.margin, self.swap = margin, swap

    def forward(self, anchor: Tensor, positive: Tensor, negative: Tensor) -> Tensor:
        return F.triplet_margin_with_distance_loss(
            anchor, positive, negative, distance_function=self.distance_function,
            margin=self.margin, swap=self.swap, reduction=self.reduction,
        )  # fmt: skip
