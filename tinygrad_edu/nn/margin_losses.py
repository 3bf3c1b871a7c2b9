"""The multi-class margin losses of ``torch.nn.functional``: ``multi_margin_loss``,
``multilabel_margin_loss`` (each one node of PyTorch's name, its numbers those of PyTorch's CPU
kernels, ``aten/src/ATen/native/LossMultiMargin.cpp`` and ``LossMultiLabelMargin.cpp``) and
``triplet_margin_with_distance_loss`` (PyTorch's composition in ``torch/nn/functional.py``).

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> x = torch.tensor([[0.1, 0.2, 0.4, 0.8]], requires_grad=True)
>>> F.multi_margin_loss(x, torch.tensor([3]))
tensor(0.3500, grad_fn=<MultiMarginLossBackward0>)
>>> F.multilabel_margin_loss(x, torch.tensor([[3, 0, -1, 1]]))
tensor(0.8500, grad_fn=<MultilabelMarginLossBackward0>)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._tensor.dtype import C_NAMES, float32, int64
from .._tensor.function import Function
from .._tensor.tensor import Tensor, tensor
from .._torch_cpu.float32_libm import f32
from .functional_ops import fused
from .more_functional import pairwise_distance

__all__ = ["multi_margin_loss", "multilabel_margin_loss", "triplet_margin_with_distance_loss"]

_REDUCTIONS = ("none", "mean", "sum")


def _pick_reduction(size_average: Any, reduce: Any, reduction: str) -> str:
    if size_average is not None or reduce is not None:  # the old arguments' rule
        keep, average = reduce is None or reduce, size_average is None or size_average
        return "none" if not keep else "mean" if average else "sum"
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _frames(input: Tensor) -> tuple[int, int]:
    """(nframe, dim) as the kernels read a 0-d, 1-d or 2-d input."""
    nd = input.dim()
    if not (nd == 0 or (nd == 1 and input.shape[0]) or (nd == 2 and input.shape[1])):
        raise RuntimeError(
            "Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
            f"{list(input.shape)}"
        )
    if nd <= 1:
        return 1, 1 if nd == 0 else input.shape[0]
    return input.shape[0], input.shape[1]


def _check_long(target: Tensor) -> None:
    if target.dtype is not int64:
        raise RuntimeError(f"expected scalar type Long but found {C_NAMES[target.dtype][0]}")


def _tensor_of(values: list[float], like: Tensor, shape: tuple[int, ...]) -> Tensor:
    return tensor(values, dtype=like.dtype).reshape(shape)


def _scaled(
    grads: list[float], go: list[float], dim: int, rnd: Callable[[float], float]
) -> list[float]:
    """The kernels' last loop: each row's gradient times its sample's grad_output (or the one
    grad_output of a reduced loss)."""
    if len(go) == 1:
        return [rnd(v * go[0]) for v in grads]
    return [rnd(v * go[k // dim]) for k, v in enumerate(grads)]


def _margin_z(m: float, xt: float, xd: float, rnd: Callable[[float], float]) -> float:
    return rnd(rnd(m - xt) + xd)  # the kernels' ``margin - input_target + input_data[d]``


class _MultiMargin(Function):
    """``multi_margin_loss`` as PyTorch's CPU kernel computes it, forward and backward."""

    @staticmethod
    def forward(ctx: Any, input: Tensor, ts: list[int], p: int, margin: float,
                ws: list[float] | None, reduction: str,
                shape: tuple[int, ...]) -> Tensor:  # fmt: skip
        rnd = f32 if input.dtype is float32 else float
        dim = input.numel() // len(ts)
        xs = [float(v) for v in input.numbers()]
        m = rnd(margin)
        sums = []
        for i, t in enumerate(ts):
            row, s = xs[i * dim : (i + 1) * dim], 0.0
            for d in range(dim):
                z = _margin_z(m, row[t], row[d], rnd)
                if d != t and z > 0:
                    h = z if p == 1 else rnd(z * z)
                    s = rnd(s + (h if ws is None else rnd(h * ws[t])))
            sums.append(rnd(s / dim))
        if reduction != "none":
            acc = sum(sums)  # a double accumulator for a float input
            sums = [rnd(acc / len(ts) if reduction == "mean" else acc)]
        ctx.spec = (rnd, xs, ts, p, m, ws, reduction, dim, tuple(input.shape))
        return _tensor_of(sums, input, shape)

    @staticmethod
    def backward(ctx: Any, grad: Tensor) -> tuple[Any, ...]:
        rnd, xs, ts, p, m, ws, reduction, dim, shape = ctx.spec
        g = rnd(1.0 / (len(ts) * dim) if reduction == "mean" else 1.0 / dim)
        gx = [0.0] * len(xs)
        for i, t in enumerate(ts):
            row, gt = xs[i * dim : (i + 1) * dim], 0.0
            for d in range(dim):
                z = _margin_z(m, row[t], row[d], rnd)
                if d == t:
                    continue
                if z > 0:
                    h = g if p == 1 else rnd(rnd(2 * g) * z)
                    h = h if ws is None else rnd(h * ws[t])
                    gt = rnd(gt - h)
                    gx[i * dim + d] = h
            gx[i * dim + t] = gt
        go = [float(v) for v in grad.numbers()]
        return (_tensor_of(_scaled(gx, go, dim, rnd), grad, shape),) + (None,) * 6


def multi_margin_loss(
    input: Tensor, target: Tensor, p: int = 1, margin: float = 1.0,
    weight: Tensor | None = None, size_average: Any = None, reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:  # fmt: skip
    """``sum_{d != y} max(0, margin - x[y] + x[d])**p * weight[y] / C`` per sample, ``y`` its
    target class (``MultiMarginLossBackward0``)."""
    reduction = _pick_reduction(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    _check_long(target)
    nframe, dim = _frames(input)
    if target.dim() > 1 or target.numel() != nframe:
        raise RuntimeError(
            "multi_margin_loss: target tensor should be 1-D with size equal to the number of "
            f"input samples (batch size). Expected target size [{nframe}], but got "
            f"{list(target.shape)}. Input has shape {list(input.shape)}."
        )
    if weight is not None and weight.numel() != dim:
        raise RuntimeError(f"inconsistent weight size, expected {dim} but got {list(weight.shape)}")
    ts = [int(t) for t in target.reshape(-1).tolist()]
    if any(not 0 <= t < dim for t in ts):
        raise RuntimeError("target out of range")
    rnd = f32 if input.dtype is float32 else float
    ws = None if weight is None else [rnd(w) for w in weight.tolist()]
    shape = (nframe,) if reduction == "none" and target.dim() > 0 else ()
    r = _MultiMargin.apply(input, ts, p, margin, ws, reduction, shape)
    return fused("MultiMarginLossBackward0", r, (input,))


class _MultilabelMargin(Function):
    """``multilabel_margin_loss`` as PyTorch's CPU kernel computes it, forward and backward."""

    @staticmethod
    def forward(ctx: Any, input: Tensor, labels: list[list[int]], reduction: str,
                shape: tuple[int, ...]) -> Tensor:  # fmt: skip
        rnd = f32 if input.dtype is float32 else float
        nframe = len(labels)
        dim = input.numel() // nframe
        xs = [float(v) for v in input.numbers()]
        sums = []
        for i, js in enumerate(labels):
            row, acc = xs[i * dim : (i + 1) * dim], 0.0  # a double accumulator, as the kernel
            for j in js:
                for d in range(dim):
                    if d not in js:
                        z = _margin_z(1.0, row[j], row[d], rnd)
                        if z > 0:
                            acc += z
            sums.append(rnd(acc))
        if reduction == "none":
            out = [rnd(s / dim) for s in sums]
        else:
            acc = sum(sums) / dim
            out = [rnd(acc / nframe if reduction == "mean" else acc)]
        ctx.spec = (rnd, xs, labels, reduction, dim, tuple(input.shape))
        return _tensor_of(out, input, shape)

    @staticmethod
    def backward(ctx: Any, grad: Tensor) -> tuple[Any, ...]:
        rnd, xs, labels, reduction, dim, shape = ctx.spec
        g = rnd(1.0 / (len(labels) * dim) if reduction == "mean" else 1.0 / dim)
        gx = [0.0] * len(xs)
        for i, js in enumerate(labels):
            o = i * dim
            for j in js:
                for d in range(dim):
                    if d not in js and _margin_z(1.0, xs[o + j], xs[o + d], rnd) > 0:
                        gx[o + j] = rnd(gx[o + j] - g)
                        gx[o + d] = rnd(gx[o + d] + g)
        go = [float(v) for v in grad.numbers()]
        return (_tensor_of(_scaled(gx, go, dim, rnd), grad, shape), None, None, None)


def multilabel_margin_loss(
    input: Tensor, target: Tensor, size_average: Any = None, reduce: Any = None,
    reduction: str = "mean",
) -> Tensor:  # fmt: skip
    """``sum_{j, d} max(0, 1 - x[y_j] + x[d]) / C`` per sample over its target classes ``y_j``
    (the target's leading entries up to the first -1) and the other classes ``d``
    (``MultilabelMarginLossBackward0``)."""
    reduction = _pick_reduction(size_average, reduce, reduction)
    _check_long(target)
    nframe, dim = _frames(input)
    if input.dim() <= 1:
        ok = target.dim() <= 1 and target.numel() == dim
    else:
        ok = target.dim() == 2 and tuple(target.shape) == (nframe, dim)
    if not ok:
        raise RuntimeError(
            f"inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}"
        )
    flat = [int(t) for t in target.reshape(-1).tolist()]
    if flat and (min(flat) < -1 or max(flat) >= dim):
        raise RuntimeError("argument #2 'target' is out of range")
    labels = []
    for i in range(nframe):
        js: list[int] = []
        for t in flat[i * dim : (i + 1) * dim]:
            if t < 0:
                break
            js.append(t)
        labels.append(js)
    shape = (nframe,) if reduction == "none" and target.dim() > 1 else ()
    r = _MultilabelMargin.apply(input, labels, reduction, shape)
    return fused("MultilabelMarginLossBackward0", r, (input,))


def triplet_margin_with_distance_loss(
    anchor: Tensor, positive: Tensor, negative: Tensor, *,
    distance_function: Callable[[Tensor, Tensor], Tensor] | None = None, margin: float = 1.0,
    swap: bool = False, reduction: str = "mean",
) -> Tensor:  # fmt: skip
    """``max(0, margin + d(anchor, positive) - d(anchor, negative))`` for any distance ``d``
    (``pairwise_distance`` by default; with ``swap``, the nearer of the two negatives')."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a, p, n = anchor.dim(), positive.dim(), negative.dim()
    if not a == p == n:
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number "
            f"of dimensions, but got: anchor {a}D, positive {p}D, and negative {n}D inputs"
        )
    dist = pairwise_distance if distance_function is None else distance_function
    dist_pos = dist(anchor, positive)
    dist_neg = dist(anchor, negative)
    if swap:
        dist_swap = dist(positive, negative)
        dist_neg = dist_neg.minimum(dist_swap)
    # 0.0, not 0: the op table's float64 clamp_min keeps an int bound's type
    loss = (margin + dist_pos - dist_neg).clamp_min(0.0)
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.mean()
    return loss
