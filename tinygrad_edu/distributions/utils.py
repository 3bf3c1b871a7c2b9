"""Helpers shared by the distributions, as ``torch.distributions.utils`` has them."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .._tensor.dtype import Size, get_default_dtype
from .._tensor.shape import broadcast
from .._tensor.tensor import Tensor, tensor
from ..core.grad_mode import enable_grad
from ..nn.functional import softmax

__all__ = [
    "as_size",
    "broadcast_all",
    "clamp_probs",
    "lazy_property",
    "logits_to_probs",
    "probs_to_logits",
]

# float32's and float64's smallest step above 1 (torch.finfo(dtype).eps)
_EPS = {"float32": 2.0**-23, "float64": 2.0**-52}


def as_size(s: Any) -> Size:
    """A sample shape given as ``()``, ``(2, 3)``, ``torch.Size`` or one number."""
    return Size(int(n) for n in (s if isinstance(s, (tuple, list)) else (s,)))


def broadcast_all(*values: Any) -> tuple[Tensor, ...]:
    """Numbers become tensors (of the tensors' dtype, else the default one); all are broadcast."""
    like = next((v for v in values if isinstance(v, Tensor)), None)
    for v in values:
        if not isinstance(v, (Tensor, int, float)):
            raise ValueError(
                "Input arguments must all be instances of Number, torch.Tensor or objects "
                "implementing __torch_function__."
            )
    dt = like.dtype if like is not None else get_default_dtype()
    ts = [v if isinstance(v, Tensor) else tensor(float(v), dtype=dt) for v in values]
    shape = Size(())
    for t in ts:
        shape = broadcast(shape, t.shape)[0]
    return tuple(t if t.shape == shape else t.expand(*shape) for t in ts)


def clamp_probs(probs: Tensor) -> Tensor:
    eps = _EPS.get(probs.dtype.name, 2.0**-23)
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs: Tensor, is_binary: bool = False) -> Tensor:
    ps = clamp_probs(probs)
    return ps.log() - ps.neg().log1p() if is_binary else ps.log()


def logits_to_probs(logits: Tensor, is_binary: bool = False) -> Tensor:
    return logits.sigmoid() if is_binary else softmax(logits, dim=-1)


class lazy_property:  # noqa: N801 - PyTorch's name
    """Computed on first use, then kept in the instance (a parameter given the other way)."""

    def __init__(self, wrapped: Callable[[Any], Any]) -> None:
        self.wrapped = wrapped
        self.__doc__ = wrapped.__doc__

    def __get__(self, instance: Any, obj_type: Any = None) -> Any:
        if instance is None:
            return self
        with enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


LOG_SQRT_2PI = math.log(math.sqrt(2 * math.pi))
