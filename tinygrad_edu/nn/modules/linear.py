"""``torch.nn.modules.linear``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..layers import Identity, LazyLinear, Linear
from ..patches import Bilinear

__all__ = ["Bilinear", "Identity", "LazyLinear", "Linear"]
