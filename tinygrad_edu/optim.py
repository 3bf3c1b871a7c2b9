"""Optimizers, PyTorch-style: ``SGD`` and ``Adam`` with ``step()`` and ``zero_grad()``.

They update ``.data`` in place from ``.grad``, with PyTorch's formulas (so a run matches
``torch.optim`` step for step in float64). Parameters are Values, or Tensors (each element
Value is updated).

>>> from tinygrad_edu import Value
>>> from tinygrad_edu.optim import SGD
>>> w = Value(1.0)
>>> opt = SGD([w], lr=0.1)
>>> (w * w).backward()
>>> opt.step()
>>> w.data
0.8

The learning rate can change between steps, as with PyTorch's schedulers:
``for g in opt.param_groups: g["lr"] = new_lr``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .engine import Value

__all__ = ["SGD", "Adam", "Optimizer"]


def _check(params: Iterable[Any]) -> list[Any]:
    ps = list(params)
    for p in ps:
        if not isinstance(p, Value) and not hasattr(p, "_values"):
            raise TypeError(f"optimizer params must be Values or Tensors, got {type(p).__name__}")
    if not ps:
        raise ValueError("optimizer got an empty parameter list")
    return ps


class Optimizer:
    """Base: one parameter group (``param_groups[0]``) holding the options; per-Value ``state``."""

    def __init__(self, params: Iterable[Any], defaults: dict[str, Any]) -> None:
        for key in ("lr", "weight_decay"):
            if defaults[key] < 0:
                raise ValueError(f"Invalid {key} value: {defaults[key]}")
        self.params = _check(params)
        self._only_values = all(isinstance(p, Value) for p in self.params)
        self.param_groups = [{"params": self.params, **defaults}]
        self.state: dict[Value, dict[str, Any]] = {}

    def _grads(self) -> Iterable[tuple[Value, float]]:
        """Each scalar to update with its grad; a Tensor without a grad is skipped (PyTorch)."""
        if self._only_values:  # micrograd-style models: the common case, kept cheap
            return [(p, p.grad) for p in self.params]
        out = []
        for p in self.params:
            if isinstance(p, Value):
                out.append((p, p.grad))
            elif p.grad is not None:
                out.extend(zip(p._values, [g.data for g in p.grad._values]))
        return out

    def zero_grad(self) -> None:
        """A Value's grad becomes 0.0, a Tensor's None (PyTorch's ``set_to_none``)."""
        for p in self.params:
            if isinstance(p, Value):
                p.grad = 0.0
            else:
                p.grad = None

    def step(self) -> None:
        raise NotImplementedError


class SGD(Optimizer):
    """Stochastic gradient descent: ``p -= lr * d`` where ``d`` is the grad plus weight decay,
    through a momentum buffer when ``momentum`` > 0 (PyTorch's formulation, no dampening)."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        momentum: float = 0.0,
        weight_decay: float = 0.0,
    ) -> None:
        if momentum < 0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        super().__init__(params, {"lr": lr, "momentum": momentum, "weight_decay": weight_decay})

    def step(self) -> None:
        group = self.param_groups[0]
        lr, momentum, wd = group["lr"], group["momentum"], group["weight_decay"]
        for p, g in self._grads():
            d = g + wd * p.data if wd else g
            if momentum:
                state = self.state.setdefault(p, {})
                buf = state.get("momentum_buffer")
                d = state["momentum_buffer"] = d if buf is None else momentum * buf + d
            p.data -= lr * d


class Adam(Optimizer):
    """Adam: moving averages of the grad and its square, bias-corrected (PyTorch's formulas)."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
    ) -> None:
        if not (0.0 <= betas[0] < 1.0 and 0.0 <= betas[1] < 1.0):
            raise ValueError(f"Invalid beta parameters: {betas}")
        if eps < 0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        defaults = {"lr": lr, "betas": tuple(betas), "eps": eps, "weight_decay": weight_decay}
        super().__init__(params, defaults)

    def step(self) -> None:
        group = self.param_groups[0]
        lr, (b1, b2), eps, wd = group["lr"], group["betas"], group["eps"], group["weight_decay"]
        for p, g in self._grads():
            if wd:
                g = g + wd * p.data
            state = self.state.get(p)
            if state is None:
                state = self.state[p] = {"step": 0, "exp_avg": 0.0, "exp_avg_sq": 0.0}
            state["step"] = t = state["step"] + 1
            m = state["exp_avg"] = state["exp_avg"] + (g - state["exp_avg"]) * (1.0 - b1)  # lerp
            v = state["exp_avg_sq"] = b2 * state["exp_avg_sq"] + (1.0 - b2) * g * g
            step_size = lr / (1.0 - b1**t)
            denom = math.sqrt(v) / math.sqrt(1.0 - b2**t) + eps
            p.data -= step_size * (m / denom)
