"""``torch.nn.modules.upsampling``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d

__all__ = ["Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d"]
