"""``t.storage()`` and ``t.untyped_storage()``: the memory under a tensor and its views, as
PyTorch shows it (``size()``, ``data_ptr()``, ``nbytes()``, the printout); and ``t.resize_``.

>>> import tinygrad_edu as torch
>>> a = torch.arange(6.0)
>>> v = a.view(2, 3)
>>> a.storage().size(), v.untyped_storage().nbytes(), v.storage().data_ptr() == a.data_ptr()
(6, 24, True)

A storage here is seen through one tensor: its size is the extent of that tensor's elements
(offset + the farthest element + 1), which is the whole storage for any tensor that is not a
slice of a bigger one; PyTorch's may be larger for a slice.
"""

from __future__ import annotations

import itertools
import struct
import warnings
from typing import Any

from ._tensor.dtype import Size
from ._tensor.ops.inplace import write
from ._tensor.ops.views import ELEMENT_SIZES, contiguous_strides
from ._tensor.ops.writeback import write_data
from .core.engine import Value

__all__ = ["METHODS", "TypedStorage", "UntypedStorage", "resize_"]

_FORMATS = {"float32": "f", "float64": "d", "int64": "q", "int32": "i", "float16": "e", "bool": "?"}


def _elements(t: Any) -> list[float]:
    """The storage's numbers as far as ``t`` reaches (0 where it does not look)."""
    strides, offset = t.stride(), t.storage_offset()
    pos = [
        offset + sum(i * s for i, s in zip(ix, strides))
        for ix in itertools.product(*map(range, t.shape))
    ]
    out = [0.0] * (max(pos) + 1 if pos else 0)
    for p, v in zip(pos, t.flat):
        out[p] = v.data
    return out


class TypedStorage:
    """The elements of a tensor's memory, in its dtype (``t.storage()``): read as the memory is
    now, and written into by ``storage[i] = x`` (every tensor on that memory sees it)."""

    def __init__(self, t: Any) -> None:
        self.dtype = t.dtype
        self.device = t.device
        self.tensor = t
        self.key = t.storage_key

    @property
    def elements(self) -> list[float]:
        return _elements(self.tensor)

    def size(self) -> int:
        return len(self.elements)

    __len__ = size

    def element_size(self) -> int:
        return ELEMENT_SIZES[self.dtype.name]

    def nbytes(self) -> int:
        return self.size() * self.element_size()

    def data_ptr(self) -> int:
        return id(self.key) << 20

    def tolist(self) -> list[Any]:
        if self.dtype.is_floating_point:
            return [struct.unpack("f", struct.pack("f", x))[0] if self.dtype.name == "float32"
                    else x for x in self.elements]  # fmt: skip
        return [bool(x) if self.dtype.name == "bool" else int(x) for x in self.elements]

    def __getitem__(self, i: int) -> Any:
        return self.tolist()[i]

    def __setitem__(self, i: int, value: Any) -> None:
        n = self.size()
        if not -n <= i < n:
            raise IndexError(f"index {i} is out of bounds for dimension 0 with size {n}")
        _write_storage(self.tensor, i % n, value)

    def __iter__(self) -> Any:
        return iter(self.tolist())

    def __repr__(self) -> str:
        head = f"[torch.storage.TypedStorage(dtype=torch.{self.dtype.name}, device=cpu) of size"
        return "\n".join([*(f" {x}" for x in self.tolist()), f"{head} {self.size()}]"])

    __str__ = __repr__


def _write_storage(t: Any, pos: int, value: Any) -> None:
    """The element at storage position ``pos`` set to ``value`` in every tensor on that memory
    (views share their base's element Values). PyTorch bumps no version for a storage write."""
    strides, offset = t.stride(), t.storage_offset()
    where = {
        offset + sum(i * s for i, s in zip(ix, strides)): k
        for k, ix in enumerate(itertools.product(*map(range, t.shape)))
    }
    if pos not in where:  # memory the tensor does not look at: no element holds it here
        raise NotImplementedError(f"storage position {pos} is outside the tensor's elements")
    x = float(value)
    if t.dtype.name == "bool":
        x = float(bool(value))
    elif not t.dtype.is_floating_point:
        x = float(int(value))
    elif t.dtype.name == "float32":
        x = struct.unpack("f", struct.pack("f", x))[0]
    write_data(t, [where[pos]], [x])


class UntypedStorage:
    """The bytes of a tensor's memory (``t.untyped_storage()``)."""

    def __init__(self, t: Any) -> None:
        self.typed = TypedStorage(t)

    def size(self) -> int:
        return self.typed.nbytes()

    __len__ = nbytes = size

    def element_size(self) -> int:
        return 1

    def data_ptr(self) -> int:
        return self.typed.data_ptr()

    def tolist(self) -> list[int]:
        fmt = _FORMATS[self.typed.dtype.name]
        return list(struct.pack(f"<{len(self.typed.elements)}{fmt}", *self.typed.tolist()))

    def __getitem__(self, i: int) -> int:
        return self.tolist()[i]

    def __repr__(self) -> str:
        head = "[torch.storage.UntypedStorage(device=cpu) of size"
        return "\n".join([*(f" {x}" for x in self.tolist()), f"{head} {self.size()}]"])

    __str__ = __repr__


def resize_(t: Any, *sizes: Any) -> Any:
    """``t.resize_(2, 2)``: the same memory seen with a new shape, row-major; elements past
    the old ones are 0 here (PyTorch leaves them as the memory had them)."""
    if t.requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    shape = tuple(sizes[0]) if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)) else sizes
    old = [v.data for v in t.contiguous().flat]
    n = 1
    for s in shape:
        n *= int(s)
    data = (old + [0.0] * n)[:n]
    t.flat = [Value(0.0, requires_grad=False) for _ in range(n)]
    t.shape = Size(int(s) for s in shape)
    t.set_geometry(contiguous_strides(t.shape), 0, t)
    return write(t, data)


_TYPED_WARNING = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the "
    "only storage class. This should only matter to you if you are using storages directly.  To "
    "access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()"
)
_warned = [False]


def storage(t: Any) -> TypedStorage:
    """``t.storage()``, with PyTorch's deprecation warning the first time in a process."""
    if not _warned[0]:
        _warned[0] = True
        warnings.warn(_TYPED_WARNING, UserWarning, stacklevel=2)
    return TypedStorage(t)


METHODS: dict[str, Any] = {
    "storage": storage,
    "untyped_storage": lambda self: UntypedStorage(self),
    "resize_": resize_,
}
