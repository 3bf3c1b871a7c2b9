"""``torch.nn.modules.flatten``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..layers import Flatten
from ..more_modules import Unflatten

__all__ = ["Flatten", "Unflatten"]
