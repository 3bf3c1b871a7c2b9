"""``torch.nn.modules.dropout``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..channels import Dropout1d, Dropout2d
from ..layers import Dropout
from ..noisy import AlphaDropout, FeatureAlphaDropout
from ..patches import Dropout3d

__all__ = ["AlphaDropout", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "FeatureAlphaDropout"]
