"""``torch.nn.modules.container``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..containers import ModuleDict, ModuleList, Sequential
from ..more_modules import ParameterDict, ParameterList

__all__ = ["ModuleDict", "ModuleList", "ParameterDict", "ParameterList", "Sequential"]
