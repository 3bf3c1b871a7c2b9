"""``torch.nn.modules.fold``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..patches import Fold, Unfold

__all__ = ["Fold", "Unfold"]
