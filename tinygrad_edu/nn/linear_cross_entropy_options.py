"""``torch.nn.LinearCrossEntropyOptions`` (new in PyTorch 2.13): how ``F.linear_cross_entropy``
would chunk the batch so the ``(N, C)`` logits are never made whole.

>>> import tinygrad_edu as torch
>>> torch.nn.LinearCrossEntropyOptions(batch_chunk_size=2).batch_chunk_size
2

The fields, their checks and how ``"auto"`` resolves (``resolved``) are PyTorch's; the loss
itself is computed here by the reference path (``linear`` then ``cross_entropy``), under the
chunked op's node name, since a teaching engine has no memory to save.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal, NamedTuple

from .._tensor.dtype import bfloat16, float16, float32, float64

__all__ = ["LinearCrossEntropyOptions"]


class _AutoDefault(NamedTuple):
    acc_policy: str
    chunking_method: str


# PyTorch's picks for "auto" by (device type, input dtype); other pairs take the fallback
_AUTO_DEFAULTS: dict[tuple[str, Any], _AutoDefault] = {
    ("cuda", bfloat16): _AutoDefault("compact", "aspect_ratio:2"),
    ("cuda", float16): _AutoDefault("compact", "aspect_ratio:2"),
    ("cpu", bfloat16): _AutoDefault("accurate", "aspect_ratio"),
    ("cpu", float16): _AutoDefault("accurate", "aspect_ratio"),
}
_AUTO_FALLBACK = _AutoDefault("compact", "aspect_ratio:2")
_ACC_DTYPES = (float16, bfloat16, float32, float64)


@dataclasses.dataclass(slots=True, frozen=True)
class LinearCrossEntropyOptions:
    """Configuration of the chunked ``linear_cross_entropy``: ``batch_chunk_size`` rows per
    chunk, or a ``chunking_method`` (``"aspect_ratio[:N]"``) that picks it; ``acc_policy`` and
    ``acc_dtype`` the precision of the accumulations; ``allow_retain_graph`` a second backward."""

    allow_retain_graph: bool = False
    batch_chunk_size: int | None = None
    chunking_method: str | None = "auto"
    acc_policy: Literal["accurate", "balanced", "compact", "auto"] = "auto"
    acc_dtype: Any = None

    def __post_init__(self) -> None:
        if self.acc_policy not in {"auto", "accurate", "balanced", "compact"}:
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}")
        if self.chunking_method is not None and self.chunking_method != "auto":
            name, sep, factor = self.chunking_method.partition(":")
            if not sep:
                factor = "1"
            if not (name == "aspect_ratio" and factor.isdigit() and int(factor) > 0):
                raise ValueError(f"invalid chunking_method: {self.chunking_method!r}")
        size = self.batch_chunk_size
        if not (size is None or (isinstance(size, int) and size > 0)):
            raise ValueError(f"batch_chunk_size must be positive int or None, got {size!r}")
        if self.acc_dtype is not None and self.acc_dtype not in _ACC_DTYPES:
            raise ValueError(
                "acc_dtype must be one of {None, torch.float16, torch.bfloat16, "
                f"torch.float32, torch.float64}}, got {self.acc_dtype!r}. Pass "
                "acc_dtype=None to let the op pick automatically."
            )

    @staticmethod
    def chunk_size(num_batches: int, in_features: int, num_classes: int, method: str) -> int:
        """The rows per chunk that ``"aspect_ratio[:N]"`` gives: the next power of two of
        ``ceil(num_batches / ceil(num_classes / in_features))``, over N, at most the batch.

        Not a PyTorch method: its ``_compute_batch_chunk_size``."""
        factor = int(method.split(":", 1)[1]) if ":" in method else 1
        inc_factor = -(-num_classes // in_features)
        target = -(-num_batches // inc_factor)
        return min((1 << (target - 1).bit_length()) // factor, num_batches)

    def resolved(
        self, num_batches: int, in_features: int, num_classes: int, dtype: Any, device: Any
    ) -> LinearCrossEntropyOptions:
        """These options with ``"auto"`` and the ``None`` defaults made concrete for one call
        (PyTorch's ``_adjust``): its errors when a chunk size and a method disagree.

        Not a PyTorch method: its ``_adjust``."""
        acc_policy, method = self.acc_policy, self.chunking_method
        if method == "auto" and self.batch_chunk_size is not None:
            method = None
        if acc_policy == "auto" or method == "auto":
            key = (getattr(device, "type", "cpu"), dtype) if device is not None else None
            ap, cm = _AUTO_DEFAULTS.get(key, _AUTO_FALLBACK) if key else _AUTO_FALLBACK
            acc_policy = ap if acc_policy == "auto" else acc_policy
            method = cm if method == "auto" else method
        size = min(self.batch_chunk_size or num_batches, num_batches)
        if method is not None:
            size = self.chunk_size(num_batches, in_features, num_classes, method)
            if self.batch_chunk_size is not None and self.batch_chunk_size != size:
                raise ValueError(
                    f"batch_chunk_size (={self.batch_chunk_size}) and chunking_method "
                    f"('{method}') give different chunk sizes ({self.batch_chunk_size} vs "
                    f"{size}); pass only one."
                )
        acc = self.acc_dtype
        if acc is None:  # float32 accumulation for half inputs on the CPU, else the input's
            half = dtype in (float16, bfloat16) and self.acc_policy == "auto"
            acc = float32 if half and getattr(device, "type", None) == "cpu" else dtype
        return dataclasses.replace(
            self, acc_policy=acc_policy, chunking_method=method,
            batch_chunk_size=max(1, size), acc_dtype=acc,
        )  # fmt: skip
