"""The teaching core: micrograd with PyTorch's names.  Read ``README.md`` in this folder first.

>>> from tinygrad_edu.core import Value
>>> a = Value(2.0)
>>> (a * a).backward()
>>> a.grad
4.0

It imports nothing else of the package: Value, the op table, nodes and the chain rule, the
backward pass, ``grad``, the grad modes, anomaly mode, gradcheck and micrograd's ``nn``.
"""

from .engine import Value, vdot, vsum
from .grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .gradcheck import GradcheckError
from .gradients import grad
from .graph import AccumulateGrad, Node

__all__ = [
    "AccumulateGrad",
    "GradcheckError",
    "Node",
    "Value",
    "enable_grad",
    "grad",
    "inference_mode",
    "is_grad_enabled",
    "is_inference_mode_enabled",
    "no_grad",
    "set_grad_enabled",
    "vdot",
    "vsum",
]
