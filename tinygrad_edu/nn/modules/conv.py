"""``torch.nn.modules.conv``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..conv import Conv2d
from ..conv1d import Conv1d
from ..upsampling import ConvTranspose1d, ConvTranspose2d

__all__ = ["Conv1d", "Conv2d", "ConvTranspose1d", "ConvTranspose2d"]
