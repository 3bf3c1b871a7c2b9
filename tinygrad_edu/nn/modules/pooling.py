"""``torch.nn.modules.pooling``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..conv import AdaptiveAvgPool2d, AdaptiveMaxPool2d, AvgPool2d, MaxPool2d
from ..conv1d import AdaptiveAvgPool1d, AdaptiveMaxPool1d, AvgPool1d, MaxPool1d
from ..unpool import LPPool1d, LPPool2d, MaxUnpool1d, MaxUnpool2d

__all__ = [
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AvgPool1d",
    "AvgPool2d",
    "LPPool1d",
    "LPPool2d",
    "MaxPool1d",
    "MaxPool2d",
    "MaxUnpool1d",
    "MaxUnpool2d",
]
