"""``torch.nn.modules.instancenorm``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..group_norm import InstanceNorm1d, InstanceNorm2d
from ..patches import InstanceNorm3d

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]
