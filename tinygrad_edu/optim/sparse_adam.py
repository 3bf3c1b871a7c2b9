"""``torch.optim.SparseAdam``: Adam for the sparse grads of ``nn.Embedding(sparse=True)``.
Sparse tensors are not built here, so every grad it meets is dense and its step gives
PyTorch's error for one; made and printed, it is PyTorch's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .optimizer import Optimizer

__all__ = ["SparseAdam"]


class SparseAdam(Optimizer):
    """Adam's moving averages, kept for the rows a sparse grad touches only."""

    def __init__(self, params: Iterable[Any], lr: float = 1e-3,
                 betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8,
                 maximize: bool = False) -> None:  # fmt: skip
        if not lr > 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not eps > 0.0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        for i in (0, 1):
            if not 0.0 <= betas[i] < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")
        defaults = {"lr": lr, "betas": betas, "eps": eps, "maximize": maximize}
        super().__init__(params, defaults)

    def update(self, group: dict[str, Any]) -> None:
        if self.slots(group):  # a grad here is dense: PyTorch's refusal
            raise RuntimeError(
                "SparseAdam does not support dense gradients, please consider Adam instead"
            )
