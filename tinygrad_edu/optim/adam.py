"""``torch.optim.Adam`` and ``AdamW``: moving averages of the grad and of its square."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer

__all__ = ["Adam", "AdamW"]


class Adam(Optimizer):
    """Adam, ``torch.optim.Adam``'s arguments and formulas (L2 ``weight_decay`` enters the grad;
    ``decoupled_weight_decay=True`` is AdamW's).

    ``m`` and ``v``, moving averages of the grad and of its square, are bias-corrected:
    ``p -= lr / (1 - b1**t) * m / (sqrt(v) / sqrt(1 - b2**t) + eps)``.  With ``amsgrad`` the
    largest ``v`` seen so far is used instead of ``v``.
    """

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        amsgrad: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
        decoupled_weight_decay: bool = False,
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
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                    "capturable": capturable, "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        for s in self.slots(group):
            a, t = s.arith, s.step()  # the state in PyTorch's order: step, exp_avg, ...
            for key in ("exp_avg", "exp_avg_sq", "max_exp_avg_sq")[: 3 if group["amsgrad"] else 2]:
                s.init(key)
            g = a.neg(s.grad) if group["maximize"] else s.grad
            x = s.param
            if wd != 0:
                if group["decoupled_weight_decay"]:
                    x = a.mul(x, 1 - lr * wd)
                else:
                    g = a.add(g, x, wd)
            m = a.lerp(s.get("exp_avg"), g, 1 - b1)
            v = a.addcmul(a.mul(s.get("exp_avg_sq"), b2), g, g, 1 - b2)
            s.set("exp_avg", m)
            s.set("exp_avg_sq", v)
            step_size = lr / (1 - b1**t)
            bias_correction2_sqrt = (1 - b2**t) ** 0.5
            if group["amsgrad"]:
                v = a.maximum(s.get("max_exp_avg_sq"), v)
                s.set("max_exp_avg_sq", v)
            denom = a.add_scalar(a.div(a.sqrt(v), bias_correction2_sqrt), eps)
            s.update(a.addcdiv(x, m, denom, -step_size))


class AdamW(Adam):
    """AdamW (``torch.optim.AdamW``): Adam whose weight decay shrinks the parameter itself,
    ``p *= 1 - lr * weight_decay``, before the step (default weight_decay 0.01)."""

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
        foreach: bool | None = None,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach,
                         maximize=maximize, capturable=capturable, differentiable=differentiable,
                         fused=fused, decoupled_weight_decay=True)  # fmt: skip
