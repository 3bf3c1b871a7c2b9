"""``torch.optim.SGD``: plain, with momentum (and dampening, Nesterov), with weight decay."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._torch_cpu.float32_libm import fma
from ..core.engine import Value
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    """Stochastic gradient descent, ``torch.optim.SGD``'s arguments and formulas.

    ``d = grad + weight_decay * p``; with ``momentum`` a buffer ``buf = momentum * buf +
    (1 - dampening) * d`` (just ``d`` on the first step), then ``d = buf``, or ``d + momentum *
    buf`` with ``nesterov``; finally ``p -= lr * d``.

    >>> from tinygrad_edu import Value
    >>> w = Value(1.0)
    >>> opt = SGD([w], lr=0.1)
    >>> (w * w).backward()
    >>> opt.step()
    >>> w.data
    0.8
    """

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable,
                    "fused": fused}  # fmt: skip
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, momentum, wd = group["lr"], group["momentum"], group["weight_decay"]
        ps = group["params"]
        if not (momentum or wd or group["maximize"]) and all(p.__class__ is Value for p in ps):
            # micrograd's step, p -= lr * grad on Values: what the loop below computes for each
            # (a.add(param, grad, -lr), one fused rounding), without a Slot per parameter
            alpha = float(-lr)
            for p in ps:
                p.data = fma(alpha, p.grad, p.data)
            return
        for s in self.slots(group):
            a = s.arith
            d = a.neg(s.grad) if group["maximize"] else s.grad
            if wd != 0:
                d = a.add(d, s.param, wd)
            if momentum != 0:
                buf = s.get("momentum_buffer")
                if buf is None:
                    buf = list(d)  # grad.detach().clone()
                else:
                    buf = a.add(a.mul(buf, momentum), d, 1 - group["dampening"])
                s.set("momentum_buffer", buf)
                d = a.add(d, buf, momentum) if group["nesterov"] else buf
            s.update(a.add(s.param, d, -lr))
