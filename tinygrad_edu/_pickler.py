"""The pickle writer behind ``torch.save``: protocol 2, only the opcodes and globals that
PyTorch's weights-only unpickler (and ``unpickler.py``) read, written as PyTorch writes them.

Python's own pickler would name this package's classes in the file; this one names
PyTorch's (``collections.OrderedDict``, ``builtins.set``, ``_codecs.encode`` for bytes...)
and hands everything else to ``save_other``, which a subclass gives meaning (tensors, dtypes,
``torch.Size``, devices). What it cannot write so that ``torch.load`` reads it back, it
refuses with ``pickle.PicklingError`` before anything is written.

>>> import pickle
>>> w = Writer()
>>> w.dump({"a": [1, 2.5, "x"], "b": {3}})
>>> pickle.loads(w.getvalue())
{'a': [1, 2.5, 'x'], 'b': {3}}
"""

from __future__ import annotations

import io
import pickle
import struct
from collections import Counter, OrderedDict
from typing import Any

from ._weights_only_unpickler import MAX_DEPTH

__all__ = ["Writer"]

_P = pickle
_BATCH = 1000  # items per APPENDS/SETITEMS, as Python's pickler batches them


class Writer:
    """Write one object as a protocol-2 pickle into a buffer (``getvalue()``)."""

    def __init__(self) -> None:
        self.out = io.BytesIO()
        self.memo: dict[int, int] = {}
        self.keep: list[Any] = []  # what the memo names stays alive, so no id is reused
        self.open_tuples: set[int] = set()

    def getvalue(self) -> bytes:
        return self.out.getvalue()

    def dump(self, obj: Any) -> None:
        self.write(_P.PROTO + b"\x02")
        self.save(obj, 0)
        self.write(_P.STOP)

    def write(self, raw: bytes) -> None:
        self.out.write(raw)

    # -- building blocks for subclasses ---------------------------------------------------------

    def global_(self, module: str, name: str) -> None:
        self.write(_P.GLOBAL + f"{module}\n{name}\n".encode())

    def call(self, module: str, name: str, args: tuple[Any, ...], depth: int) -> None:
        """``module.name(*args)`` when the file is loaded (GLOBAL, the args, REDUCE)."""
        self.global_(module, name)
        self.save(args, depth)
        self.write(_P.REDUCE)

    def remember(self, obj: Any) -> None:
        i = self.memo[id(obj)] = len(self.memo)
        self.keep.append(obj)
        self.write(_P.BINPUT + bytes([i]) if i < 256 else _P.LONG_BINPUT + struct.pack("<I", i))

    def recall(self, obj: Any) -> bool:
        """Write a reference to ``obj`` if it was written before (shared stays shared)."""
        i = self.memo.get(id(obj))
        if i is None:
            return False
        self.write(_P.BINGET + bytes([i]) if i < 256 else _P.LONG_BINGET + struct.pack("<I", i))
        return True

    def save_other(self, obj: Any, depth: int) -> None:
        """A type this writer does not know: refused (subclasses add theirs)."""
        raise pickle.PicklingError(
            f"torch.save here writes what torch.load(weights_only=True) reads back (tensors, "
            f"numbers, strings, bytes, lists, tuples, dicts, sets, OrderedDict, Counter, "
            f"torch.Size, dtypes, devices); it cannot write a {type(obj).__name__}"
        )

    # -- the objects ------------------------------------------------------------------------------

    def save(self, obj: Any, depth: int) -> None:
        t = type(obj)
        if obj is None or t is bool:
            self.write(_P.NONE if obj is None else _P.NEWTRUE if obj else _P.NEWFALSE)
        elif t is int:
            self._int(obj)
        elif t is float:
            self.write(_P.BINFLOAT + struct.pack(">d", obj))
        elif t is str:
            raw = obj.encode("utf-8", "surrogatepass")
            self.write(_P.BINUNICODE + struct.pack("<I", len(raw)) + raw)
        elif self.recall(obj):
            pass
        elif t in _CONTAINERS:
            if depth >= MAX_DEPTH:
                raise pickle.PicklingError(
                    f"torch.save: containers nest more than {MAX_DEPTH} deep, which torch.load "
                    "here refuses"
                )
            _CONTAINERS[t](self, obj, depth + 1)
        else:
            self.save_other(obj, depth)

    def _int(self, n: int) -> None:
        if 0 <= n < 256:
            self.write(_P.BININT1 + bytes([n]))
        elif 0 <= n < 65536:
            self.write(_P.BININT2 + struct.pack("<H", n))
        elif -(2**31) <= n < 2**31:
            self.write(_P.BININT + struct.pack("<i", n))
        else:
            raw = n.to_bytes((n.bit_length() + 8) // 8, "little", signed=True)
            if len(raw) > 255:
                raise pickle.PicklingError("torch.save: an integer too large for the file")
            self.write(_P.LONG1 + bytes([len(raw)]) + raw)

    def _bytes(self, obj: bytes, depth: int) -> None:
        self.call("_codecs", "encode", (obj.decode("latin1"), "latin1"), depth)
        self.remember(obj)

    def _tuple(self, obj: tuple[Any, ...], depth: int) -> None:
        if id(obj) in self.open_tuples:  # only a list or dict inside can lead back here
            raise pickle.PicklingError("torch.save: a tuple that contains itself")
        self.open_tuples.add(id(obj))
        if 0 < len(obj) <= 3:
            for x in obj:
                self.save(x, depth)
            self.write((_P.TUPLE1, _P.TUPLE2, _P.TUPLE3)[len(obj) - 1])
        elif not obj:
            self.write(_P.EMPTY_TUPLE)
        else:
            self.write(_P.MARK)
            for x in obj:
                self.save(x, depth)
            self.write(_P.TUPLE)
        self.open_tuples.discard(id(obj))
        self.remember(obj)

    def _list(self, obj: list[Any], depth: int) -> None:
        self.write(_P.EMPTY_LIST)
        self.remember(obj)  # before the items: a list may contain itself
        for start in range(0, len(obj), _BATCH):
            self.write(_P.MARK)
            for x in obj[start : start + _BATCH]:
                self.save(x, depth)
            self.write(_P.APPENDS)

    def items(self, obj: dict[Any, Any], depth: int) -> None:
        """A dict's items as SETITEMS batches into the dict on top of the stack."""
        pairs = list(obj.items())
        for start in range(0, len(pairs), _BATCH):
            self.write(_P.MARK)
            for k, v in pairs[start : start + _BATCH]:
                self.save(k, depth)
                self.save(v, depth)
            self.write(_P.SETITEMS)

    def _dict(self, obj: dict[Any, Any], depth: int) -> None:
        self.write(_P.EMPTY_DICT)
        self.remember(obj)
        self.items(obj, depth)

    def _ordered(self, obj: OrderedDict[Any, Any], depth: int) -> None:
        self.call("collections", "OrderedDict", (), depth)
        self.remember(obj)
        self.items(obj, depth)
        if vars(obj):  # a state dict's _metadata, as PyTorch writes it
            self.save(dict(vars(obj)), depth)
            self.write(_P.BUILD)

    def _counter(self, obj: Counter[Any], depth: int) -> None:
        self.call("collections", "Counter", (dict(obj),), depth)
        self.remember(obj)

    def _set(self, obj: set[Any], depth: int) -> None:
        self.call("builtins", "set", (list(obj),), depth)
        self.remember(obj)

    def _bytearray(self, obj: bytearray, depth: int) -> None:
        self.call("builtins", "bytearray", (bytes(obj),), depth)
        self.remember(obj)

    def _complex(self, obj: complex, depth: int) -> None:
        self.call("builtins", "complex", (obj.real, obj.imag), depth)


_CONTAINERS: dict[type, Any] = {
    tuple: Writer._tuple,
    list: Writer._list,
    dict: Writer._dict,
    OrderedDict: Writer._ordered,
    Counter: Writer._counter,
    set: Writer._set,
    bytes: Writer._bytes,
    bytearray: Writer._bytearray,
    complex: Writer._complex,
}
