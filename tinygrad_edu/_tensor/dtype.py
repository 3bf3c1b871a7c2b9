"""Element types and shapes' printable form: ``torch.Size``, ``torch.float32`` and the rest,
PyTorch's type promotion, and the rounding that makes a float64 a float32.

>>> promote(float32, int64), Size([2, 3])
(torch.float32, torch.Size([2, 3]))
>>> round_float32(0.1)
0.10000000149011612
"""

from __future__ import annotations

import math
import struct
from typing import Any

from .._torch_cpu.float32_libm import f32

__all__ = [
    "C_NAMES",
    "DTYPES",
    "Size",
    "bfloat16",
    "bool_",
    "dtype",
    "float16",
    "float32",
    "float64",
    "get_default_dtype",
    "int8",
    "int16",
    "int32",
    "int64",
    "promote",
    "promote_types",
    "result_type",
    "round_float32",
    "set_default_dtype",
    "store",
    "uint8",
]


class Size(tuple):
    """A tensor's shape: a tuple that prints like ``torch.Size([2, 3])``."""

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    __str__ = __repr__

    def numel(self) -> int:
        return math.prod(self)


class dtype:  # noqa: N801 - PyTorch's name
    """An element type: ``torch.float32``, ``torch.int64``, ``torch.bool`` and the rest."""

    __slots__ = ("is_floating_point", "is_signed", "itemsize", "name")

    def __init__(self, name: str, floating: bool, itemsize: int, signed: bool = True) -> None:
        self.name, self.is_floating_point = name, floating
        self.itemsize, self.is_signed = itemsize, signed

    @property
    def is_complex(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def __reduce__(self) -> str:
        return self.name


float32 = dtype("float32", True, 4)
float64 = dtype("float64", True, 8)
float16 = dtype("float16", True, 2)
bfloat16 = dtype("bfloat16", True, 2)
int64 = dtype("int64", False, 8)
int32 = dtype("int32", False, 4)
int16 = dtype("int16", False, 2)
int8 = dtype("int8", False, 1)
uint8 = dtype("uint8", False, 1, signed=False)
bool_ = dtype("bool", False, 1, signed=False)
DTYPES = {d.name: d for d in (float32, float64, float16, bfloat16, int64, int32, int16, int8,
                               uint8, bool_)}  # fmt: skip

# PyTorch's names for a dtype in kernel errors: (scalar type, C type)
C_NAMES = {
    float32: ("Float", "float"),
    float64: ("Double", "double"),
    float16: ("Half", "c10::Half"),
    bfloat16: ("BFloat16", "c10::BFloat16"),
    int64: ("Long", "long int"),
    int32: ("Int", "int"),
    int16: ("Short", "short int"),
    int8: ("Char", "signed char"),
    uint8: ("Byte", "unsigned char"),
    bool_: ("Bool", "bool"),
}


# Round a float64 to the nearest float32, which is what a float32 tensor stores (overflow to
# inf, as torch). Printing the float64 as is would disagree with torch on the digits it shows
# (torch: ``tensor(123456.7031)``, float64: ``123456.7000``), on whether a value counts as an
# integer (``1 + 1e-9`` is ``1.`` in float32), and on overflow and underflow. One rounding rule
# for the package: float32_libm's.
round_float32 = f32


class _Default:
    dtype = float32  # what a Python float becomes in a tensor


_DEFAULT = _Default()


def get_default_dtype() -> dtype:
    """The dtype that floats become (``torch.float32`` unless ``set_default_dtype`` changed it)."""
    return _DEFAULT.dtype


def set_default_dtype(d: dtype) -> None:
    """``torch.set_default_dtype(torch.float64)``: floats become ``d`` from now on."""
    if not isinstance(d, dtype):
        raise TypeError(
            "invalid dtype object: only floating-point types are supported as the default type"
        )
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _DEFAULT.dtype = d


def _category(dt: dtype) -> int:
    return 2 if dt.is_floating_point else 0 if dt is bool_ else 1


def promote_types(a: dtype, b: dtype) -> dtype:
    """``torch.promote_types``: the smallest dtype both ``a`` and ``b`` convert to without
    changing kind (bool < integer < floating point)."""
    for k, t in enumerate((a, b), 1):
        if not isinstance(t, dtype):
            raise TypeError(
                f"promote_types(): argument 'type{k}' (position {k}) must be torch.dtype, not "
                f"{type(t).__name__}"
            )
    if a is b:
        return a
    ca, cb = _category(a), _category(b)
    if ca != cb:
        return a if ca > cb else b
    if {a, b} == {float16, bfloat16}:
        return float32
    if uint8 in (a, b):  # an unsigned byte and a signed one meet in int16
        other = b if a is uint8 else a
        return int16 if other is int8 else other
    return a if a.itemsize >= b.itemsize else b


def promote(a: dtype, b: dtype | None, number: Any = None) -> dtype:
    """The result type of an arithmetic op on tensors of ``a`` (and ``b``) and a Python
    ``number``: the number only counts when its kind is higher than the tensors'."""
    dt = a if b is None else promote_types(a, b)
    if isinstance(number, bool) or number is None:
        return dt
    kind = 2 if isinstance(number, float) else 1
    if kind <= _category(dt):
        return dt
    return _DEFAULT.dtype if kind == 2 else int64


def result_type(a: Any, b: Any) -> dtype:
    """Promotion between tensors: a 0-d tensor only counts when its kind (bool < int < float)
    is higher than the other's, so ``float32 vector * float64 scalar`` stays float32."""
    if bool(a.shape) != bool(b.shape):
        dim, zero = (a, b) if a.shape else (b, a)
        if _category(zero.dtype) <= _category(dim.dtype):
            return dim.dtype
    return promote_types(a.dtype, b.dtype)


_INT_BITS = {int64: 64, int32: 32, int16: 16, int8: 8, uint8: 8}


def _integer(x: float, dt: dtype) -> float:
    bits = _INT_BITS[dt]
    # C's float-to-int cast as x86 does it: a value out of range (or nan) becomes the lowest
    # int64 for int64, else the lowest int32; the narrower types then keep their low bits
    wide = 64 if bits == 64 else 32
    i = math.trunc(x) if math.isfinite(x) and abs(x) < 2.0 ** (wide - 1) else -(1 << (wide - 1))
    i &= (1 << bits) - 1
    if dt.is_signed and i >= 1 << (bits - 1):
        i -= 1 << bits
    return float(i)


def _half(x: float) -> float:
    try:
        return struct.unpack("<e", struct.pack("<e", f32(x)))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def _bfloat16(x: float) -> float:
    x = f32(x)
    if x != x:
        return x
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000  # round to nearest, ties to even
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def store(dt: dtype, x: float) -> float:
    """What an element of ``dt`` holds for the number ``x`` (a float, as every element is):
    rounded for the floating types, truncated and wrapped for the integers, 0 or 1 for bool."""
    if dt is float64:
        return x
    if dt is float32:
        return f32(x)
    if dt is bool_:
        return float(x != 0.0)
    if dt is float16:
        return _half(x)
    if dt is bfloat16:
        return _bfloat16(x)
    return _integer(x, dt)
