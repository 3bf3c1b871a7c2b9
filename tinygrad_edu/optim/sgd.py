"""``torch.optim.SGD``: plain, with momentum (and dampening, Nesterov), with weight decay."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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
        momentum: float = 0.0,
        dampening: float = 0.0,
        weight_decay: float = 0.0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov,
                    "maximize": maximize}  # fmt: skip
        super().__init__(params, defaults)

    def step(self) -> None:
        for group in self.param_groups:
            lr, momentum, wd = group["lr"], group["momentum"], group["weight_decay"]
            dampening, nesterov = group["dampening"], group["nesterov"]
            for p, g, ar in self.steps(group):
                d = -g if group["maximize"] else g
                if wd:
                    d = ar.fma(wd, p.data, d)  # grad.add(param, alpha=wd)
                if momentum:
                    state = self.state.setdefault(p, {})
                    buf = state.get("momentum_buffer")
                    if buf is None:  # torch.clone(grad)
                        buf = d
                    else:  # buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                        buf = ar.fma(1.0 - dampening, d, ar.r(buf * ar.r(momentum)))
                    state["momentum_buffer"] = buf
                    d = ar.fma(momentum, buf, d) if nesterov else buf
                p.data = ar.fma(-lr, d, p.data)  # param.add_(grad, alpha=-lr)
