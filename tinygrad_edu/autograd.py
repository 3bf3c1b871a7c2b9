"""``torch.autograd``: ``grad``, anomaly mode and ``gradcheck``, for tensors.

>>> import tinygrad_edu as torch
>>> x = torch.tensor(2.0, requires_grad=True)
>>> torch.autograd.grad(x**3, x)
(tensor(12.),)
"""

from __future__ import annotations

from .engine import detect_anomaly, set_detect_anomaly
from .gradcheck import GradcheckError, gradcheck
from .tensor import grad

__all__ = ["GradcheckError", "detect_anomaly", "grad", "gradcheck", "set_detect_anomaly"]
