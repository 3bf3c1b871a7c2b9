"""``torch.optim.Adafactor`` (Shazeer and Stern, 2018): Adam's second moment kept as a row and
a column factor for a matrix, a step size relative to the parameter's size and an update
clipped by its RMS; PyTorch 2.13's single-tensor step (``torch/optim/_adafactor.py``), op for
op."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._tensor.dtype import float32, float64
from .._tensor.tensor import Tensor
from .._torch_cpu.optim_arith import norm2_float64
from ..core.grad_mode import no_grad
from .optimizer import Optimizer, Slot

__all__ = ["Adafactor"]

_EPS = {"float32": 1.1920928955078125e-07, "float64": 2.220446049250313e-16}  # finfo(dt).eps


def _norm(s: Slot, data: list[float], shape: tuple[int, ...], dim: int | None) -> list[float]:
    """``torch.norm`` of numbers of the parameter's dtype. The whole tensor's: the tensor
    layer's float32 reduction, or the float64 kernel's order. Along one of the last two dims:
    the kernel's scalar loop, each square rounded and added in order, then the square root
    (measured: every column norm and most row norms of PyTorch's)."""
    if dim is None:
        if s.p.dtype is float64:
            return [norm2_float64(data)]
        with no_grad():
            return [s.new_tensor(data, shape).norm(2).item()]
    a = s.arith
    rows, cols = shape[-2], shape[-1]
    out: list[float] = []
    for b in range(len(data) // (rows * cols)):
        m = data[b * rows * cols : (b + 1) * rows * cols]
        lines = ([m[r * cols : (r + 1) * cols] for r in range(rows)] if dim == -1
                 else [m[c::cols] for c in range(cols)])  # fmt: skip
        for line in lines:
            acc = 0.0
            for sq in a.mul_t(line, line):
                acc = a.add_scalar([acc], sq)[0]
            out += a.sqrt([acc])
    return out


class Adafactor(Optimizer):
    """``p -= alpha / max(1, RMS(u) / d) * u`` with ``u = g / sqrt(v)``: ``v`` the second
    moment (for a matrix, the outer product of its row and column means over their mean),
    decayed by ``step ** beta2_decay``; ``alpha = max(eps2, RMS(p)) * min(lr, 1 / sqrt(step))``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        beta2_decay: float = -0.8,
        eps: tuple[float | None, float] = (None, 1e-3),
        d: float = 1.0,
        weight_decay: float = 0.0,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
    ) -> None:
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not lr >= 0.0:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not beta2_decay <= 0.0:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not eps[0] >= 0.0:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not eps[1] >= 0.0:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not d >= 1.0:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not weight_decay >= 0.0:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        defaults = {"lr": lr, "beta2_decay": beta2_decay, "eps": eps, "d": d,
                    "weight_decay": weight_decay, "foreach": foreach,
                    "maximize": maximize}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, decay, d, wd = group["lr"], group["beta2_decay"], group["d"], group["weight_decay"]
        eps1, eps2 = group["eps"]
        for s in self.slots(group):
            if not s.is_tensor:
                raise TypeError("Adafactor takes Tensor parameters")
            a = s.arith
            shape = tuple(s.p.shape)
            s.init_step()
            if len(shape) > 1:
                s.init_shaped("row_var", (*shape[:-1], 1))
                s.init_shaped("col_var", (*shape[:-2], 1, shape[-1]))
            else:
                s.init("variance")
            g = a.neg(s.grad) if group["maximize"] else s.grad
            e1 = _EPS["float32" if s.p.dtype is float32 else "float64"] if eps1 is None else eps1
            step = s.step()
            one_minus_beta2_t = step**decay
            rho_t = min(lr, 1 / (step**0.5))
            n = len(s.param)
            alpha = max(eps2, _norm(s, s.param, shape, None)[0] / (n**0.5)) * rho_t
            param = a.mul(s.param, 1 - lr * wd) if wd != 0 else s.param
            if len(shape) > 1:
                rows, cols = shape[-2], shape[-1]
                row_mean = a.div(a.mul_t(*[_norm(s, g, shape, -1)] * 2), cols)
                row_var = a.lerp(s.get("row_var"), row_mean, one_minus_beta2_t)
                s.set("row_var", row_var)
                col_mean = a.div(a.mul_t(*[_norm(s, g, shape, -2)] * 2), rows)
                col_var = a.lerp(s.get("col_var"), col_mean, one_minus_beta2_t)
                s.set("col_var", col_var)
                est = _outer_over_mean(s, row_var, col_var, shape, e1)
            else:
                variance = a.lerp(s.get("variance"), a.mul_t(g, g), one_minus_beta2_t)
                s.set("variance", variance)
                est = list(variance)
            lo = a.scalar(e1 * e1)
            est = [x if x != x else max(x, lo) for x in est]
            update = a.mul_t(a.div_t([1.0] * n, a.sqrt(est)), g)  # rsqrt: 1 / sqrt, then * g
            denom = max(1.0, _norm(s, update, shape, None)[0] / ((n**0.5) * d))
            s.update(a.add(param, update, -alpha / denom))


def _outer_over_mean(s: Slot, row_var: list[float], col_var: list[float],
                     shape: tuple[int, ...], eps1: float) -> list[float]:  # fmt: skip
    """``(row_var @ col_var).div_(row_var.mean(dim=-2, keepdim=True).clamp_(min=eps1))``: the
    matmul of a column by a row is one product per element."""
    a = s.arith
    rows, cols = shape[-2], shape[-1]
    out: list[float] = []
    for b in range(len(row_var) // rows):
        r = row_var[b * rows : (b + 1) * rows]
        c = col_var[b * cols : (b + 1) * cols]
        acc = 0.0  # a reduction over dim -2: each output's elements added in order
        for x in r:
            acc = a.add_scalar([acc], x)[0]
        mean = a.div([acc], rows)[0]
        mean = max(mean, a.scalar(eps1)) if mean == mean else mean
        outer = a.mul_t([x for x in r for _ in c], [y for _ in r for y in c])
        out += a.div(outer, mean)
    return out
