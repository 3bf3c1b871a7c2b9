"""``torch.nn.utils``: ``clip_grad_norm_``."""

from __future__ import annotations

import math
from typing import Any

from .._tensor.ops.inplace import write
from .._tensor.tensor import Tensor, tensor

__all__ = ["clip_grad_norm_"]


def clip_grad_norm_(parameters: Any, max_norm: float, norm_type: float = 2.0) -> Tensor:
    """Scale all grads so their overall ``norm_type`` norm is at most ``max_norm``; returns the
    norm before clipping (PyTorch's ``clip_coef = max_norm / (total + 1e-6)``, capped at 1)."""
    params = [parameters] if isinstance(parameters, Tensor) else list(parameters)
    grads = [p.grad for p in params if p.grad is not None]
    if not grads:
        return tensor(0.0)
    values = [v.data for g in grads for v in g.elements()]
    if norm_type == math.inf:
        total = max(abs(v) for v in values)
    else:
        total = math.fsum(abs(v) ** norm_type for v in values) ** (1.0 / norm_type)
    coef = max_norm / (total + 1e-6)
    if coef < 1.0:
        for g in grads:
            write(g, [v.data * coef for v in g.elements()])
    return tensor(total)
