"""Optimizers, ``torch.optim``: ``SGD``, ``Adam``, ``AdamW``, ``RMSprop``, ``Adagrad``,
``Adadelta``, ``Adamax``, ``NAdam``, ``RAdam``, ``Rprop``, ``ASGD``, ``LBFGS``, ``Adafactor``,
``Muon``,
with ``step()``, ``zero_grad()``, parameter groups and ``state_dict``; schedules in
``lr_scheduler``.

They update parameters in place from ``.grad`` with PyTorch's single-tensor steps, op for op
and rounded as PyTorch's CPU kernels round (``arith``), so a run matches ``torch.optim`` step
for step, in float32 and float64; the param groups, ``state`` (keyed by parameter),
``state_dict`` and the repr are PyTorch's. Parameters are Tensors, or micrograd's Values.

>>> from tinygrad_edu import Value
>>> from tinygrad_edu.optim import SGD
>>> w = Value(1.0)
>>> opt = SGD([w], lr=0.1)
>>> (w * w).backward()
>>> opt.step()
>>> w.data
0.8
"""

import importlib as _importlib
from typing import Any as _Any

from . import lr_scheduler
from .adadelta import Adadelta, Adamax
from .adafactor import Adafactor
from .adam import Adam, AdamW
from .lbfgs import LBFGS
from .muon import Muon
from .nadam import NAdam, RAdam
from .optimizer import Optimizer, zero_grad
from .rmsprop import Adagrad, RMSprop
from .rprop import ASGD, Rprop
from .sgd import SGD
from .sparse_adam import SparseAdam

__all__ = ["ASGD", "SGD", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "NAdam", "Optimizer"]
__all__ += ["LBFGS", "RAdam", "RMSprop", "Rprop"]
__all__ += ["Adafactor", "Muon", "SparseAdam"]
__all__ += ["lr_scheduler", "swa_utils", "zero_grad"]


# what dir(torch.optim) lists (PyTorch deletes its submodules' names from the package)
_LISTED = [*sorted(set(__all__) - {"zero_grad"}, key=str.lower)]
_DUNDERS = ["__all__", "__builtins__", "__cached__", "__doc__", "__file__", "__loader__",
            "__name__", "__package__", "__path__", "__spec__"]  # fmt: skip


def __dir__() -> list[str]:
    return sorted(_LISTED) + _DUNDERS


def __getattr__(name: str) -> _Any:
    # swa_utils builds on torch.nn, whose Module imports this package: loaded on first use
    if name == "swa_utils":
        return _importlib.import_module("tinygrad_edu.optim.swa_utils")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
