"""The connectionist temporal classification loss (``F.ctc_loss``, ``nn.CTCLoss``,
``torch.ctc_loss``): minus the log of the summed probability of every alignment of an input
sequence to a shorter target, computed as ATen's CPU kernel does (Graves et al.'s alpha
recursion in log space for the loss, the beta recursion for its gradient).

>>> import tinygrad_edu as torch
>>> lp = torch.tensor([[[0.0, -9.0]], [[-9.0, 0.0]]])  # (T=2, N=1, C=2): blank, then label 1
>>> torch.nn.functional.ctc_loss(lp, torch.tensor([[1]]), [2], [1], reduction="sum")
tensor(-0.0001)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .._tensor.dtype import float64
from .._tensor.ops.selection import where
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu.float32_libm import f32
from ..core.engine import apply
from ..core.ops import NARY

__all__ = ["ctc_loss"]

_NEGINF = -math.inf
_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x: float) -> float:
    return math.log(x) if x > 0.0 else _NEGINF if x == 0.0 else math.nan


class _Kernel:
    """One batch element's recursions in the number format of the input (std::exp and
    std::log of that format, every sum rounded)."""

    def __init__(self, lp: list[list[float]], labels: list[int], blank: int,
                 rd: Callable[[float], float]) -> None:  # fmt: skip
        self.lp, self.rd, self.blank = lp, rd, blank
        self.primes = [blank if s % 2 == 0 else labels[s // 2] for s in range(2 * len(labels) + 1)]

    def exp(self, x: float) -> float:
        return self.rd(_exp(x))

    def log(self, x: float) -> float:
        return self.rd(_log(x))

    def logsumexp3(self, a: float, b: float, c: float) -> float:
        m = max(a, b, c)
        m = 0.0 if m == _NEGINF else m  # cannot do -inf - -inf
        rd, ex = self.rd, self.exp
        return rd(self.log(rd(rd(ex(rd(a - m)) + ex(rd(b - m))) + ex(rd(c - m)))) + m)

    def alpha(self, length: int) -> tuple[float, list[list[float]]]:
        """The negative log likelihood and the alphas (Graves et al. eq. 6-8)."""
        lp, pr, rd = self.lp, self.primes, self.rd
        n_s = len(pr)
        if length == 0:
            return (0.0 if n_s == 1 else math.inf), []
        la = [[_NEGINF] * n_s for _ in range(length)]
        la[0][0] = lp[0][self.blank]
        if n_s > 1:
            la[0][1] = lp[0][pr[1]]
        for t in range(1, length):
            prev = la[t - 1]
            for s in range(n_s):
                a2 = prev[s - 1] if s > 0 else _NEGINF
                a3 = prev[s - 2] if s > 1 and pr[s - 2] != pr[s] else _NEGINF
                la[t][s] = rd(self.logsumexp3(prev[s], a2, a3) + lp[t][pr[s]])
        if n_s == 1:
            return -la[length - 1][0], la
        l1, l2 = la[length - 1][n_s - 1], la[length - 1][n_s - 2]
        m = max(l1, l2)
        m = 0.0 if m == _NEGINF else m
        ll = rd(self.log(rd(self.exp(rd(l1 - m)) + self.exp(rd(l2 - m)))) + m)
        return -ll, la

    def slopes(self, length: int, nll: float, la: list[list[float]]) -> list[list[float]]:
        """d nll / d log_probs[t][c] for t < length (eq. 10-16, ATen's order of ops)."""
        lp, pr, rd = self.lp, self.primes, self.rd
        n_s, n_c = len(pr), len(lp[0]) if lp else 0
        coll = [[_NEGINF] * n_c for _ in range(length)]
        if length == 0:
            return coll
        lb = [[_NEGINF] * n_s for _ in range(length)]
        last = length - 1
        lb[last][n_s - 1] = lp[last][self.blank]
        coll[last][self.blank] = rd(la[last][n_s - 1] + lb[last][n_s - 1])
        if n_s > 1:
            c = pr[n_s - 2]
            lb[last][n_s - 2] = lp[last][c]
            coll[last][c] = rd(la[last][n_s - 2] + lb[last][n_s - 2])
        for t in range(length - 2, -1, -1):
            nxt = lb[t + 1]
            for s in range(n_s - 1, -1, -1):
                c = pr[s]
                b2 = nxt[s + 1] if s < n_s - 1 else _NEGINF
                b3 = nxt[s + 2] if s < n_s - 2 and pr[s + 2] != c else _NEGINF
                lb[t][s] = rd(self.logsumexp3(nxt[s], b2, b3) + lp[t][c])
                ab = rd(la[t][s] + lb[t][s])
                have = coll[t][c]
                if have == _NEGINF:
                    coll[t][c] = ab
                else:
                    m = max(have, ab)
                    both = rd(self.exp(rd(have - m)) + self.exp(rd(ab - m)))
                    coll[t][c] = rd(self.log(both) + m)
        return [[rd(self.exp(lp[t][c]) - self.exp(rd(rd(coll[t][c] + nll) - lp[t][c])))
                 for c in range(n_c)] for t in range(length)]  # fmt: skip


def _ints(x: Any) -> list[int]:
    if isinstance(x, Tensor):
        if x.is_floating_point() or x.dtype.name == "bool":
            raise RuntimeError("input_lengths must be integral")
        return [int(v) for v in x.reshape(-1).tolist()]
    return [int(v) for v in ([x] if isinstance(x, int) else x)]


def _nll(log_probs: Tensor, targets: Tensor, input_lengths: list[int],
         target_lengths: list[int], blank: int, zero_infinity: bool) -> Tensor:  # fmt: skip
    """ATen's ``_ctc_loss``: each batch element's negative log likelihood, one
    ``CtcLossBackward0`` node over ``log_probs``."""
    t_max, n, n_c = log_probs.shape
    if not 0 <= blank < n_c:
        raise RuntimeError("blank must be in label range")
    if len(input_lengths) != n:
        raise RuntimeError("input_lengths must be of size batch_size")
    if len(target_lengths) != n:
        raise RuntimeError("target_lengths must be of size batch_size")
    flat = [int(v) for v in targets.reshape(-1).tolist()]
    rd = _keep if log_probs.dtype is float64 else f32
    xs = log_probs.elements()
    out, pos = [], 0
    for b in range(n):
        length, tl = input_lengths[b], target_lengths[b]
        if length > t_max:
            raise RuntimeError(
                f"Expected input_lengths to have value at most {t_max}, but got value {length} "
                "(while checking arguments for ctc_loss_allocate_outputs)"
            )
        if targets.dim() == 1:
            labels, pos = flat[pos : pos + tl], pos + tl
        else:
            row = targets.shape[1]
            labels = flat[b * row : b * row + tl]
        cells = [[xs[(t * n + b) * n_c + c] for c in range(n_c)] for t in range(length)]
        k = _Kernel([[v.data for v in row] for row in cells], labels, blank, rd)
        nll, la = k.alpha(length)
        if zero_infinity and nll == math.inf:
            parts: list[tuple[Any, float]] = []
        else:
            grads = k.slopes(length, nll, la)
            parts = [(cells[t][c], grads[t][c]) for t in range(length) for c in range(n_c)]
        ws, vs = [d for _, d in parts], [v for v, _ in parts]
        out.append(apply(NARY["affine"], (*ws, *vs, 0.0), result=nll))
    node = node_class("CtcLossBackward0", 1, {"_saved_log_probs": 0}, "find")
    return result(out, (n,), log_probs.dtype, node, (log_probs,), _saved_blank=blank,
                  _saved_zero_infinity=zero_infinity)  # fmt: skip


def _keep(x: float) -> float:
    return x


def ctc_loss(
    log_probs: Tensor, targets: Tensor, input_lengths: Any, target_lengths: Any,
    blank: int = 0, reduction: str = "mean", zero_infinity: bool = False,
) -> Tensor:  # fmt: skip
    """``log_probs`` (T, N, C) of log-softmaxed scores against ``targets`` (N, S, or all
    targets concatenated); "mean" divides each loss by its target length, then averages."""
    if isinstance(reduction, int):
        reduction = _REDUCTIONS[reduction]
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    ils, tls = _ints(input_lengths), _ints(target_lengths)
    res = _nll(lp, targets, ils, tls, blank, zero_infinity)
    if zero_infinity:
        res = where(res == math.inf, tensor(0.0, dtype=res.dtype), res)
    if reduction == "mean":
        return (res / tensor(tls, dtype=res.dtype).clamp_min(1)).mean()
    if reduction == "sum":
        return res.sum()
    return res if batched else res.squeeze(0)
