"""The older spellings beginners still meet in tutorials: ``torch.FloatTensor([...])``,
``torch.LongTensor(n)``, ``x.type(torch.FloatTensor)`` (``autograd.Variable`` is in ``autograd``).

>>> import tinygrad_edu as torch
>>> torch.LongTensor([1.7, -2.5])
tensor([ 1, -2])
>>> isinstance(torch.ones(2), torch.FloatTensor)
True

Each type makes an ordinary tensor of its dtype; ``isinstance`` checks the dtype, as PyTorch's
legacy types do.
"""

from __future__ import annotations

from typing import Any

from ..arguments import int_list
from ..dtype import (
    bfloat16,
    bool_,
    dtype,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
)
from ..tensor import Tensor, tensor
from ..tensor_graph import is_tensor
from .factories import zeros

__all__ = ["BFloat16Tensor", "BoolTensor", "ByteTensor", "CharTensor", "DoubleTensor"]
__all__ += ["FloatTensor", "HalfTensor", "IntTensor", "LongTensor", "ShortTensor"]


class _LegacyType(type):
    dtype: dtype

    def __instancecheck__(cls, obj: Any) -> bool:
        return is_tensor(obj) and obj.dtype is cls.dtype

    def __repr__(cls) -> str:
        return f"<class 'torch.{cls.__name__}'>"


def _make(cls: Any, *args: Any) -> Tensor:
    # LongTensor(3): three uninitialised numbers (zeros here); LongTensor([1, 2]): those numbers
    if args and all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        return zeros(*args, dtype=cls.dtype)
    if len(args) > 1 and isinstance(args[0], int):  # a size with something else in it
        int_list("new", args)
    if len(args) > 1:
        raise TypeError(f"new() received an invalid combination of arguments - got {args}")
    return tensor(list(args[0]) if args and isinstance(args[0], tuple) else
                  (args[0] if args else []), dtype=cls.dtype)  # fmt: skip


def _legacy(name: str, dt: dtype) -> Any:
    return _LegacyType(name, (), {"dtype": dt, "__new__": _make, "__doc__": f"{dt!r} tensors"})


FloatTensor = _legacy("FloatTensor", float32)
DoubleTensor = _legacy("DoubleTensor", float64)
LongTensor = _legacy("LongTensor", int64)
BoolTensor = _legacy("BoolTensor", bool_)
IntTensor = _legacy("IntTensor", int32)
ShortTensor = _legacy("ShortTensor", int16)
CharTensor = _legacy("CharTensor", int8)
ByteTensor = _legacy("ByteTensor", uint8)
HalfTensor = _legacy("HalfTensor", float16)
BFloat16Tensor = _legacy("BFloat16Tensor", bfloat16)
