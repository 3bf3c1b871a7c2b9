"""``torch.nn.modules.sparse``: where old code imports these layers from (they are
defined elsewhere in the package)."""

from __future__ import annotations

from ..embedding_bag import EmbeddingBag
from ..sparse import Embedding

__all__ = ["Embedding", "EmbeddingBag"]
