"""``torch.optim.Rprop`` and ``torch.optim.ASGD``: a step size per element grown or shrunk by
the grad's sign, and SGD with a decaying rate and a running average of the parameters, as
PyTorch's single-tensor steps compute them, op for op."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer

__all__ = ["ASGD", "Rprop"]


def _sign(x: float) -> float:
    return 1.0 if x > 0 else -1.0 if x < 0 else x  # nan and +-0 stay


class Rprop(Optimizer):
    """Where the grad kept its sign since the last step, the element's step size grows by
    ``etas[1]``; where it flipped, it shrinks by ``etas[0]`` and that grad is taken as 0; the
    sizes stay within ``step_sizes``; ``p -= sign(g) * step_size``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        etas: tuple[float, float] = (0.5, 1.2),
        step_sizes: tuple[float, float] = (1e-6, 50),
        *,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        if not lr >= 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        (etaminus, etaplus), (lo, hi) = group["etas"], group["step_sizes"]
        for s in self.slots(group):
            a = s.arith
            s.init_step()  # step, prev, step_size
            s.init("prev")
            s.init("step_size", a.scalar(group["lr"]))
            s.step()
            g = a.neg(s.grad) if group["maximize"] else s.grad
            # sign(g * prev): the product rounded first, as the kernel does (it can underflow)
            sign = [_sign(x) for x in a.mul_t(g, s.get("prev"))]
            minus, plus = a.scalar(etaminus), a.scalar(etaplus)
            factor = [plus if x > 0 else minus if x < 0 else 1.0 if x == 0 else x for x in sign]
            lo_, hi_ = a.scalar(lo), a.scalar(hi)
            size = [
                x if x != x else min(max(x, lo_), hi_) for x in a.mul_t(s.get("step_size"), factor)
            ]
            s.set("step_size", size)
            g = [0.0 if f == minus else x for x, f in zip(g, factor)]
            s.update(a.addcmul(s.param, [_sign(x) for x in g], size, -1))
            s.set("prev", g)


class ASGD(Optimizer):
    """Averaged SGD: ``p = p * (1 - lambd*eta) - eta * g``; ``ax`` averages the parameters
    from step ``t0`` on (``mu = 1 / max(1, t - t0)``); ``eta = lr / (1 + lambd*lr*t)**alpha``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        lambd: float = 1e-4,
        alpha: float = 0.75,
        t0: float = 1e6,
        weight_decay: float = 0,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
        capturable: bool = False,
    ) -> None:
        if not lr >= 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not weight_decay >= 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0,
                    "weight_decay": weight_decay, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable, "capturable": capturable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, lambd, wd = group["lr"], group["lambd"], group["weight_decay"]
        for s in self.slots(group):
            a, sa = s.arith, s.scalar_arith()
            s.init_step()  # step, eta, mu, ax
            s.init_scalar("eta", sa.scalar(lr))
            s.init_scalar("mu", 1.0)
            s.init("ax")
            t = s.step()
            g = a.neg(s.grad) if group["maximize"] else s.grad
            if wd != 0:
                g = a.add(g, s.param, wd)
            eta = s.get("eta")[0]
            x = a.add(a.mul(s.param, 1 - lambd * eta), g, -eta)
            s.update(x)
            mu = s.get("mu")[0]
            if mu != 1:
                ax = s.get("ax")
                s.set("ax", a.add(ax, a.mul(a.sub_t(x, ax), mu)))
            else:
                s.set("ax", list(x))
            s.set("eta", [sa.scalar(lr / ((1 + lambd * lr * t) ** group["alpha"]))])
            s.set("mu", [sa.scalar(1 / max(1, t - group["t0"]))])
