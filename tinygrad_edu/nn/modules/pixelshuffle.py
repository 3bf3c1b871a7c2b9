"""``torch.nn.modules.pixelshuffle``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..channels import PixelShuffle, PixelUnshuffle

__all__ = ["PixelShuffle", "PixelUnshuffle"]
