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
from .tensor import Tensor

__all__ = ["SGD", "Adam", "Optimizer", "zero_grad"]


def _check(params: Iterable[Any]) -> list[Any]:
    ps = list(params)
    for p in ps:
        if not isinstance(p, (Value, Tensor)):
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
                out.extend(zip(p.elements(), [g.data for g in p.grad.elements()]))
        return out

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Clear the grads: see ``zero_grad``."""
        zero_grad(self.params, set_to_none=set_to_none)

    def step(self) -> None:
        raise NotImplementedError


class SGD(Optimizer):
    """Stochastic gradient descent, ``torch.optim.SGD``'s arguments and formulas.

    ``d = grad + weight_decay * p``; with ``momentum`` a buffer ``buf = momentum * buf +
    (1 - dampening) * d`` (just ``d`` on the first step), then ``d = buf``, or ``d + momentum *
    buf`` with ``nesterov``; finally ``p -= lr * d``.
    """

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        momentum: float = 0.0,
        dampening: float = 0.0,
        weight_decay: float = 0.0,
        nesterov: bool = False,
    ) -> None:
        if momentum < 0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        defaults = {
            "lr": lr,
            "momentum": momentum,
            "dampening": dampening,
            "weight_decay": weight_decay,
            "nesterov": nesterov,
        }
        super().__init__(params, defaults)

    def step(self) -> None:
        group = self.param_groups[0]
        lr, momentum, wd = group["lr"], group["momentum"], group["weight_decay"]
        dampening, nesterov = group["dampening"], group["nesterov"]
        for p, g in self._grads():
            d = g + wd * p.data if wd else g
            if momentum:
                state = self.state.setdefault(p, {})
                buf = state.get("momentum_buffer")
                buf = d if buf is None else momentum * buf + (1.0 - dampening) * d
                state["momentum_buffer"] = buf
                d = d + momentum * buf if nesterov else buf
            p.data -= lr * d


class Adam(Optimizer):
    """Adam, ``torch.optim.Adam``'s arguments and formulas (L2 ``weight_decay`` enters the grad).

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
        weight_decay: float = 0.0,
        amsgrad: bool = False,
    ) -> None:
        if not (0.0 <= betas[0] < 1.0 and 0.0 <= betas[1] < 1.0):
            raise ValueError(f"Invalid beta parameters: {betas}")
        if eps < 0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        defaults = {
            "lr": lr,
            "betas": tuple(betas),
            "eps": eps,
            "weight_decay": weight_decay,
            "amsgrad": amsgrad,
        }
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
                if group["amsgrad"]:
                    state["max_exp_avg_sq"] = 0.0
            state["step"] = t = state["step"] + 1
            m = state["exp_avg"] = state["exp_avg"] + (g - state["exp_avg"]) * (1.0 - b1)  # lerp
            v = state["exp_avg_sq"] = b2 * state["exp_avg_sq"] + (1.0 - b2) * g * g
            if group["amsgrad"]:
                v = state["max_exp_avg_sq"] = max(state["max_exp_avg_sq"], v)
            step_size = lr / (1.0 - b1**t)
            denom = math.sqrt(v) / math.sqrt(1.0 - b2**t) + eps
            p.data -= step_size * (m / denom)


def zero_grad(params: Iterable[Any], *, set_to_none: bool = True) -> None:
    """Clear the grads of ``params``, as ``optimizer.zero_grad()`` and ``module.zero_grad()`` do.

    A Value's grad becomes 0.0 (micrograd: a Value always has a number).  A Tensor's grad
    becomes None, PyTorch's default; with ``set_to_none=False`` it is zeroed in place instead.

    >>> from tinygrad_edu import tensor
    >>> w = tensor([1.0, 2.0], requires_grad=True)
    >>> (w * w).sum().backward()
    >>> zero_grad([w], set_to_none=False)
    >>> w.grad
    tensor([0., 0.])
    >>> zero_grad([w])
    >>> w.grad is None
    True
    """
    for p in params:
        if isinstance(p, Value):
            p.grad = 0.0
        elif set_to_none:
            p.grad = None
        elif p.grad is not None:
            p.grad.zero_()
