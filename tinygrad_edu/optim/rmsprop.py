"""``torch.optim.RMSprop`` and ``torch.optim.Adagrad``: steps scaled by the grad's size so far."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer, Slot

__all__ = ["Adagrad", "RMSprop"]


def _check(lr: float, eps: float, weight_decay: float) -> None:
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class RMSprop(Optimizer):
    """``sq = alpha*sq + (1-alpha)*g*g``; ``p -= lr * g / (sqrt(sq) + eps)`` (PyTorch's order),
    with ``centered`` (the grad's own average taken out) and ``momentum``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        alpha: float = 0.99,
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum: float = 0,
        centered: bool = False,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check(lr, eps, weight_decay)
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if alpha < 0.0:
            raise ValueError(f"Invalid alpha value: {alpha}")
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps,
                    "centered": centered, "weight_decay": weight_decay,
                    "capturable": capturable, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, alpha, eps, wd = group["lr"], group["alpha"], group["eps"], group["weight_decay"]
        momentum = group["momentum"]
        for s in self.slots(group):
            a = s.arith
            s.step()
            s.init("square_avg")
            if momentum > 0:
                s.init("momentum_buffer")
            if group["centered"]:
                s.init("grad_avg")
            g = a.neg(s.grad) if group["maximize"] else s.grad
            if wd != 0:
                g = a.add(g, s.param, wd)
            sq = a.addcmul(a.mul(s.get("square_avg"), alpha), g, g, 1 - alpha)
            s.set("square_avg", sq)
            if group["centered"]:
                ga = a.lerp(s.get("grad_avg"), g, 1 - alpha)
                s.set("grad_avg", ga)
                avg = a.sqrt(a.addcmul(sq, ga, ga, -1))
            else:
                avg = a.sqrt(sq)
            avg = a.add_scalar(avg, eps)
            if momentum > 0:
                buf = a.addcdiv(a.mul(s.get("momentum_buffer"), momentum), g, avg)
                s.set("momentum_buffer", buf)
                s.update(a.add(s.param, buf, -lr))
            else:
                s.update(a.addcdiv(s.param, g, avg, -lr))


class Adagrad(Optimizer):
    """``sum += g*g``; ``p -= clr * g / (sqrt(sum) + eps)`` with ``clr = lr / (1 + (t-1) *
    lr_decay)``, as ``torch.optim.Adagrad`` (whose state exists from the constructor on)."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        lr_decay: float = 0,
        weight_decay: float = 0,
        initial_accumulator_value: float = 0,
        eps: float = 1e-10,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        _check(lr, eps, weight_decay)
        if lr_decay < 0.0:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if initial_accumulator_value < 0.0:
            raise ValueError(
                f"Invalid initial_accumulator_value value: {initial_accumulator_value}"
            )
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable,
                    "fused": fused}  # fmt: skip
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                self._init_state(p)

    def _init_state(self, p: Any) -> None:
        slot = Slot(p, self.state)
        slot.init_step()
        slot.init("sum", self.defaults["initial_accumulator_value"])

    def update(self, group: dict[str, Any]) -> None:
        lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
        for s in self.slots(group):
            a = s.arith
            if s.get("step") is None:  # a group added after the constructor
                self._init_state(s.p)
            t = s.step()
            g = a.neg(s.grad) if group["maximize"] else s.grad
            if wd != 0:
                g = a.add(g, s.param, wd)
            clr = lr / (1 + (t - 1) * group["lr_decay"])
            total = a.addcmul(s.get("sum"), g, g, 1)
            s.set("sum", total)
            std = a.add_scalar(a.sqrt(total), eps)
            s.update(a.addcdiv(s.param, g, std, -clr))
