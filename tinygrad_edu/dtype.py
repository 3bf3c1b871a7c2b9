"""Element types and shapes' printable form: ``torch.Size``, ``torch.float32`` and the rest,
PyTorch's type promotion, and the rounding that makes a float64 a float32.

>>> promote(float32, int64), Size([2, 3])
(torch.float32, torch.Size([2, 3]))
>>> round_float32(0.1)
0.10000000149011612
"""

from __future__ import annotations

import math
from typing import Any

from .float32_libm import f32

__all__ = [
    "C_NAMES",
    "DTYPES",
    "Size",
    "bool_",
    "dtype",
    "float32",
    "float64",
    "get_default_dtype",
    "int64",
    "promote",
    "result_type",
    "round_float32",
    "set_default_dtype",
]


class Size(tuple):
    """A tensor's shape: a tuple that prints like ``torch.Size([2, 3])``."""

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    __str__ = __repr__

    def numel(self) -> int:
        return math.prod(self)


class dtype:  # noqa: N801 - PyTorch's name
    """An element type: ``torch.float32``, ``torch.float64``, ``torch.int64``, ``torch.bool``."""

    __slots__ = ("is_floating_point", "name")

    def __init__(self, name: str, floating: bool) -> None:
        self.name, self.is_floating_point = name, floating

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def __reduce__(self) -> str:
        return self.name


float32 = dtype("float32", True)
float64 = dtype("float64", True)
int64 = dtype("int64", False)
bool_ = dtype("bool", False)
DTYPES = {"float32": float32, "float64": float64, "int64": int64, "bool": bool_}

# PyTorch's names for a dtype in kernel errors: (scalar type, C type)
C_NAMES = {
    float32: ("Float", "float"),
    float64: ("Double", "double"),
    int64: ("Long", "long int"),
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
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _DEFAULT.dtype = d


def promote(a: dtype, b: dtype | None, number: Any = None) -> dtype:
    """The result type of an arithmetic op (PyTorch's promotion, for these four types)."""
    kinds = [a] if b is None else [a, b]
    if any(k is float64 for k in kinds):
        return float64
    floats = [k for k in kinds if k.is_floating_point]
    if floats:
        return floats[0]
    if isinstance(number, float):
        return _DEFAULT.dtype
    if all(k is bool_ for k in kinds) and (number is None or isinstance(number, bool)):
        return bool_
    return int64


def _category(dt: dtype) -> int:
    return 2 if dt.is_floating_point else 1 if dt is int64 else 0


def result_type(a: Any, b: Any) -> dtype:
    """Promotion between tensors: a 0-d tensor only counts when its kind (bool < int < float)
    is higher than the other's, so ``float32 vector * float64 scalar`` stays float32."""
    if bool(a.shape) != bool(b.shape):
        dim, zero = (a, b) if a.shape else (b, a)
        if _category(zero.dtype) <= _category(dim.dtype):
            return dim.dtype
    return promote(a.dtype, b.dtype)
