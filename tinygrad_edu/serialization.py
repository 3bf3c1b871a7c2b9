"""``torch.save`` and ``torch.load`` for tensors, state dicts and optimizer states.

The file is a pickle whose tensors are stored as (dtype, shape, numbers). Loading goes
through an unpickler that builds only those tensors and plain containers (dicts, lists,
tuples, numbers, strings, ``OrderedDict``), never a class or function named in the file: the
safety of PyTorch's ``weights_only=True``, which is its default too.

>>> import io
>>> import tinygrad_edu as torch
>>> buf = io.BytesIO()
>>> torch.save({"w": torch.tensor([1.0, 2.0])}, buf)
>>> _ = buf.seek(0)
>>> torch.load(buf)
{'w': tensor([1., 2.])}
"""

from __future__ import annotations

import io
import os
import pickle
from collections import OrderedDict
from typing import Any

from ._tensor.dtype import DTYPES
from ._tensor.ops.factories import zeros
from ._tensor.shape import nest
from ._tensor.tensor import Tensor, tensor
from .nn.parameter import Parameter

__all__ = ["load", "rebuild_tensor", "save"]

# what the restricted unpickler may build: (module, name) -> the object
_ALLOWED: dict[tuple[str, str], Any] = {}


def rebuild_tensor(dtype: str, shape: tuple[int, ...], flat: list[Any], flags: int) -> Tensor:
    """The tensor that ``save`` stored: ``flags`` bit 0 requires grad, bit 1 a Parameter."""
    dt = DTYPES[dtype]
    t = tensor(nest(flat, shape), dtype=dt) if flat else zeros(tuple(shape), dtype=dt)
    if flags & 2:
        return Parameter(t, requires_grad=bool(flags & 1))
    return t.requires_grad_(True) if flags & 1 else t


_ALLOWED[(__name__, "rebuild_tensor")] = rebuild_tensor
_ALLOWED[("collections", "OrderedDict")] = OrderedDict


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Tensor):
            flat = _flatten(obj.tolist())  # a 0-d tensor's number, in a list too
            flags = int(obj.requires_grad) | (2 if isinstance(obj, Parameter) else 0)
            return rebuild_tensor, (obj.dtype.name, tuple(obj.shape), flat, flags)
        return NotImplemented


def _flatten(nested: Any) -> list[Any]:
    if not isinstance(nested, list):
        return [nested]
    return [x for item in nested for x in _flatten(item)]


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        found = _ALLOWED.get((module, name))
        if found is None:
            raise pickle.UnpicklingError(
                f"Weights only load failed. Unsupported global: GLOBAL {module}.{name}: only "
                "tensors, parameters and plain containers (dict, list, tuple, OrderedDict) load "
                "here, as with PyTorch's weights_only=True."
            )
        return found


def save(obj: Any, f: Any, pickle_protocol: int = 2) -> None:
    """Write ``obj`` (a tensor, a state dict, an optimizer's state, ...) to a path or a
    binary file object."""
    buf = io.BytesIO()
    _Pickler(buf, protocol=max(pickle_protocol, 2)).dump(obj)
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as out:
            out.write(buf.getvalue())
    else:
        f.write(buf.getvalue())


def load(
    f: Any, map_location: Any = None, pickle_module: Any = None, *,
    weights_only: bool | None = None, mmap: bool | None = None, **pickle_load_args: Any,
) -> Any:  # fmt: skip
    """What ``save`` wrote. Only tensors and plain containers are built, whatever
    ``weights_only`` says (everything is on the CPU, so ``map_location`` changes nothing)."""
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as src:
            return _Unpickler(src).load()
    return _Unpickler(f).load()
