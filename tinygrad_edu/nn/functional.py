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

from .. import float32_loss as f32l
from .. import float32_reduce as f32r
from .. import random as draws
from ..dtype import float32, int64
from ..functional import NN_FUNCTIONAL
from ..kernels import float32_arithmetic
from ..tensor import Tensor, stack, tensor
from ..tensor_graph import node_class, result
from .conv import adaptive_avg_pool2d, avg_pool2d, conv2d, max_pool2d
from .sparse import embedding

__all__ = [
    "adaptive_avg_pool2d",
    "avg_pool2d",
    "conv2d",
    "max_pool2d",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "cross_entropy",
    "dropout",
    "embedding",
    "fused",
    "l1_loss",
    "linear",
    "log_softmax",
    "mse_loss",
    "nll_loss",
    "softmax",
    *sorted(NN_FUNCTIONAL),
]

globals().update(NN_FUNCTIONAL)  # relu, tanh, sigmoid, leaky_relu, softplus, silu: the table's


def fused(name: str, r: Tensor, inputs: tuple[Any, ...], **saved: Any) -> Tensor:
    """``r`` under one tensor node named ``name`` over ``inputs`` (PyTorch's fused op)."""
    if r.grad_fn is None:
        return r
    cls = node_class(name, len(inputs), {}, "find")
    return result(r.elements(), r.shape, r.dtype, cls, inputs, **saved)


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
    d = _dim(input, dim)
    z, s = _shifted(input, d)
    r = z.exp() / s
    shape = _last_dim(input, d)
    if shape is not None:
        _as_kernel(r, f32r.softmax, [v.data for v in input.elements()], shape)
    return fused("SoftmaxBackward0", r, (input,), _saved_dim=d)


def log_softmax(input: Tensor, dim: int | None = None, dtype: Any = None) -> Tensor:
    d = _dim(input, dim)
    z, s = _shifted(input, d)
    r = z - s.log()
    shape = _last_dim(input, d)
    if shape is not None:
        _as_kernel(r, f32r.log_softmax, [v.data for v in input.elements()], shape)
    return fused("LogSoftmaxBackward0", r, (input,), _saved_dim=d)


# PyTorch's at::Reduction enum, saved by its loss nodes as ``_saved_reduction``
_REDUCTION = {"none": 0, "mean": 1, "sum": 2}


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
    saved = {"_saved_target": target, "_saved_reduction": _REDUCTION.get(reduction)}
    if input.dim() == 1:
        picked = -input[int(target.item())]
        return fused("NllLossBackward0", picked, (input,), **saved)
    ts = [int(t) for t in target.tolist()]
    r = _reduce(stack([-input[i, t] for i, t in enumerate(ts)]), reduction)
    if reduction == "mean" and input.dim() == 2:  # the loss frame's own cascade sum
        _as_kernel(r, lambda: [f32r.nll_loss([v.data for v in input.elements()], input.shape, ts)])
    return fused("NllLossBackward0", r, (input,), **saved)


def cross_entropy(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """``nll_loss(log_softmax(input, 1), target)``: PyTorch's classification loss."""
    return nll_loss(log_softmax(input, 1 if input.dim() > 1 else 0), target, reduction)


def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    r = _reduce((input - target) ** 2, reduction)
    return fused("MseLossBackward0", r, (input, target), _saved_reduction=_REDUCTION[reduction])


def l1_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    return _reduce((input - target).abs(), reduction)  # PyTorch: MeanBackward0 over AbsBackward0


def binary_cross_entropy(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """``-(t*log(p) + (1-t)*log(1-p))``, each log clamped at -100 as PyTorch clamps it."""
    lp, lq = _clamp_log(input.log()), _clamp_log((1.0 - input).log())
    r = _reduce(-(target * lp + (1.0 - target) * lq), reduction)
    if input.shape == target.shape:
        xs, ts = [v.data for v in input.elements()], [v.data for v in target.elements()]
        _as_kernel(r, lambda: f32l.reduced(f32l.binary_cross_entropy(xs, ts), reduction))
    return fused("BinaryCrossEntropyBackward0", r, (input, target),
                 _saved_reduction=_REDUCTION[reduction])  # fmt: skip


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
    r = _reduce(input.relu() - input * target + (-input.abs()).exp().log1p(), reduction)
    if input.shape == target.shape:
        xs, ts = [v.data for v in input.elements()], [v.data for v in target.elements()]
        bce = f32l.binary_cross_entropy_with_logits
        _as_kernel(r, lambda: f32l.reduced(bce(xs, ts), reduction))
    return fused("BinaryCrossEntropyWithLogitsBackward0", r, (input, target),
                 _saved_reduction=_REDUCTION[reduction])  # fmt: skip


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``: PyTorch's ``AddmmBackward0`` (``MmBackward0`` without bias)."""
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
