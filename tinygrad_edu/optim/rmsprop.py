"""``torch.optim.RMSprop`` and ``torch.optim.Adagrad``: steps scaled by the grad's size so far."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ..fmath import fma
from .optimizer import Optimizer, lerp

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
        weight_decay: float = 0.0,
        momentum: float = 0.0,
        centered: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        _check(lr, eps, weight_decay)
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if alpha < 0.0:
            raise ValueError(f"Invalid alpha value: {alpha}")
        defaults = {"lr": lr, "alpha": alpha, "eps": eps, "weight_decay": weight_decay,
                    "momentum": momentum, "centered": centered, "maximize": maximize}  # fmt: skip
        super().__init__(params, defaults)

    def step(self) -> None:
        for group in self.param_groups:
            lr, alpha, eps, wd = group["lr"], group["alpha"], group["eps"], group["weight_decay"]
            momentum = group["momentum"]
            for p, g in self.scalars(group):
                g = -g if group["maximize"] else g
                if wd:
                    g = fma(wd, p.data, g)
                s = self.state.setdefault(p, {"step": 0, "square_avg": 0.0})
                s["step"] += 1
                sq = s["square_avg"] = fma((1.0 - alpha) * g, g, s["square_avg"] * alpha)
                if group["centered"]:
                    ga = s["grad_avg"] = lerp(s.get("grad_avg", 0.0), g, 1.0 - alpha)
                    avg = math.sqrt(fma(-1.0 * ga, ga, sq))
                else:
                    avg = math.sqrt(sq)
                avg = avg + eps
                if momentum > 0:
                    buf = s["momentum_buffer"] = s.get("momentum_buffer", 0.0) * momentum + g / avg
                    p.data = fma(-lr, buf, p.data)
                else:
                    p.data = p.data + -lr * g / avg


class Adagrad(Optimizer):
    """``sum += g*g``; ``p -= clr * g / (sqrt(sum) + eps)`` with ``clr = lr / (1 + (t-1) *
    lr_decay)``, as ``torch.optim.Adagrad``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        lr_decay: float = 0.0,
        weight_decay: float = 0.0,
        initial_accumulator_value: float = 0.0,
        eps: float = 1e-10,
        *,
        maximize: bool = False,
    ) -> None:
        _check(lr, eps, weight_decay)
        if lr_decay < 0.0:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if initial_accumulator_value < 0.0:
            raise ValueError(
                f"Invalid initial_accumulator_value value: {initial_accumulator_value}"
            )
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value,
                    "maximize": maximize}  # fmt: skip
        super().__init__(params, defaults)

    def step(self) -> None:
        for group in self.param_groups:
            lr, eps, wd = group["lr"], group["eps"], group["weight_decay"]
            for p, g in self.scalars(group):
                g = -g if group["maximize"] else g
                init = group["initial_accumulator_value"]
                s = self.state.setdefault(p, {"step": 0, "sum": init})
                s["step"] = t = s["step"] + 1
                if wd:
                    g = fma(wd, p.data, g)
                clr = lr / (1 + (t - 1) * group["lr_decay"])
                total = s["sum"] = fma(1.0 * g, g, s["sum"])
                p.data = p.data + -clr * g / (math.sqrt(total) + eps)
