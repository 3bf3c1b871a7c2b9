"""``torch.optim.NAdam`` and ``torch.optim.RAdam``: Adam with Nesterov momentum, and Adam with
its early steps' variance rectified, as PyTorch's single-tensor steps compute them, op for op."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer

__all__ = ["NAdam", "RAdam"]


def _check(lr: float, betas: tuple[float, float], eps: float, weight_decay: float) -> None:
    if not lr >= 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if not eps >= 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    for i in (0, 1):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")
    if not weight_decay >= 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class NAdam(Optimizer):
    """``mu_t = b1 * (1 - 0.5 * 0.96**(t * momentum_decay))``, their running product in the
    state (``mu_product``); the step mixes the grad and ``m`` by the current and the next
    ``mu``: ``p -= lr * ((1-mu)/(1-prod) * g + mu_next/(1-prod*mu_next) * m) / (sqrt(v/bc2)
    + eps)``, as two ``addcdiv`` in PyTorch's order."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 2e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum_decay: float = 4e-3,
        decoupled_weight_decay: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check(lr, betas, eps, weight_decay)
        if not momentum_decay >= 0.0:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "momentum_decay": momentum_decay,
                    "decoupled_weight_decay": decoupled_weight_decay, "maximize": maximize,
                    "foreach": foreach, "capturable": capturable,
                    "differentiable": differentiable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        for s in self.slots(group):
            a = s.arith
            s.init_step()  # the state in PyTorch's order: step, mu_product, exp_avg, exp_avg_sq
            s.init_scalar("mu_product", 1.0)
            s.init("exp_avg")
            s.init("exp_avg_sq")
            t = s.step()
            g = a.neg(s.grad) if group["maximize"] else s.grad
            x = s.param
            bias_correction2 = 1 - b2**t
            if wd != 0:
                if group["decoupled_weight_decay"]:
                    x = a.mul(x, 1 - lr * wd)
                else:
                    g = a.add(g, x, wd)
            mu = b1 * (1.0 - 0.5 * (0.96 ** (t * group["momentum_decay"])))
            mu_next = b1 * (1.0 - 0.5 * (0.96 ** ((t + 1) * group["momentum_decay"])))
            # the product is a scalar tensor of its own dtype, rounded there at each step
            prod = s.scalar_arith().mul(s.get("mu_product"), mu)
            s.set("mu_product", prod)
            m = a.lerp(s.get("exp_avg"), g, 1 - b1)
            v = a.addcmul(a.mul(s.get("exp_avg_sq"), b2), g, g, 1 - b2)
            s.set("exp_avg", m)
            s.set("exp_avg_sq", v)
            denom = a.add_scalar(a.sqrt(a.div(v, bias_correction2)), eps)
            prod_next = prod[0] * mu_next
            x = a.addcdiv(x, g, denom, -lr * (1.0 - mu) / (1.0 - prod[0]))
            s.update(a.addcdiv(x, m, denom, (-lr * mu_next) / (1.0 - prod_next)))


class RAdam(Optimizer):
    """Adam whose adaptive step is used only once the approximated length of the moving
    average ``rho_t`` is over 5, scaled by the rectification ``r_t``; before that, the step is
    momentum SGD on the bias-corrected ``m``."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        decoupled_weight_decay: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check(lr, betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "maximize": maximize, "foreach": foreach, "capturable": capturable,
                    "decoupled_weight_decay": decoupled_weight_decay,
                    "differentiable": differentiable}  # fmt: skip
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        for s in self.slots(group):
            a = s.arith
            s.init_step()
            s.init("exp_avg")
            s.init("exp_avg_sq")
            t = s.step()
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
            bias_correction1 = 1 - b1**t
            bias_correction2 = 1 - b2**t
            corrected = a.div(m, bias_correction1)
            rho_inf = 2 / (1 - b2) - 1
            rho_t = rho_inf - 2 * t * (b2**t) / bias_correction2
            if rho_t > 5.0:
                rect = ((rho_t - 4) * (rho_t - 2) * rho_inf
                        / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5  # fmt: skip
                # (bc2 ** 0.5) / (sqrt(v) + eps): a Python number over a tensor
                root = a.scalar(bias_correction2**0.5)
                adaptive = a.div_t([root] * len(v), a.add_scalar(a.sqrt(v), eps))
                upd = a.mul(a.mul_t(a.mul(corrected, lr), adaptive), rect)
            else:
                upd = a.mul(corrected, lr)
            s.update(a.add(x, upd, -1.0))
