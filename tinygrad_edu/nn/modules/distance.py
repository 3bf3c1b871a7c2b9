"""``torch.nn.modules.distance``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..more_modules import CosineSimilarity, PairwiseDistance

__all__ = ["CosineSimilarity", "PairwiseDistance"]
