"""``torch.nn.modules.adaptive``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..adaptive import AdaptiveLogSoftmaxWithLoss

__all__ = ["AdaptiveLogSoftmaxWithLoss"]
