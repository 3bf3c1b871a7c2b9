"""``torch.nn.modules.batchnorm``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..normalization import BatchNorm1d, BatchNorm2d, BatchNorm3d

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"]
