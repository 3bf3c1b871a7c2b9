"""``torch.optim.Muon``: momentum whose update is orthogonalized by a Newton–Schulz iteration,
for the 2-d weights of hidden layers, as PyTorch 2.13's single-tensor step computes it.

The iteration runs in bfloat16, as PyTorch's does: ``G / ||G||``, then ``ns_steps`` times
``A = X X^T``, ``B = b A + c A A``, ``X = a X + B X`` (each ``addmm`` summed in float and
rounded to bfloat16 once, as PyTorch's CPU gemm does). The parameter then decays
(``p *= 1 - lr * weight_decay``) and moves by ``-lr * sqrt(max(1, rows / cols)) * X``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .._more_ops import addmm
from .._tensor.dtype import bfloat16
from ..core.grad_mode import no_grad
from .optimizer import Optimizer, Slot

__all__ = ["Muon"]

# Keller Jordan's coefficients and step count, PyTorch's defaults
EPS = 1e-7
DEFAULT_A, DEFAULT_B, DEFAULT_C = 3.4445, -4.7750, 2.0315
DEFAULT_NS_STEPS = 5


def _zeropower_via_newtonschulz(
    s: Slot, update: list[float], coefficients: tuple[float, float, float], steps: int,
    eps: float,
) -> list[float]:  # fmt: skip
    if steps >= 100:
        raise ValueError("Number of steps must be less than 100 for computational efficiency")
    if len(coefficients) != 3:
        raise ValueError("Coefficients must be a tuple of exactly 3 values")
    a, b, c = coefficients
    rows, cols = s.p.shape
    x = s.new_tensor(update, (rows, cols)).to(bfloat16)
    if rows > cols:
        x = x.T
    with no_grad():
        x = x / x.norm().clamp(min=eps)
        for _ in range(steps):
            gram = x @ x.T
            x = addmm(x, addmm(gram, gram, gram, beta=b, alpha=c), x, beta=a)
    if rows > cols:
        x = x.T
    return [float(v) for v in x.float().reshape(-1).tolist()]


def _adjust_lr(lr: float, adjust_lr_fn: str | None, shape: tuple[int, ...]) -> float:
    rows, cols = shape[:2]
    if adjust_lr_fn is None or adjust_lr_fn == "original":
        ratio = math.sqrt(max(1, rows / cols))
    elif adjust_lr_fn == "match_rms_adamw":
        ratio = 0.2 * math.sqrt(max(rows, cols))
    else:
        ratio = 1.0
    return lr * ratio


class Muon(Optimizer):
    """Muon, for 2-d parameters only (biases and embeddings go to AdamW, as PyTorch's
    documentation says).

    >>> import tinygrad_edu as torch
    >>> w = torch.nn.Parameter(torch.tensor([[3.0, 0.0], [0.0, 4.0]]))
    >>> opt = torch.optim.Muon([w], lr=0.1, weight_decay=0.0)
    >>> w.grad = torch.tensor([[3.0, 0.0], [0.0, 4.0]])
    >>> opt.step()
    >>> w
    Parameter containing:
    tensor([[2.9305, 0.0000],
            [0.0000, 3.8906]], requires_grad=True)
    """

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        weight_decay: float = 0.1,
        momentum: float = 0.95,
        nesterov: bool = True,
        ns_coefficients: tuple[float, float, float] = (DEFAULT_A, DEFAULT_B, DEFAULT_C),
        eps: float = EPS,
        ns_steps: int = DEFAULT_NS_STEPS,
        adjust_lr_fn: str | None = None,
    ) -> None:
        if not lr >= 0.0:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not momentum >= 0.0:
            raise ValueError(f"momentum should be >= 0 but is: {momentum}")
        if not weight_decay >= 0.0:
            raise ValueError(f"weight decay should be >= 0 but is: {weight_decay}")
        if adjust_lr_fn is not None and adjust_lr_fn not in ["original", "match_rms_adamw"]:
            raise ValueError(f"Adjust learning rate function {adjust_lr_fn} is not supported")
        defaults = {"lr": lr, "weight_decay": weight_decay, "momentum": momentum,
                    "nesterov": nesterov, "ns_coefficients": ns_coefficients, "eps": eps,
                    "ns_steps": ns_steps, "adjust_lr_fn": adjust_lr_fn}  # fmt: skip
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                if p.ndim != 2:
                    raise ValueError(
                        "Muon only supports 2D parameters whereas we found a parameter with "
                        f"size: {p.size()}"
                    )

    def update(self, group: dict[str, Any]) -> None:
        lr, wd, momentum = group["lr"], group["weight_decay"], group["momentum"]
        for s in self.slots(group):
            a = s.arith
            s.init("momentum_buffer")
            buf = a.lerp(s.get("momentum_buffer"), s.grad, 1 - momentum)
            s.set("momentum_buffer", buf)
            update = a.lerp(s.grad, buf, momentum) if group["nesterov"] else buf
            update = _zeropower_via_newtonschulz(
                s, update, group["ns_coefficients"], group["ns_steps"], group["eps"]
            )
            adjusted = _adjust_lr(lr, group["adjust_lr_fn"], tuple(s.p.shape))
            s.update(a.add(a.mul(s.param, 1 - lr * wd), update, -adjusted))
