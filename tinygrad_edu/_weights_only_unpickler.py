"""A pickle reader of its own for ``torch.load``: PyTorch's weights-only rules, and no file
can hang it, exhaust it or make it build something it was not asked to build.

It reads the opcodes PyTorch's weights-only unpickler reads (protocol 2, what ``torch.save``
writes) and no other. Every rule the file could break is checked before it is acted on:
``APPEND`` only onto lists, ``SETITEM`` only into dicts, ``BUILD``, ``REDUCE``, ``NEWOBJ`` and
``GLOBAL`` only through the hooks a subclass gives (``find_global``, ``reduce``, ``build``,
``newobj``, ``persistent_load``), every length against the bytes left, the marks and the
nesting of what it built bounded, dict keys cheap to hash. Whatever is wrong with a file, the
one error is ``pickle.UnpicklingError`` (``TruncatedFileError``, also an ``EOFError``, when it
ends early).

>>> RestrictedUnpickler(b"\\x80\\x02]q\\x00(K\\x01K\\x02e.").load()
[1, 2]
>>> try:
...     RestrictedUnpickler(b"\\x80\\x02cos\\nsystem\\n.").load()
... except pickle.UnpicklingError as e:
...     print(str(e)[:62])
Weights only load failed. Unsupported global: GLOBAL os.system
"""

from __future__ import annotations

import pickle
import struct
from collections import Counter, OrderedDict
from typing import Any

__all__ = ["MAX_DEPTH", "RestrictedUnpickler", "TruncatedFileError", "check_nesting"]

# how deeply containers may nest (save refuses deeper ones too): far beyond any state dict,
# well inside what Python's own recursion (printing, comparing) can take
MAX_DEPTH = 200
_MAX_MARKS = 2 * MAX_DEPTH + 16  # open MARKs at once: a few per level of nesting
_MAX_KEY_COST = 1_000  # tuple elements hashed, expanded, for one dict key or set element
_MAX_SAME_HASH = 16  # keys sharing one hash value: beyond, inserting them is quadratic

_MAPPED = {"__builtin__": "builtins", "copy_reg": "copyreg"}  # Python 2's module names


class TruncatedFileError(pickle.UnpicklingError, EOFError):
    """The pickle ended before its STOP: an unpickling error, and the EOFError PyTorch gives."""


def _fail(message: str) -> pickle.UnpicklingError:
    return pickle.UnpicklingError(f"Weights only load failed. {message}")


_HASHABLE_LEAVES = (str, int, float, complex, bytes, type(None))


def _check_key(key: Any) -> None:
    # a tuple key is hashed element by element, every time, however often its parts are
    # shared: a file could make one key cost 2**60 steps, so count the expanded elements
    todo, cost = [key], 0
    while todo:
        k = todo.pop()
        cost += 1
        if cost > _MAX_KEY_COST:
            raise _fail("A dict key or set element is too large to hash.")
        if isinstance(k, tuple):
            todo.extend(k)
        elif not isinstance(k, _HASHABLE_LEAVES) and type(k).__hash__ is None:
            raise _fail(f"A dict key or set element is unhashable: {type(k).__name__}.")


class _Keys:
    """Hash values seen across the file, to refuse a flood of colliding keys."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}

    def check(self, key: Any) -> None:
        _check_key(key)
        h = hash(key)
        n = self.seen.get(h, 0) + 1
        if n > _MAX_SAME_HASH:
            raise _fail("Too many dict keys or set elements share one hash value.")
        self.seen[h] = n


class RestrictedUnpickler:
    """Read one pickle from ``data`` (bytes). Subclasses allow globals by overriding
    ``find_global`` and give meaning to ``REDUCE``/``BUILD``/``NEWOBJ``/``BINPERSID``."""

    # exceptions a hook may raise that are let through as they are (not made unpickling errors)
    passthrough: tuple[type[BaseException], ...] = ()

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0
        self.memo: dict[int, Any] = {}
        self.keys = _Keys()

    # -- hooks --------------------------------------------------------------------------------

    def find_global(self, module: str, name: str) -> Any:
        """The object ``GLOBAL module name`` stands for; nothing is allowed here."""
        raise _fail(
            f"Unsupported global: GLOBAL {module}.{name} was not an allowed global by default."
        )

    def reduce(self, func: Any, args: tuple[Any, ...]) -> Any:
        """``func(*args)`` for a ``func`` that ``find_global`` gave."""
        raise _fail(f"Trying to call reduce for unrecognized function {func!r}")

    def newobj(self, cls: Any, args: tuple[Any, ...]) -> Any:
        raise _fail(f"Can only create new object for nn.Parameter, but got {cls!r}")

    def build(self, inst: Any, state: Any) -> None:
        raise _fail(f"Can only build Tensor, Parameter or OrderedDict, but got {type(inst)}")

    def persistent_load(self, pid: Any) -> Any:
        raise _fail("Unsupported persistent id encountered.")

    def finish(self, result: Any) -> Any:
        """What ``load`` returns, once the whole result is built (checked for nesting)."""
        check_nesting(result)
        return result

    # -- reading ------------------------------------------------------------------------------

    def _read(self, n: int) -> bytes:
        end = self.pos + n
        if n < 0 or end > len(self.data):
            raise TruncatedFileError("Weights only load failed. The pickle data was truncated.")
        out = self.data[self.pos : end]
        self.pos = end
        return out

    def _readline(self) -> str:
        end = self.data.find(b"\n", self.pos)
        if end < 0:
            raise TruncatedFileError("Weights only load failed. The pickle data was truncated.")
        line = self.data[self.pos : end]
        self.pos = end + 1
        return line.decode("utf-8")

    def load(self) -> Any:
        """The object the pickle describes, or ``pickle.UnpicklingError``."""
        try:
            return self._load()
        except pickle.UnpicklingError:
            raise
        except self.passthrough:
            raise
        except RecursionError as e:  # from a hook on a structure the checks let through
            raise _fail("The data is nested too deeply.") from e
        except Exception as e:  # whatever the file provoked, one error type
            raise _fail(f"The file is malformed: {type(e).__name__}: {e}") from e

    def _pop(self) -> Any:
        if not self.stack:
            raise _fail("The pickle pops an empty stack.")
        return self.stack.pop()

    def _top(self) -> Any:
        if not self.stack:
            raise _fail("The pickle reads an empty stack.")
        return self.stack[-1]

    def _pop_mark(self) -> list[Any]:
        if not self.marks:
            raise _fail("The pickle closes a MARK it never opened.")
        items, self.stack = self.stack, self.marks.pop()
        return items

    def _load(self) -> Any:
        self.stack: list[Any] = []
        self.marks: list[list[Any]] = []
        ops = _OPS
        while True:
            code = self._read(1)[0]
            handler = ops.get(code)
            if handler is None:
                raise _fail(f"Unsupported operand {code}")
            if handler is _stop:
                return self.finish(self._pop())
            handler(self)


# -- the opcodes --------------------------------------------------------------------------------


def _stop(u: RestrictedUnpickler) -> None:  # handled in the loop
    pass


def _proto(u: RestrictedUnpickler) -> None:
    u._read(1)


def _global(u: RestrictedUnpickler) -> None:
    module, name = u._readline(), u._readline()
    module = _MAPPED.get(module, module)
    u.stack.append(u.find_global(module, name))


def _reduce(u: RestrictedUnpickler) -> None:
    args = u._pop()
    func = u._pop()
    if type(args) is not tuple:
        raise _fail(f"REDUCE's arguments must be a tuple, not {type(args).__name__}.")
    u.stack.append(u.reduce(func, args))


def _newobj(u: RestrictedUnpickler) -> None:
    args = u._pop()
    cls = u._pop()
    if type(args) is not tuple:
        raise _fail(f"NEWOBJ's arguments must be a tuple, not {type(args).__name__}.")
    u.stack.append(u.newobj(cls, args))


def _build(u: RestrictedUnpickler) -> None:
    state = u._pop()
    u.build(u._top(), state)


def _append(u: RestrictedUnpickler) -> None:
    item = u._pop()
    target = u._top()
    if type(target) is not list:
        raise _fail(f"Can only append to lists, but got {type(target)}")
    target.append(item)


def _appends(u: RestrictedUnpickler) -> None:
    items = u._pop_mark()
    target = u._top()
    if type(target) is not list:
        raise _fail(f"Can only extend lists, but got {type(target)}")
    target.extend(items)


def _set_target(u: RestrictedUnpickler, opcode: str) -> Any:
    target = u._top()
    if type(target) not in (dict, OrderedDict, Counter):
        raise _fail(
            f"Can only {opcode} for dict, collections.OrderedDict, collections.Counter, "
            f"but got {type(target)}"
        )
    return target


def _setitem(u: RestrictedUnpickler) -> None:
    value = u._pop()
    key = u._pop()
    target = _set_target(u, "SETITEM")
    u.keys.check(key)
    target[key] = value


def _setitems(u: RestrictedUnpickler) -> None:
    items = u._pop_mark()
    target = _set_target(u, "SETITEMS")
    if len(items) % 2:
        raise _fail("SETITEMS needs keys and values in pairs.")
    for i in range(0, len(items), 2):
        u.keys.check(items[i])
        target[items[i]] = items[i + 1]


def _mark(u: RestrictedUnpickler) -> None:
    if len(u.marks) >= _MAX_MARKS:
        raise _fail("The pickle opens too many MARKs at once.")
    u.marks.append(u.stack)
    u.stack = []


def _tuple(u: RestrictedUnpickler) -> None:
    items = u._pop_mark()
    u.stack.append(tuple(items))


def _tuple_n(n: int) -> Any:
    def op(u: RestrictedUnpickler) -> None:
        if len(u.stack) < n:
            raise _fail("The pickle pops an empty stack.")
        items = tuple(u.stack[len(u.stack) - n :])
        del u.stack[len(u.stack) - n :]
        u.stack.append(items)

    return op


def _push(value: Any) -> Any:
    # a type (list, dict, set) makes a new empty one each time; a constant is pushed as is
    def op(u: RestrictedUnpickler) -> None:
        u.stack.append(value() if isinstance(value, type) else value)

    return op


def _binint(u: RestrictedUnpickler) -> None:
    u.stack.append(struct.unpack("<i", u._read(4))[0])


def _binint1(u: RestrictedUnpickler) -> None:
    u.stack.append(u._read(1)[0])


def _binint2(u: RestrictedUnpickler) -> None:
    u.stack.append(struct.unpack("<H", u._read(2))[0])


def _long1(u: RestrictedUnpickler) -> None:
    n = u._read(1)[0]
    u.stack.append(int.from_bytes(u._read(n), "little", signed=True))


def _binfloat(u: RestrictedUnpickler) -> None:
    u.stack.append(struct.unpack(">d", u._read(8))[0])


def _binunicode(u: RestrictedUnpickler) -> None:
    n = struct.unpack("<I", u._read(4))[0]
    u.stack.append(u._read(n).decode("utf-8", "surrogatepass"))


def _short_binstring(u: RestrictedUnpickler) -> None:
    n = u._read(1)[0]
    u.stack.append(u._read(n).decode("utf-8"))  # torch.load's encoding="utf-8"


def _binpersid(u: RestrictedUnpickler) -> None:
    pid = u._pop()
    if type(pid) is not tuple and type(pid) is not int:
        raise _fail(f"persistent_load id must be tuple or int, but got {type(pid)}")
    u.stack.append(u.persistent_load(pid))


def _get(width: int) -> Any:
    def op(u: RestrictedUnpickler) -> None:
        raw = u._read(width)
        i = raw[0] if width == 1 else struct.unpack("<I", raw)[0]
        if i not in u.memo:
            raise _fail(f"Memo value not found at index {i}")
        u.stack.append(u.memo[i])

    return op


def _put(width: int) -> Any:
    def op(u: RestrictedUnpickler) -> None:
        raw = u._read(width)
        i = raw[0] if width == 1 else struct.unpack("<I", raw)[0]
        u.memo[i] = u._top()  # at most one entry per PUT: the memo is bounded by the file

    return op


_P = pickle
_OPS: dict[int, Any] = {
    _P.PROTO[0]: _proto,
    _P.STOP[0]: _stop,
    _P.GLOBAL[0]: _global,
    _P.REDUCE[0]: _reduce,
    _P.NEWOBJ[0]: _newobj,
    _P.BUILD[0]: _build,
    _P.APPEND[0]: _append,
    _P.APPENDS[0]: _appends,
    _P.SETITEM[0]: _setitem,
    _P.SETITEMS[0]: _setitems,
    _P.MARK[0]: _mark,
    _P.TUPLE[0]: _tuple,
    _P.TUPLE1[0]: _tuple_n(1),
    _P.TUPLE2[0]: _tuple_n(2),
    _P.TUPLE3[0]: _tuple_n(3),
    _P.NONE[0]: _push(None),
    _P.NEWFALSE[0]: _push(False),
    _P.NEWTRUE[0]: _push(True),
    _P.EMPTY_TUPLE[0]: _push(()),
    _P.EMPTY_LIST[0]: _push(list),
    _P.EMPTY_DICT[0]: _push(dict),
    _P.EMPTY_SET[0]: _push(set),
    _P.BININT[0]: _binint,
    _P.BININT1[0]: _binint1,
    _P.BININT2[0]: _binint2,
    _P.LONG1[0]: _long1,
    _P.BINFLOAT[0]: _binfloat,
    _P.BINUNICODE[0]: _binunicode,
    _P.SHORT_BINSTRING[0]: _short_binstring,
    _P.BINPERSID[0]: _binpersid,
    _P.BINGET[0]: _get(1),
    _P.LONG_BINGET[0]: _get(4),
    _P.BINPUT[0]: _put(1),
    _P.LONG_BINPUT[0]: _put(4),
}


def _children(obj: Any) -> Any:
    if type(obj) in (list, tuple, set, frozenset):
        return obj
    if type(obj) in (dict, OrderedDict, Counter):
        extra = list(vars(obj).values()) if type(obj) is OrderedDict else []
        return [*obj.keys(), *obj.values(), *extra]
    return ()


def check_nesting(root: Any, limit: int = MAX_DEPTH, visit: Any = None) -> None:
    """Refuse a result whose containers nest deeper than ``limit`` (the longest chain,
    however its parts are shared; a container met again inside itself ends the chain).
    ``visit``, if given, sees every object once."""
    if visit is not None:
        visit(root)
    height: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, Any, list[int]]] = [(root, iter(_children(root)), [0])]
    on_path.add(id(root))
    while stack:
        obj, items, best = stack[-1]
        for child in items:
            k = id(child)
            if visit is not None and k not in height and k not in on_path:
                visit(child)
            if k in height:
                best[0] = max(best[0], height[k])
            elif k not in on_path and _children(child):
                if len(stack) >= limit:
                    raise _fail(f"The data nests containers more than {limit} deep.")
                on_path.add(k)
                stack.append((child, iter(_children(child)), [0]))
                break
        else:
            stack.pop()
            on_path.discard(id(obj))
            height[id(obj)] = h = best[0] + 1
            if len(stack) + h > limit:
                raise _fail(f"The data nests containers more than {limit} deep.")
            if stack:
                stack[-1][2][0] = max(stack[-1][2][0], h)
