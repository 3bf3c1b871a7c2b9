"""``get_worker_info``: PyTorch's ``torch.utils.data._utils.worker``."""

from __future__ import annotations

__all__ = ["get_worker_info"]


def get_worker_info() -> None:
    """Which DataLoader worker this is: None, the main process (batches are made there)."""
    return None
