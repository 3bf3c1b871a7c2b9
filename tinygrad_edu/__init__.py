"""tinygrad_edu: a scalar autograd engine for teaching, with PyTorch's names.

>>> from tinygrad_edu import Value
>>> y = Value(3.0) * 2
>>> y.grad_fn.name()
'MulBackward0'
"""

from .engine import AccumulateGrad, Node, Value, vdot, vsum
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .gradcheck import GradcheckError, gradcheck

__all__ = [
    "AccumulateGrad",
    "GradcheckError",
    "Node",
    "Value",
    "enable_grad",
    "gradcheck",
    "is_grad_enabled",
    "no_grad",
    "set_grad_enabled",
    "vdot",
    "vsum",
]
