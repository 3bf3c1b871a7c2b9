"""``torch.nn.modules.normalization``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..group_norm import GroupNorm, RMSNorm
from ..normalization import LayerNorm
from ..patches import LocalResponseNorm

__all__ = ["GroupNorm", "LayerNorm", "LocalResponseNorm", "RMSNorm"]
