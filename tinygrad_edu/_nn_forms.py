"""``torch.f`` for the ``torch.nn.functional`` functions PyTorch also has at the top level
(``torch.conv2d``, ``torch.dropout``, ``torch.layer_norm``, ...), with those forms' own
signatures where they differ from ``F.f`` (``torch.embedding(weight, indices)``,
``torch.batch_norm(input, weight, bias, running_mean, ...)``, a loss's ``reduction`` as
ATen's number: 0 none, 1 mean, 2 sum).

>>> import tinygrad_edu as torch
>>> torch.threshold(torch.tensor([0.5, 2.0]), 1.0, -1.0)
tensor([-1.,  2.])
"""

from __future__ import annotations

from typing import Any

from .nn import functional as F  # noqa: N812 - PyTorch users' name
from .nn import noisy
from .nn.channels import feature_dropout
from .nn.grid_sample import affine_grid_generator, grid_sampler, grid_sampler_2d, grid_sampler_3d

__all__ = ["FUNCTIONS"]

_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}


def _reduction(r: Any) -> str:
    return _REDUCTIONS[r] if isinstance(r, int) else r


def batch_norm(input: Any, weight: Any, bias: Any, running_mean: Any, running_var: Any,
               training: bool, momentum: float, eps: float,
               cudnn_enabled: bool) -> Any:  # fmt: skip
    """``torch.batch_norm``: ``F.batch_norm`` with the arguments in ATen's order."""
    return F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def instance_norm(input: Any, weight: Any, bias: Any, running_mean: Any, running_var: Any,
                  use_input_stats: bool, momentum: float, eps: float,
                  cudnn_enabled: bool) -> Any:  # fmt: skip
    """``torch.instance_norm``: ``F.instance_norm`` with the arguments in ATen's order."""
    return F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats,
                           momentum, eps)  # fmt: skip


def embedding(weight: Any, indices: Any, padding_idx: int = -1, scale_grad_by_freq: bool = False,
              sparse: bool = False) -> Any:  # fmt: skip
    """``torch.embedding(weight, indices)``: the rows of ``weight`` that ``indices`` name."""
    return F.embedding(indices, weight, None if padding_idx < 0 else padding_idx)


def dropout(input: Any, p: float, train: bool) -> Any:
    """``torch.dropout(input, p, train)``."""
    return F.dropout(input, p, train)


def feature_dropout_(input: Any, p: float, train: bool) -> Any:
    """``torch.feature_dropout(input, p, train)``: whole channels (dim 1) dropped."""
    return feature_dropout(input, p, train)


def alpha_dropout(input: Any, p: float, train: bool) -> Any:
    """``torch.alpha_dropout(input, p, train)``."""
    return noisy.alpha_dropout(input, p, train)


def alpha_dropout_(input: Any, p: float, train: bool) -> Any:
    """``torch.alpha_dropout_(input, p, train)``."""
    return noisy.alpha_dropout(input, p, train, inplace=True)


def feature_alpha_dropout(input: Any, p: float, train: bool) -> Any:
    """``torch.feature_alpha_dropout(input, p, train)``."""
    return noisy.feature_alpha_dropout(input, p, train)


def feature_alpha_dropout_(input: Any, p: float, train: bool) -> Any:
    """``torch.feature_alpha_dropout_(input, p, train)``."""
    return noisy.feature_alpha_dropout(input, p, train, inplace=True)


def rrelu(input: Any, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
          generator: Any = None) -> Any:  # fmt: skip
    """``torch.rrelu(input, lower, upper, training, generator)``."""
    return noisy.rrelu(input, lower, upper, training, generator=generator)


def rrelu_(input: Any, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
           generator: Any = None) -> Any:  # fmt: skip
    """``torch.rrelu_(input, lower, upper, training, generator)``."""
    return noisy.rrelu(input, lower, upper, training, True, generator)


def constant_pad_nd(input: Any, pad: Any, value: float = 0) -> Any:
    """``torch.constant_pad_nd``: ``F.pad`` with a constant."""
    return F.pad(input, pad, "constant", value)


def adaptive_max_pool1d(input: Any, output_size: Any) -> Any:
    """``torch.adaptive_max_pool1d``: the values and their indices."""
    return F.adaptive_max_pool1d(input, output_size, True)


def max_pool1d(input: Any, kernel_size: Any, stride: Any = (), padding: Any = 0,
               dilation: Any = 1, ceil_mode: bool = False) -> Any:  # fmt: skip
    return F.max_pool1d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


def max_pool2d(input: Any, kernel_size: Any, stride: Any = (), padding: Any = 0,
               dilation: Any = 1, ceil_mode: bool = False) -> Any:  # fmt: skip
    return F.max_pool2d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


def max_pool3d(input: Any, kernel_size: Any, stride: Any = (), padding: Any = 0,
               dilation: Any = 1, ceil_mode: bool = False) -> Any:  # fmt: skip
    return F.max_pool3d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


def margin_ranking_loss(input1: Any, input2: Any, target: Any, margin: float = 0.0,
                        reduction: Any = 1) -> Any:  # fmt: skip
    return F.margin_ranking_loss(input1, input2, target, margin, _reduction(reduction))


def hinge_embedding_loss(input: Any, target: Any, margin: float = 1.0, reduction: Any = 1) -> Any:
    return F.hinge_embedding_loss(input, target, margin, _reduction(reduction))


def cosine_embedding_loss(input1: Any, input2: Any, target: Any, margin: float = 0.0,
                          reduction: Any = 1) -> Any:  # fmt: skip
    return F.cosine_embedding_loss(input1, input2, target, margin, _reduction(reduction))


def poisson_nll_loss(input: Any, target: Any, log_input: bool, full: bool, eps: float,
                     reduction: Any) -> Any:  # fmt: skip
    return F.poisson_nll_loss(input, target, log_input, full, eps, _reduction(reduction))


def triplet_margin_loss(anchor: Any, positive: Any, negative: Any, margin: float = 1.0,
                        p: float = 2, eps: float = 1e-6, swap: bool = False,
                        reduction: Any = 1) -> Any:  # fmt: skip
    return F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                                 _reduction(reduction))  # fmt: skip


def kl_div(input: Any, target: Any, reduction: Any = 1, *, log_target: bool = False) -> Any:
    """``torch.kl_div``: the pointwise loss reduced without ``F.kl_div``'s warning about
    ``mean`` (ATen's form does not warn)."""
    r = F.kl_div(input, target, reduction="none", log_target=log_target)
    how = _reduction(reduction)
    return r.mean() if how == "mean" else r.sum() if how == "sum" else r


def ctc_loss(log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any,
             blank: int = 0, reduction: Any = 1, zero_infinity: bool = False) -> Any:  # fmt: skip
    """``torch.ctc_loss``: ``F.ctc_loss`` with the reduction as ATen's number."""
    return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank,
                      _reduction(reduction), zero_infinity)  # fmt: skip


def binary_cross_entropy_with_logits(input: Any, target: Any, weight: Any = None,
                                     pos_weight: Any = None,
                                     reduction: Any = 1) -> Any:  # fmt: skip
    how = _reduction(reduction)
    return F.binary_cross_entropy_with_logits(input, target, weight, reduction=how,
                                              pos_weight=pos_weight)  # fmt: skip


FUNCTIONS: dict[str, Any] = {
    name: getattr(F, name)
    for name in (
        "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
        "conv_transpose3d", "avg_pool1d",
        "adaptive_avg_pool1d", "pixel_shuffle", "pixel_unshuffle", "pdist", "channel_shuffle",
        "bilinear", "cosine_similarity", "pairwise_distance", "threshold", "threshold_", "selu",
        "selu_", "celu_", "rms_norm", "layer_norm", "group_norm", "max_pool1d_with_indices",
        "native_channel_shuffle", "conv_tbc",
    )
}  # fmt: skip
FUNCTIONS.update({
    "batch_norm": batch_norm, "instance_norm": instance_norm, "embedding": embedding,
    "dropout": dropout, "feature_dropout": feature_dropout_, "constant_pad_nd": constant_pad_nd,
    "adaptive_max_pool1d": adaptive_max_pool1d, "max_pool1d": max_pool1d,
    "max_pool2d": max_pool2d, "max_pool3d": max_pool3d, "margin_ranking_loss": margin_ranking_loss,
    "hinge_embedding_loss": hinge_embedding_loss, "cosine_embedding_loss": cosine_embedding_loss,
    "poisson_nll_loss": poisson_nll_loss, "triplet_margin_loss": triplet_margin_loss,
    "kl_div": kl_div, "binary_cross_entropy_with_logits": binary_cross_entropy_with_logits,
    "alpha_dropout": alpha_dropout, "alpha_dropout_": alpha_dropout_, "rrelu": rrelu,
    "feature_alpha_dropout": feature_alpha_dropout, "rrelu_": rrelu_,
    "feature_alpha_dropout_": feature_alpha_dropout_,
    "affine_grid_generator": affine_grid_generator, "grid_sampler": grid_sampler,
    "grid_sampler_2d": grid_sampler_2d, "grid_sampler_3d": grid_sampler_3d, "ctc_loss": ctc_loss,
})  # fmt: skip
