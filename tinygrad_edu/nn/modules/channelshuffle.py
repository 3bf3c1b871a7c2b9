"""``torch.nn.modules.channelshuffle``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..patches import ChannelShuffle

__all__ = ["ChannelShuffle"]
