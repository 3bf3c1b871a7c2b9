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

from typing import Any

from .. import random as draws
from ..dtype import int64
from ..functional import NN_FUNCTIONAL
from ..tensor import Tensor, stack, tensor
from .functional_ops import (
    celu,
    elu,
    fused,
    gelu,
    hardsigmoid,
    hardswish,
    hardtanh,
    leaky_relu,
    logsigmoid,
    mish,
    normalize,
    one_hot,
    pad,
    relu,
    relu6,
    selu,
    silu,
    softplus,
    softsign,
    tanhshrink,
)

__all__ = [
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "celu",
    "cross_entropy",
    "dropout",
    "elu",
    "fused",
    "gelu",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "l1_loss",
    "leaky_relu",
    "linear",
    "log_softmax",
    "logsigmoid",
    "mish",
    "mse_loss",
    "nll_loss",
    "normalize",
    "one_hot",
    "pad",
    "relu",
    "relu6",
    "selu",
    "silu",
    "softmax",
    "softmin",
    "softplus",
    "softsign",
    "tanhshrink",
]
__all__ += sorted(set(NN_FUNCTIONAL) - set(__all__))  # tanh, sigmoid: the table's

# tanh and sigmoid are the table's as they are; the other activations take PyTorch's own
# arguments (inplace=, approximate=), so they come from functional_ops
globals().update({k: f for k, f in NN_FUNCTIONAL.items() if k not in globals()})


def _dim(x: Tensor, dim: int | None) -> int:
    if dim is None:  # PyTorch's legacy choice, with a warning there
        dim = 0 if x.dim() in (0, 1, 3) else 1
    return dim % max(x.dim(), 1)


def _row_max(x: Tensor, dim: int) -> Tensor:
    """The max along ``dim`` as a constant (keepdim): it cancels out of softmax's gradient."""
    if x.dim() == 1:
        return tensor([max(x.tolist())], dtype=x.dtype)
    if x.dim() != 2:
        raise NotImplementedError("softmax and log_softmax take 1-d or 2-d tensors here")
    rows = x.tolist()
    if dim == 1:
        return tensor([[max(r)] for r in rows], dtype=x.dtype)
    return tensor([[max(c) for c in zip(*rows)]], dtype=x.dtype)


def _shifted(x: Tensor, dim: int) -> tuple[Tensor, Tensor]:
    z = x - _row_max(x.detach(), dim)
    return z, z.exp().sum(dim, keepdim=True)


def softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim)
    z, s = _shifted(input, d)
    return fused("SoftmaxBackward0", z.exp() / s, (input,), _saved_dim=d)


def log_softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim)
    z, s = _shifted(input, d)
    return fused("LogSoftmaxBackward0", z - s.log(), (input,), _saved_dim=d)


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


def nll_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """``-input[i, target[i]]``, averaged: the loss on log-probabilities."""
    if target.dtype is not int64:
        raise RuntimeError(f"expected scalar type Long but found {target.dtype.name.capitalize()}")
    if input.dim() == 1:
        picked = -input[int(target.item())]
        return fused("NllLossBackward0", picked, (input,))
    rows = [-input[i, int(t)] for i, t in enumerate(target.tolist())]
    return fused("NllLossBackward0", _reduce(stack(rows), reduction), (input,))


def cross_entropy(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """``nll_loss(log_softmax(input, 1), target)``: PyTorch's classification loss."""
    return nll_loss(log_softmax(input, 1 if input.dim() > 1 else 0), target, reduction)


def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    return fused("MseLossBackward0", _reduce((input - target) ** 2, reduction), (input, target))


def l1_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    return _reduce((input - target).abs(), reduction)  # PyTorch: MeanBackward0 over AbsBackward0


def binary_cross_entropy(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """``-(t*log(p) + (1-t)*log(1-p))``, each log clamped at -100 as PyTorch clamps it."""
    lp, lq = _clamp_log(input.log()), _clamp_log((1.0 - input).log())
    r = -(target * lp + (1.0 - target) * lq)
    return fused("BinaryCrossEntropyBackward0", _reduce(r, reduction), (input, target))


def _clamp_log(x: Tensor) -> Tensor:
    low = [v.data < -100.0 for v in x.elements()]
    if not any(low):
        return x
    keep = tensor([0.0 if d else 1.0 for d in low], dtype=x.dtype).view(*x.shape)
    return x * keep + tensor([-100.0 if d else 0.0 for d in low], dtype=x.dtype).view(*x.shape)


def binary_cross_entropy_with_logits(
    input: Tensor, target: Tensor, reduction: str = "mean"
) -> Tensor:
    """The stable form: ``max(x, 0) - x*t + log(1 + exp(-|x|))``."""
    r = input.relu() - input * target + (-input.abs()).exp().log1p()
    return fused("BinaryCrossEntropyWithLogitsBackward0", _reduce(r, reduction), (input, target))


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: PyTorch's ``AddmmBackward0`` (``MmBackward0`` without bias);
    a batch of more than 2 dims is folded to rows and viewed back, as PyTorch's ``linear``."""
    if input.dim() > 2:
        rows = linear(input.reshape(-1, input.shape[-1]), weight, bias)
        out = rows.view(*input.shape[:-1], weight.shape[0])
        return out if bias is not None else fused("UnsafeViewBackward0", out, (rows,))
    x = input.unsqueeze(0) if input.dim() == 1 else input
    wt = weight.t()
    r = x @ wt
    if bias is not None:
        r = fused("AddmmBackward0", r + bias, (bias, x, wt))
    else:
        r = fused("MmBackward0", r, (x, wt))
    if input.dim() == 1:
        return r.view(weight.shape[0]) if bias is not None else r.squeeze(0)
    return r


def dropout(input: Tensor, p: float = 0.5, training: bool = True, generator: Any = None) -> Tensor:
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0.0:
        return input
    noise = draws.dropout_noise(generator, input.numel(), p, input.dtype.name)
    return input * tensor(noise, dtype=input.dtype).view(*input.shape)
