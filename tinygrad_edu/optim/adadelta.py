"""``torch.optim.Adadelta`` and ``torch.optim.Adamax``: steps sized by running averages, as
PyTorch's single-tensor steps compute them, op for op."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer

__all__ = ["Adadelta", "Adamax"]


def _check(lr: float, eps: float, weight_decay: float) -> None:
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class Adadelta(Optimizer):
    """``sq = rho*sq + (1-rho)*g*g``; ``delta = sqrt(acc + eps) / sqrt(sq + eps) * g``;
    ``acc = rho*acc + (1-rho)*delta*delta``; ``p -= lr * delta``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1.0,
        rho: float = 0.9,
        eps: float = 1e-6,
        weight_decay: float = 0,
        foreach: bool | None = None,
        *,
        capturable: bool = False,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check(lr, eps, weight_decay)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        defaults = {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay,
                    "maximize": maximize, "capturable": capturable, "foreach": foreach,
                    "differentiable": differentiable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, rho, eps, wd = group["lr"], group["rho"], group["eps"], group["weight_decay"]
        for s in self.slots(group):
            a = s.arith
            s.step()
            s.init("square_avg")
            s.init("acc_delta")
            g = a.neg(s.grad) if group["maximize"] else s.grad
            if wd != 0:
                g = a.add(g, s.param, wd)
            sq = a.addcmul(a.mul(s.get("square_avg"), rho), g, g, 1 - rho)
            s.set("square_avg", sq)
            std = a.sqrt(a.add_scalar(sq, eps))
            delta = a.mul_t(a.div_t(a.sqrt(a.add_scalar(s.get("acc_delta"), eps)), std), g)
            s.set("acc_delta", a.addcmul(a.mul(s.get("acc_delta"), rho), delta, delta, 1 - rho))
            s.update(a.add(s.param, delta, -lr))


class Adamax(Optimizer):
    """Adam with the infinity norm: ``m = lerp(m, g, 1-b1)``; ``u = max(b2*u, |g| + eps)``;
    ``p -= lr / (1 - b1**t) * m / u``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 2e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        capturable: bool = False,
    ) -> None:
        _check(lr, eps, weight_decay)
        for i, b in enumerate(betas):
            if not 0.0 <= b < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {b}")
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        for s in self.slots(group):
            a = s.arith
            t = s.step()
            s.init("exp_avg")
            s.init("exp_inf")
            g = a.neg(s.grad) if group["maximize"] else s.grad
            if wd != 0:
                g = a.add(g, s.param, wd)
            m = a.lerp(s.get("exp_avg"), g, 1 - b1)
            s.set("exp_avg", m)
            u = a.maximum(a.mul(s.get("exp_inf"), b2), a.add_scalar([abs(x) for x in g], eps))
            s.set("exp_inf", u)
            clr = lr / (1 - b1**t)
            s.update(a.addcdiv(s.param, m, u, -clr))
