"""A storage's bytes as PyTorch writes them into ``data/N``: each dtype's C layout, in the
archive's byte order.

>>> from tinygrad_edu import float32, int64
>>> pack(float32, [1.0, -2.5], "<").hex()
'0000803f000020c0'
>>> unpack(int64, pack(int64, [3.0, -1.0], "<"), "<")
[3.0, -1.0]
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from ._tensor.dtype import dtype, store

__all__ = ["CODECS", "STORAGE_NAMES", "pack", "unpack"]

# dtype name -> (struct code, bytes per element); bfloat16 is float32's top half
CODECS: dict[str, tuple[str, int]] = {
    "float32": ("f", 4),
    "float64": ("d", 8),
    "float16": ("e", 2),
    "bfloat16": ("H", 2),
    "int64": ("q", 8),
    "int32": ("i", 4),
    "int16": ("h", 2),
    "int8": ("b", 1),
    "uint8": ("B", 1),
    "bool": ("?", 1),
}

# PyTorch's typed-storage class for each dtype, as its files name them (GLOBAL torch ...)
STORAGE_NAMES: dict[str, str] = {
    "float32": "FloatStorage",
    "float64": "DoubleStorage",
    "float16": "HalfStorage",
    "bfloat16": "BFloat16Storage",
    "int64": "LongStorage",
    "int32": "IntStorage",
    "int16": "ShortStorage",
    "int8": "CharStorage",
    "uint8": "ByteStorage",
    "bool": "BoolStorage",
}

_BITS = {"int64": 64, "int32": 32, "int16": 16, "int8": 8, "uint8": 8}


def pack(dt: dtype, values: Sequence[float], order: str) -> bytes:
    """The bytes of ``values`` (element data, as floats) as ``dt``'s elements."""
    code, _ = CODECS[dt.name]
    name = dt.name
    if name == "bool":
        items: list = [x != 0 for x in values]
    elif name in _BITS:  # wrap into the type's range, as the element already holds it
        bits, signed = _BITS[name], dt.is_signed
        items = [_wrap(int(x), bits, signed) for x in values]
    elif name == "bfloat16":
        rounded = [store(dt, x) for x in values]
        words = struct.unpack(f"<{len(rounded)}I", struct.pack(f"<{len(rounded)}f", *rounded))
        items = [w >> 16 for w in words]
    elif name == "float64":
        items = list(values)
    else:  # float32/float16: round first (an element may hold more digits; overflow is inf)
        items = [store(dt, x) for x in values]
    return struct.pack(f"{order}{len(items)}{code}", *items)


def _wrap(i: int, bits: int, signed: bool) -> int:
    i &= (1 << bits) - 1
    return i - (1 << bits) if signed and i >= 1 << (bits - 1) else i


def unpack(dt: dtype, raw: bytes, order: str) -> list[float]:
    """The element data (floats) that ``raw`` holds as ``dt``'s elements."""
    code, size = CODECS[dt.name]
    n = len(raw) // size
    items = struct.unpack(f"{order}{n}{code}", raw[: n * size])
    if dt.name == "bfloat16":
        return list(struct.unpack(f"<{n}f", struct.pack(f"<{n}I", *(h << 16 for h in items))))
    return [float(x) for x in items]
