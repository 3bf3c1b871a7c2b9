"""``torch.optim.Adam`` and ``AdamW``: moving averages of the grad and of its square."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer

__all__ = ["Adam", "AdamW"]


class Adam(Optimizer):
    """Adam, ``torch.optim.Adam``'s arguments and formulas (L2 ``weight_decay`` enters the grad).

    ``m`` and ``v``, moving averages of the grad and of its square, are bias-corrected:
    ``p -= lr / (1 - b1**t) * m / (sqrt(v) / sqrt(1 - b2**t) + eps)``.  With ``amsgrad`` the
    largest ``v`` seen so far is used instead of ``v``.
    """

    decoupled = False  # AdamW: the weight decay shrinks p itself, not through the grad

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if eps < 0.0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        for i in (0, 1):
            if not 0.0 <= betas[i] < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "betas": tuple(betas), "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize}  # fmt: skip
        super().__init__(params, defaults)

    def step(self) -> None:
        for group in self.param_groups:
            lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
            for p, g, ar in self.steps(group):
                g = -g if group["maximize"] else g
                if wd and self.decoupled:
                    p.data = ar.r(p.data * ar.r(1.0 - lr * wd))  # param.mul_(1 - lr * wd)
                elif wd:
                    g = ar.fma(wd, p.data, g)  # grad.add(param, alpha=wd)
                state = self.state.get(p)
                if state is None:
                    state = self.state[p] = {"step": 0, "exp_avg": 0.0, "exp_avg_sq": 0.0}
                    if group["amsgrad"]:
                        state["max_exp_avg_sq"] = 0.0
                state["step"] = t = state["step"] + 1
                m = state["exp_avg"] = ar.lerp(state["exp_avg"], g, 1.0 - b1)
                # exp_avg_sq.mul_(b2).addcmul_(grad, grad, value=1 - b2)
                v = ar.fma(ar.r(ar.r(1.0 - b2) * g), g, ar.r(state["exp_avg_sq"] * ar.r(b2)))
                state["exp_avg_sq"] = v
                if group["amsgrad"]:
                    v = state["max_exp_avg_sq"] = max(state["max_exp_avg_sq"], v)
                step_size = lr / (1.0 - b1**t)
                # (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps), as torch/optim/adam.py
                denom = ar.r(ar.r(ar.r(math.sqrt(v)) / ar.r((1.0 - b2**t) ** 0.5)) + ar.r(eps))
                # param.addcdiv_(exp_avg, denom, value=-step_size): p + (value * m) / denom
                p.data = ar.r(p.data + ar.r(ar.r(ar.r(-step_size) * m) / denom))


class AdamW(Adam):
    """AdamW (``torch.optim.AdamW``): Adam whose weight decay shrinks the parameter itself,
    ``p *= 1 - lr * weight_decay``, before the step (default weight_decay 0.01)."""

    decoupled = True

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
