"""Tensors in a pickle as PyTorch puts them there: ``torch._utils._rebuild_tensor_v2`` of a
storage (a persistent id naming ``data/N``), an offset, a size and strides, and the weights-only
globals around them (``torch.Size``, dtypes, devices, ``_rebuild_parameter``, Python's
containers).

``TensorWriter`` writes them; ``Loader`` reads them back and checks each against the storage
really in the file: the offset, sizes and strides inside it, the dtype its class names, the
elements within a budget set by the file's size (a few bytes cannot ask for gigabytes).

>>> from tinygrad_edu import tensor
>>> w = TensorWriter.pickle_of([tensor([1.0, 2.0]), 3])
>>> [(s.key, s.dtype, s.values()) for s in w.storages]
[('0', torch.float32, [1.0, 2.0])]
"""

from __future__ import annotations

import itertools
import math
import pickle
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from ._pickler import Writer
from ._storage_codec import STORAGE_NAMES
from ._tensor.device import device
from ._tensor.dtype import DTYPES, Size, dtype, store
from ._tensor.tensor import Tensor
from ._weights_only_unpickler import RestrictedUnpickler, check_nesting
from .core.engine import Value
from .nn.parameter import Parameter

__all__ = ["DeviceError", "Loader", "SavedStorage", "TensorWriter"]

_MAX_DIMS = 64
# dtypes PyTorch has and this package does not: refused by name
_OTHER_DTYPES = (
    "complex32", "complex64", "complex128", "uint16", "uint32", "uint64", "cfloat", "cdouble",
    "float8_e4m3fn", "float8_e5m2", "qint8", "quint8", "qint32",
)  # fmt: skip
_INT64 = 2**63


class DeviceError(RuntimeError):
    """A storage saved on a device this package does not have (PyTorch's error)."""


# -- writing ------------------------------------------------------------------------------------


class SavedStorage:
    """One storage ``save`` writes: its key (``data/<key>``), dtype, and the elements the
    saved tensors show (a place no saved tensor shows is 0)."""

    def __init__(self, key: str, dt: dtype, owner: Any) -> None:
        self.key, self.dtype, self.owner = key, dt, owner  # owner: keeps the identity alive
        self.size = 0
        self.cells: list[float] | None = None

    def values(self) -> list[float]:
        return self.cells if self.cells is not None else [0.0] * self.size


def _positions(shape: tuple[int, ...], strides: tuple[int, ...], offset: int) -> Any:
    if not shape:
        return [offset]
    if strides == _contiguous(shape):
        return range(offset, offset + math.prod(shape))
    return [offset + sum(i * s for i, s in zip(ix, strides))
            for ix in itertools.product(*map(range, shape))]  # fmt: skip


def _contiguous(shape: tuple[int, ...]) -> tuple[int, ...]:
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= max(n, 1)
    return tuple(reversed(out))


class TensorWriter(Writer):
    """A ``Writer`` that also knows tensors, parameters, ``torch.Size``, dtypes and devices."""

    def __init__(self, storages: dict[int, SavedStorage] | None = None) -> None:
        super().__init__()
        self.by_storage: dict[int, SavedStorage] = storages if storages is not None else {}
        self.filling = storages is not None

    @property
    def storages(self) -> list[SavedStorage]:
        return list(self.by_storage.values())

    @classmethod
    def pickle_of(cls, obj: Any) -> TensorWriter:
        """Pickle ``obj``: a first pass finds every storage's extent, the second writes."""
        first = cls()
        first.dump(obj)
        for s in first.by_storage.values():
            s.cells = [0.0] * s.size
        second = cls(first.by_storage)
        second.dump(obj)
        return second

    def save_other(self, obj: Any, depth: int) -> None:
        if isinstance(obj, Tensor):
            self._tensor(obj, depth)
        elif type(obj) is Size:
            self.call("torch", "Size", (tuple(obj),), depth)
            self.remember(obj)
        elif isinstance(obj, dtype):
            self.global_("torch", obj.name)
        elif isinstance(obj, device):
            args = (obj.type,) if obj.index is None else (obj.type, obj.index)
            self.call("torch", "device", args, depth)
        else:
            super().save_other(obj, depth)

    def _storage(self, t: Tensor) -> SavedStorage:
        s = self.by_storage.get(id(t.storage_key))
        if s is None:
            s = SavedStorage(str(len(self.by_storage)), t.dtype, t.storage_key)
            self.by_storage[id(t.storage_key)] = s
        if s.dtype is not t.dtype:
            raise RuntimeError(
                "Cannot save multiple tensors or storages that view the same data as different "
                "types"
            )
        return s

    def _tensor(self, t: Tensor, depth: int) -> None:
        shape, strides, offset = tuple(t.shape), tuple(t.stride()), t.storage_offset()
        s = self._storage(t)
        pos = _positions(shape, strides, offset) if t.numel() else []
        if not self.filling:
            s.size = max(s.size, (max(pos) + 1) if pos else 0)
        elif s.cells is not None:
            for p, v in zip(pos, t.flat):
                s.cells[p] = v.data
        param = isinstance(t, Parameter)
        if param:
            self.global_("torch._utils", "_rebuild_parameter")
            self.write(pickle.MARK)
        self.global_("torch._utils", "_rebuild_tensor_v2")
        self.write(pickle.MARK)
        self.write(pickle.MARK)  # the storage's persistent id
        self.save("storage", depth)
        self.global_("torch", STORAGE_NAMES[t.dtype.name])
        for x in (s.key, "cpu", s.size):
            self.save(x, depth)
        self.write(pickle.TUPLE + pickle.BINPERSID)
        for x in (offset, shape, strides, t.requires_grad and not param):
            self.save(x, depth + 1)
        self.call("collections", "OrderedDict", (), depth)  # backward hooks: none
        self.write(pickle.TUPLE + pickle.REDUCE)
        if param:
            self.save(t.requires_grad, depth)
            self.call("collections", "OrderedDict", (), depth)
            self.write(pickle.TUPLE + pickle.REDUCE)
        self.remember(t)


# -- reading ------------------------------------------------------------------------------------


def _fail(message: str) -> pickle.UnpicklingError:
    return pickle.UnpicklingError(f"Weights only load failed. {message}")


class _Call:
    """A function a file may call (REDUCE): its PyTorch name and our checked version."""

    def __init__(self, name: str, fn: Callable[[Loader, tuple[Any, ...]], Any]) -> None:
        self.name, self.fn = name, fn

    def __repr__(self) -> str:
        return f"<function {self.name}>"


class _StorageType:
    def __init__(self, dt: dtype) -> None:
        self.dtype = dt


class _Storage:
    """A storage the file names: its elements are read from ``data/<key>`` on first use."""

    def __init__(self, key: str, dt: dtype, numel: int) -> None:
        self.key, self.dtype, self.numel = key, dt, numel
        self.base: Tensor | None = None


def _int(x: Any, what: str, low: int = 0) -> int:
    if type(x) is not int or not low <= x < _INT64:
        raise _fail(f"{what} must be an integer in [{low}, 2**63), not {x!r:.60}.")
    return x


def _ints(x: Any, what: str) -> tuple[int, ...]:
    if type(x) not in (tuple, list, Size) or len(x) > _MAX_DIMS:
        raise _fail(f"{what} must be a tuple of at most {_MAX_DIMS} integers, not {x!r:.60}.")
    return tuple(_int(n, what) for n in x)


def _bool(x: Any, what: str) -> bool:
    if type(x) is not bool:
        raise _fail(f"{what} must be True or False, not {x!r:.60}.")
    return x


def _empty(x: Any, what: str) -> None:
    if x is not None and (type(x) not in (dict, OrderedDict) or x):
        raise _fail(f"{what} is not loaded here: it must be empty, not {x!r:.60}.")


def _arity(args: tuple[Any, ...], name: str, low: int, high: int) -> None:
    if not low <= len(args) <= high:
        raise _fail(f"{name} takes {low} to {high} arguments, not {len(args)}.")


class Loader(RestrictedUnpickler):
    """Read ``data.pkl`` (or a first-format file): ``storage(key, dtype, numel)`` gives a
    storage's elements, ``location(where)`` checks a storage's device."""

    passthrough = (DeviceError,)

    def __init__(self, data: bytes, *, file_size: int, storage: Any = None,
                 location: Any = None) -> None:  # fmt: skip
        super().__init__(data)
        self.read_storage, self.check_location = storage, location
        self.storages: dict[str, _Storage] = {}
        # elements all rebuilt tensors may show: a multiple of the file's bytes, so views
        # sharing a storage load, and a stride-0 view of one number cannot ask for 10**9
        self.budget = 8 * file_size + 1024

    def find_global(self, module: str, name: str) -> Any:
        found = _GLOBALS.get(f"{module}.{name}")
        if found is not None:
            return found
        if module == "torch" and (name.endswith("Storage") or name in _OTHER_DTYPES):
            raise _fail(f"torch.{name} is not supported here (tinygrad_edu's dtypes: "
                        f"{', '.join(DTYPES)}).")  # fmt: skip
        return super().find_global(module, name)

    def reduce(self, func: Any, args: tuple[Any, ...]) -> Any:
        if isinstance(func, _Call):
            return func.fn(self, args)
        if func is Parameter:
            return _parameter_new(self, args)
        return super().reduce(func, args)

    def newobj(self, cls: Any, args: tuple[Any, ...]) -> Any:
        if cls is Parameter:
            return _parameter_new(self, args)
        return super().newobj(cls, args)

    def build(self, inst: Any, state: Any) -> None:
        if type(inst) not in (OrderedDict, Counter):
            super().build(inst, state)
        if type(state) is tuple and len(state) == 2 and state[1] is None:
            state = state[0]
        if type(state) is not dict:
            raise _fail(f"BUILD state must be a dict, not {type(state).__name__}.")
        for k in state:
            # a name the type has (keys, items, __class__...) would change what it does
            if type(k) is not str or k.startswith("__") or hasattr(type(inst), k):
                raise _fail(f"BUILD may not set {k!r:.60} on a {type(inst).__name__}.")
        inst.__dict__.update(state)

    def persistent_load(self, pid: Any) -> Any:
        if self.read_storage is None:
            raise _fail("Persistent ids appear only in a zip archive's data.pkl.")
        if type(pid) is not tuple or len(pid) != 5:
            raise _fail(f"A storage's persistent id is a 5-tuple, not {pid!r:.80}.")
        kind, cls, key, where, numel = pid
        if kind not in ("storage", b"storage"):
            raise _fail(f"Only persistent_load of storage is allowed, but got {kind!r:.40}")
        if not isinstance(cls, _StorageType):
            raise _fail(f"A storage's type must be a typed storage class, not {cls!r:.60}.")
        if type(key) is not str or type(where) is not str:
            raise _fail("A storage's key and location must be strings.")
        numel = _int(numel, "A storage's size")
        self.check_location(where)
        known = self.storages.get(key)
        if known is None:
            known = self.storages[key] = _Storage(key, cls.dtype, numel)
        elif (known.dtype, known.numel) != (cls.dtype, numel):
            raise _fail(f"Storage {key} is named with two different types or sizes.")
        return known

    def finish(self, result: Any) -> Any:
        check_nesting(result, visit=_no_internals)
        return result

    # -- tensors ------------------------------------------------------------------------------

    def spend(self, n: int) -> None:
        if n > self.budget:
            raise _fail(
                "The file's tensors ask for more elements than a file of its size can hold."
            )
        self.budget -= n

    def base(self, s: _Storage) -> Tensor:
        if s.base is None:
            nums = self.read_storage(s.key, s.dtype, s.numel)  # its record has numel elements
            self.spend(s.numel)
            vals = [Value(x, requires_grad=False) for x in nums]
            s.base = Tensor.from_values(vals, (s.numel,), s.dtype)
        return s.base

    def tensor(self, storage: Any, offset: Any, size: Any, stride: Any, grad: Any) -> Tensor:
        if not isinstance(storage, _Storage):
            raise _fail(f"A tensor's storage must be a storage of the file, not {storage!r:.60}.")
        offset, size = _int(offset, "A tensor's storage offset"), _ints(size, "A tensor's size")
        stride, grad = _ints(stride, "A tensor's stride"), _bool(grad, "requires_grad")
        if len(stride) != len(size):
            raise _fail(f"A tensor's size {list(size)} and stride {list(stride)} differ in length.")
        numel = 0 if 0 in size else 1  # at most 64 factors below 2**63: cheap to multiply
        for n in size:
            numel *= n
        if numel and offset + sum((n - 1) * s for n, s in zip(size, stride)) >= storage.numel:
            raise _fail(
                f"A tensor of size {list(size)}, stride {list(stride)} and offset {offset} "
                f"reaches beyond its storage of {storage.numel} elements."
            )
        if grad and not storage.dtype.is_floating_point:
            raise _fail("Only Tensors of floating point dtype can require gradients.")
        self.spend(numel)
        base = self.base(storage)
        pos = _positions(size, stride, offset) if numel else []
        t = Tensor.from_values([base.flat[p] for p in pos], size, storage.dtype)
        t.set_geometry(stride, offset, base)  # views of one storage share it, as saved
        if grad:  # a leaf of its own, sharing the storage (as Parameter and detach() do)
            t = t.detach().requires_grad_(True)
        return t


def _no_internals(obj: Any) -> None:
    if isinstance(obj, (_Storage, _StorageType, _Call)):
        raise _fail(f"A bare {type(obj).__name__.strip('_').lower()} cannot be loaded here.")


def _tensor_v2(u: Loader, args: tuple[Any, ...]) -> Tensor:
    _arity(args, "_rebuild_tensor_v2", 6, 7)
    _empty(args[5], "A tensor's backward hooks")
    if len(args) == 7:
        _empty(args[6], "A tensor's metadata")
    return u.tensor(*args[:5])


def _tensor_v1(u: Loader, args: tuple[Any, ...]) -> Tensor:
    _arity(args, "_rebuild_tensor", 4, 4)
    return u.tensor(*args, False)


def _parameter(u: Loader, args: tuple[Any, ...]) -> Parameter:
    _arity(args, "_rebuild_parameter", 3, 4)
    for extra in args[2:]:
        _empty(extra, "A parameter's hooks or state")
    return _parameter_new(u, args[:2])


def _parameter_new(u: Loader, args: tuple[Any, ...]) -> Parameter:
    _arity(args, "Parameter", 1, 2)
    data, grad = args[0], (_bool(args[1], "requires_grad") if len(args) > 1 else True)
    if not isinstance(data, Tensor):
        raise _fail(f"A Parameter's data must be a tensor, not {type(data).__name__}.")
    if grad and not data.dtype.is_floating_point:
        raise _fail("Only Tensors of floating point dtype can require gradients.")
    return Parameter(data, requires_grad=grad)


def _from_type(u: Loader, args: tuple[Any, ...]) -> Any:
    _arity(args, "_rebuild_from_type_v2", 4, 4)
    func, new_type, inner, state = args
    if not (isinstance(func, _Call) and func.fn in (_tensor_v2, _tensor_v1, _parameter)):
        raise _fail(f"_rebuild_from_type_v2 rebuilds tensors only, not with {func!r:.60}.")
    if new_type not in (Tensor, Parameter) or type(inner) is not tuple:
        raise _fail(f"_rebuild_from_type_v2 makes a Tensor or a Parameter, not {new_type!r:.60}.")
    _empty(state, "A tensor's Python attributes")
    t = func.fn(u, inner)
    return t if type(t) is new_type else Parameter(t, requires_grad=t.requires_grad)


def _first_format(u: Loader, args: tuple[Any, ...]) -> Tensor:
    """The project's first format: (dtype name, shape, the numbers row-major, flags)."""
    _arity(args, "rebuild_tensor", 4, 4)
    name, shape, flat, flags = args
    if type(name) is not str or name not in DTYPES:
        raise _fail(f"Unknown dtype {name!r:.40}.")
    shape, flags = _ints(shape, "A tensor's shape"), _int(flags, "The tensor's flags")
    numel = math.prod(shape) if all(n <= u.budget for n in shape) else u.budget + 1
    u.spend(numel)
    if type(flat) is not list or len(flat) != numel:
        raise _fail(f"A tensor of shape {list(shape)} needs {numel} numbers.")
    if any(type(x) not in (int, float, bool) for x in flat):
        raise _fail("A tensor's numbers must be ints, floats or bools.")
    dt = DTYPES[name]
    vals = [Value(store(dt, float(x)), requires_grad=False) for x in flat]
    t = Tensor.from_values(vals, shape, dt)
    if flags & 1 and not dt.is_floating_point:
        raise _fail("Only Tensors of floating point dtype can require gradients.")
    if flags & 2:
        return Parameter(t, requires_grad=bool(flags & 1))
    return t.requires_grad_(True) if flags & 1 else t


def _only(types: tuple[type, ...], what: str) -> Callable[[Any], Any]:
    def check(x: Any) -> Any:
        if type(x) not in types:
            raise _fail(f"{what}, not {type(x).__name__}.")
        return x

    return check


_number = _only((int, float), "complex() takes numbers")
_text = _only((str,), "This takes a string")


def _encode(u: Loader, args: tuple[Any, ...]) -> bytes:
    _arity(args, "_codecs.encode", 1, 2)
    codec = args[1] if len(args) > 1 else "utf-8"
    if codec not in ("latin1", "latin-1", "utf-8", "utf8", "ascii"):
        raise _fail(f"_codecs.encode with {codec!r:.30} is not loaded here.")
    return _text(args[0]).encode(codec)


def _bytearray(u: Loader, args: tuple[Any, ...]) -> bytearray:
    _arity(args, "bytearray", 0, 2)
    if len(args) == 2:  # (text, "latin-1"), Python's own form; never a size to allocate
        return bytearray(_encode(u, args))
    return bytearray(_only((bytes,), "bytearray() takes bytes")(args[0]) if args else b"")


def _set(u: Loader, args: tuple[Any, ...]) -> set[Any]:
    _arity(args, "set", 0, 1)
    items = _only((list, tuple, set), "set() takes a list")(args[0]) if args else []
    for x in items:
        u.keys.check(x)
    return set(items)


def _size(u: Loader, args: tuple[Any, ...]) -> Size:
    _arity(args, "torch.Size", 0, 1)
    items = args[0] if args else ()
    if type(items) not in (tuple, list):
        raise _fail("torch.Size takes a tuple of integers.")
    return Size(_int(n, "A size", low=-_INT64) for n in items)


def _device(u: Loader, args: tuple[Any, ...]) -> device:
    _arity(args, "torch.device", 1, 2)
    kind = _text(args[0])
    index = args[1] if len(args) > 1 else None
    if index is not None:
        _int(index, "A device index")
    if kind.split(":")[0] != "cpu":
        raise _fail(f"device {kind!r:.30}: tinygrad_edu runs on the CPU only.")
    return device(kind, index)


def _complex(u: Loader, args: tuple[Any, ...]) -> complex:
    _arity(args, "complex", 0, 2)
    return complex(*map(_number, args))


def _ordered(u: Loader, args: tuple[Any, ...]) -> OrderedDict[Any, Any]:
    _arity(args, "OrderedDict", 0, 0)  # its items come by SETITEMS
    return OrderedDict()


def _counter(u: Loader, args: tuple[Any, ...]) -> Counter[Any]:
    _arity(args, "Counter", 0, 1)
    return Counter(_only((dict,), "Counter() takes a dict")(args[0]) if args else {})


def _calls() -> dict[str, Any]:
    table: dict[str, Any] = {
        "torch._utils._rebuild_tensor_v2": _tensor_v2,
        "torch._utils._rebuild_tensor": _tensor_v1,
        "torch._utils._rebuild_parameter": _parameter,
        "torch._utils._rebuild_parameter_with_state": _parameter,
        "torch._tensor._rebuild_from_type_v2": _from_type,
        "tinygrad_edu.serialization.rebuild_tensor": _first_format,
        "_codecs.encode": _encode,
        "builtins.bytearray": _bytearray,
        "builtins.set": _set,
        "builtins.complex": _complex,
        "collections.OrderedDict": _ordered,
        "collections.Counter": _counter,
        "torch.Size": _size,
        "torch.device": _device,
    }  # fmt: skip
    out: dict[str, Any] = {k: _Call(k, fn) for k, fn in table.items()}
    out.update({f"torch.{name}": dt for name, dt in DTYPES.items()})
    out.update({f"torch.{cls}": _StorageType(DTYPES[name]) for name, cls in STORAGE_NAMES.items()})
    out["torch.Tensor"] = Tensor
    out["torch.nn.parameter.Parameter"] = Parameter
    return out


_GLOBALS = _calls()
