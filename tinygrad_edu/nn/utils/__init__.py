"""``torch.nn.utils``: ``clip_grad_norm_``, ``clip_grad_value_``, ``parameters_to_vector``,
``vector_to_parameters``; ``rnn`` (padded and packed sequences)."""

from __future__ import annotations

import math
from typing import Any

from ..._tensor.ops.inplace import write
from ..._tensor.tensor import Tensor, tensor
from . import rnn

__all__ = ["clip_grad_norm_", "clip_grad_value_", "parameters_to_vector", "rnn",
           "vector_to_parameters"]  # fmt: skip


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


def clip_grad_value_(parameters: Any, clip_value: float) -> None:
    """Every grad clamped into ``[-clip_value, clip_value]``, in place."""
    params = [parameters] if isinstance(parameters, Tensor) else list(parameters)
    for p in params:
        if p.grad is not None:
            p.grad.clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters: Any) -> Tensor:
    """The parameters flattened and concatenated into one vector (in the graph)."""
    from ..._tensor.ops.reductions import cat

    return cat([p.view(-1) for p in parameters])


def vector_to_parameters(vec: Tensor, parameters: Any) -> None:
    """The slices of ``vec`` written into the parameters (``param.data`` replaced, as PyTorch)."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {type(vec).__name__}")
    pointer = 0
    for p in parameters:
        n = p.numel()
        p.data = vec[pointer : pointer + n].view_as(p).data
        pointer += n
