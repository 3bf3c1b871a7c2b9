"""The losses of ``torch.nn`` as modules: ``MSELoss``, ``L1Loss``, ``BCELoss``,
``BCEWithLogitsLoss``, ``CrossEntropyLoss``, ``NLLLoss``."""

from __future__ import annotations

from typing import Any

from . import functional as F  # noqa: N812 - PyTorch users' name
from .module import Module

__all__ = ["BCELoss", "BCEWithLogitsLoss", "CrossEntropyLoss", "L1Loss", "MSELoss", "NLLLoss"]


def _loss(name: str, fn: Any) -> type[Module]:
    def __init__(self: Module, reduction: str = "mean") -> None:  # noqa: N807
        Module.__init__(self)
        if reduction not in ("mean", "sum", "none"):
            raise ValueError(f"{reduction} is not a valid value for reduction")
        self.reduction = reduction

    def forward(self: Module, input: Any, target: Any) -> Any:
        return fn(input, target, reduction=self.reduction)

    return type(name, (Module,), {"__init__": __init__, "forward": forward, "__doc__": fn.__doc__})


MSELoss = _loss("MSELoss", F.mse_loss)
L1Loss = _loss("L1Loss", F.l1_loss)
BCELoss = _loss("BCELoss", F.binary_cross_entropy)
BCEWithLogitsLoss = _loss("BCEWithLogitsLoss", F.binary_cross_entropy_with_logits)
CrossEntropyLoss = _loss("CrossEntropyLoss", F.cross_entropy)
NLLLoss = _loss("NLLLoss", F.nll_loss)
