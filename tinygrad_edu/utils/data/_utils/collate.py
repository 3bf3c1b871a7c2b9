"""How a DataLoader makes a batch of samples (``default_collate``) and leaves a sample unbatched
(``default_convert``): PyTorch's ``torch.utils.data._utils.collate``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...._tensor.dtype import float64
from ...._tensor.tensor import Tensor, stack, tensor

__all__ = ["default_collate", "default_convert"]


def default_collate(batch: Sequence[Any]) -> Any:
    """Samples into a batch, as PyTorch's: tensors stacked, Python floats into a float64
    tensor (not the default dtype), ints into an int64 one, strings kept as a list, and
    containers (tuples become lists) collated element by element.

    >>> default_collate([(1, 0.5), (2, 1.5)])
    [tensor([1, 2]), tensor([0.5000, 1.5000], dtype=torch.float64)]
    """
    first = batch[0]
    if isinstance(first, Tensor):
        return stack(batch)
    if type(first).__module__ == "numpy" and hasattr(first, "tolist"):
        return default_collate([tensor(b.tolist()) for b in batch])
    if isinstance(first, float):
        return tensor(batch, dtype=float64)
    if isinstance(first, int):
        return tensor(batch)
    if isinstance(first, (str, bytes)):
        return batch
    if isinstance(first, Mapping):
        return _kept(type(first), {k: default_collate([b[k] for b in batch]) for k in first})
    if isinstance(first, tuple) and hasattr(first, "_fields"):  # a namedtuple stays one
        return type(first)(*(default_collate(s) for s in zip(*batch)))
    if isinstance(first, Sequence):
        if any(len(b) != len(first) for b in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        parts = [default_collate(s) for s in zip(*batch)]
        return parts if isinstance(first, tuple) else _kept(type(first), parts)
    raise TypeError(
        "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; "
        f"found {type(first)}"
    )


def _kept(kind: type, items: Any) -> Any:
    """A container of the sample's own type when it can be made from ``items`` (PyTorch's)."""
    try:
        return kind(items)
    except TypeError:
        return items


def default_convert(data: Any) -> Any:
    """``data`` as a DataLoader without batching leaves it: NumPy arrays made tensors, the
    containers kept, everything else as it is."""
    if type(data).__module__ == "numpy" and hasattr(data, "tolist"):
        return tensor(data.tolist())
    if isinstance(data, Mapping):
        return type(data)({k: default_convert(v) for k, v in data.items()})
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):  # a plain tuple becomes a list, as PyTorch's (compatibility)
        return [default_convert(d) for d in data]
    if isinstance(data, list):
        return [default_convert(d) for d in data]
    return data
