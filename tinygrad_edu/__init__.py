"""tinygrad_edu: a scalar autograd engine for teaching, with PyTorch's names."""

from .engine import AccumulateGrad, Node, Value, vdot, vsum
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled

__all__ = [
    "AccumulateGrad",
    "Node",
    "Value",
    "enable_grad",
    "is_grad_enabled",
    "no_grad",
    "set_grad_enabled",
    "vdot",
    "vsum",
]
