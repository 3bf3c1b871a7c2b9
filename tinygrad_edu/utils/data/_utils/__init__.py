"""PyTorch's ``torch.utils.data._utils``: the DataLoader's helpers (``collate``, ``worker``)."""

from . import collate, worker

__all__ = ["collate", "worker"]
