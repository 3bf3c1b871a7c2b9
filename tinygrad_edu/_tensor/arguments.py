"""PyTorch's checks of the arguments at an op's entry: sizes, dtypes, flags, dims, integer ranges.

PyTorch parses every argument of a Python call against the op's signature before any work is
done (``torch/csrc/utils/python_arg_parser.cpp``), so a wrong argument is one TypeError naming
the op and the argument, never a computation on a wrong object. These functions give the same
checks and the same words, for the ops' entry points to call:

>>> int_list("zeros", (2, 2.5))
Traceback (most recent call last):
...
TypeError: zeros(): argument 'size' failed to unpack the object at pos 2 with error "type must ...
>>> dtype_arg("zeros", float)
torch.float64
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

from .dtype import bool_, dtype, float64, int64
from .shape import normalize_dim

__all__ = [
    "INT64_MAX",
    "MAX_DIMS",
    "bool_arg",
    "check_int_range",
    "check_nesting",
    "dim_arg",
    "dim_checked",
    "dtype_arg",
    "int_arg",
    "int_list",
    "invalid_combination",
    "nonnegative",
    "operand_arg",
    "operands",
    "scalar_fits",
    "type_name",
]

INT64_MAX = 2**63 - 1
_OVERFLOW = "Overflow when unpacking long long"
# a Python type given for a dtype: PyTorch takes these three for its own
_PY_DTYPES = {float: float64, int: int64, bool: bool_}


def type_name(value: Any) -> str:
    """The name PyTorch's messages give the type of ``value`` (``Tensor``, ``float``...)."""
    return type(value).__name__


def _as_int(value: Any) -> int | None:
    """``value`` as an int if PyTorch's parser reads it as one (a bool is not; a 0-d integer
    tensor is), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    dt = getattr(value, "dtype", None)
    integer = isinstance(dt, dtype) and not dt.is_floating_point and dt is not bool_
    if integer and getattr(value, "shape", None) == ():
        return int(value)
    return None


def _fits(n: int) -> bool:
    return -(2**63) <= n <= INT64_MAX


def _unpack_error(fn: str, name: str, pos: int, error: str) -> TypeError:
    return TypeError(
        f"{fn}(): argument '{name}' failed to unpack the object at pos {pos} with error {error}"
    )


def int_list(
    fn: str, args: Sequence[Any], name: str = "size", *, varargs: bool = True
) -> tuple[int, ...]:
    """The ints of a size argument given as ``f(2, 3)`` or ``f((2, 3))``, or PyTorch's
    TypeError. ``varargs=False``: the op takes only a sequence (``full``), not a bare int."""
    if not args and varargs:
        return ()  # f() with no size: a 0-d shape (``t.reshape(*())``)
    if len(args) == 1 or not varargs:
        (arg,) = args if len(args) == 1 else (tuple(args),)
        n = _as_int(arg)
        if n is not None and varargs:
            if not _fits(n):
                raise _unpack_error(fn, name, 1, f'"{_OVERFLOW}')
            return (n,)
        if not isinstance(arg, (tuple, list)):
            raise TypeError(
                f"{fn}(): argument '{name}' (position 1) must be tuple of ints, not "
                f"{type_name(arg)}"
            )
        items = list(arg)
        if items and _as_int(items[0]) is None:
            raise TypeError(
                f"{fn}(): argument '{name}' (position 1) must be tuple of ints, but found "
                f"element of type {type_name(items[0])} at pos 0"
            )
    else:
        if _as_int(args[0]) is None:
            raise TypeError(f"{fn}() takes 1 positional argument but {len(args)} were given")
        items = list(args)
    out = []
    for k, item in enumerate(items):
        n = _as_int(item)
        if n is None:
            raise _unpack_error(
                fn, name, k + 1, f'"type must be tuple of ints,but got {type_name(item)}"'
            )
        if not _fits(n):
            raise _unpack_error(fn, name, k + 1, f'"{_OVERFLOW}')
        out.append(n)
    return tuple(out)


def nonnegative(shape: Sequence[int], fn: str = "") -> tuple[int, ...]:
    """``shape`` if no size is negative, else PyTorch's RuntimeError (``zeros`` has its own)."""
    for n in shape:
        if n < 0:
            if fn == "zeros":
                raise RuntimeError("zeros: Dimension size must be non-negative.")
            listed = ", ".join(map(str, shape))
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{listed}]")
    return tuple(shape)


def int_arg(fn: str, name: str, value: Any, position: int | None = None) -> int:
    """An argument PyTorch types ``int`` (``eye(n)``, ``randperm(n)``), or its TypeError."""
    n = _as_int(value)
    if n is None:
        where = f" (position {position})" if position else ""
        raise TypeError(f"{fn}(): argument '{name}'{where} must be int, not {type_name(value)}")
    return n


def dtype_arg(fn: str, value: Any, name: str = "dtype") -> dtype | None:
    """A dtype argument: a torch dtype, None, or Python's ``float``/``int``/``bool``."""
    if value is None or isinstance(value, dtype):
        return value
    if isinstance(value, type) and value in _PY_DTYPES:
        return _PY_DTYPES[value]
    raise TypeError(f"{fn}(): argument '{name}' must be torch.dtype, not {type_name(value)}")


def bool_arg(
    fn: str, name: str, value: Any, position: int | None = None, *, optional: bool = False
) -> bool:
    """A flag PyTorch types ``bool`` (``requires_grad=``): 1 and "yes" are refused, and None
    unless the op's signature says ``bool?`` (``optional``: the factories of a size)."""
    if value is None and optional:
        return False
    if not isinstance(value, bool):
        where = f" (position {position})" if position else ""
        raise TypeError(f"{fn}(): argument '{name}'{where} must be bool, not {type_name(value)}")
    return value


def dim_arg(fn: str, dim: Any, *, many: bool = False, kwargs_only: bool = True) -> Any:
    """A ``dim=`` PyTorch types ``int`` (``many``: ``int[1]``, a tuple allowed)."""
    if _as_int(dim) is not None:
        return dim
    if many and isinstance(dim, (tuple, list)) and all(_as_int(d) is not None for d in dim):
        return dim
    kind = "tuple of ints" if many else "int"
    raise TypeError(f"{fn}(): argument 'dim' must be {kind}, not {type_name(dim)}")


def invalid_combination(
    fn: str, args: Sequence[Any], kwargs: dict[str, Any] | None = None
) -> TypeError:
    """PyTorch's error for a call that fits none of an op's signatures (its first line)."""
    parts = [type_name(a) for a in args] + [
        f"{k}={type_name(v)}" for k, v in (kwargs or {}).items()
    ]
    got = ", ".join(parts) + (", " if len(parts) == 1 and kwargs else "")
    return TypeError(
        f"{fn}() received an invalid combination of arguments - got ({got}), but expected one of:"
    )


_RANGES = {
    "int8": (-(2**7), 2**7 - 1),
    "uint8": (0, 2**8 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), INT64_MAX),
}
# c10's names of the C types, in the message of a scalar that does not fit (``torch.full``)
_C_NAMES = {
    "int8": "int8_t",
    "uint8": "uint8_t",
    "int16": "int16_t",
    "int32": "int",
    "int64": "int64_t",
}


def check_int_range(dt: dtype, values: Sequence[Any], *, c_name: bool = False) -> None:
    """PyTorch refuses a number an integer dtype cannot hold (``tensor([300], dtype=int8)``,
    nan or inf into an int); a Python int beyond int64 fails before any dtype is looked at."""
    if dt.is_floating_point or dt is bool_ or dt.name not in _RANGES:
        return
    for v in values:
        if isinstance(v, int) and not _fits(v):
            raise ValueError(_OVERFLOW)
    lo, hi = _RANGES[dt.name]
    for v in values:
        if isinstance(v, bool):
            continue
        # c10's check lets an int wrap into an unsigned type (-1 is 255), not a float
        low = -hi if dt.name == "uint8" and isinstance(v, int) else lo
        bad = (v != v or not lo <= v <= hi) if isinstance(v, float) else not low <= v <= hi
        if isinstance(v, float) and dt is int64 and math.isfinite(v):
            bad = not float(lo) <= v <= float(hi)  # 2**63 as a double passes C's comparison
        if bad:
            name = _C_NAMES[dt.name] if c_name else dt.name
            raise RuntimeError(f"value cannot be converted to type {name} without overflow")


MAX_DIMS = 128  # PyTorch's limit on the dims of a tensor made from nested lists


def check_nesting(data: Any) -> None:
    """What ``torch.tensor`` refuses at once, before reading a single number: a list that
    contains itself (it would never end) and one nested deeper than ``MAX_DIMS``."""
    depth, first = 0, data
    while isinstance(first, (list, tuple)) and first:
        depth += 1
        if depth > MAX_DIMS:
            raise ValueError(f"too many dimensions '{type_name(first)}'")
        first = first[0]
    # each list once, with the lists on the path to it: one of them again is a circle
    stack: list[tuple[Any, int]] = [(data, 0)]
    path: list[int] = []
    on_path: set[int] = set()
    while stack:
        node, level = stack.pop()
        while len(path) > level:
            on_path.discard(path.pop())
        if not isinstance(node, (list, tuple)):
            continue
        if id(node) in on_path:
            raise TypeError("new(): self-referential lists are incompatible")
        path.append(id(node))
        on_path.add(id(node))
        stack.extend(
            (item, level + 1) for item in reversed(node) if isinstance(item, (list, tuple))
        )


def _is_tensor(value: Any) -> bool:
    return isinstance(getattr(value, "dtype", None), dtype) and hasattr(value, "shape")


def scalar_fits(value: Any) -> Any:
    """A Python int operand must fit in int64, as PyTorch's Scalar does (``x + 2**70``)."""
    if type(value) is int and not _fits(value):
        raise OverflowError("int too big to convert")
    return value


def operand_arg(fn: str, value: Any, name: str = "other", position: int = 1) -> Any:
    """The other operand of ``t.add(other)``, ``torch.add(a, other)``: a tensor or a number."""
    scalar_fits(value)
    if not (_is_tensor(value) or isinstance(value, (bool, int, float))):
        raise TypeError(
            f"{fn}(): argument '{name}' (position {position}) must be Tensor, not "
            f"{type_name(value)}"
        )
    return value


def operands(fn: str, args: Sequence[Any], kwargs: dict[str, Any] | None = None) -> None:
    """Every operand a tensor or a number, else the op's ``invalid combination`` TypeError
    (``t.pow("a")``, ``torch.eq(t, None)``, ``t.clamp(min=[1])``)."""
    given = [*args, *(kwargs or {}).values()]
    for v in given:
        scalar_fits(v)
    if not all(_is_tensor(v) or isinstance(v, (bool, int, float)) for v in given):
        raise invalid_combination(fn, args, kwargs)


def dim_checked(name: str, kind: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """The method ``fn`` with its ``dim`` (first argument or ``dim=``) checked first, as
    PyTorch's parser and ``maybe_wrap_dim`` check it: ``kind`` is ``"int"`` (``argmax``),
    ``"ints"`` (``amax``: a tuple too), or ``"combination"``/``"combination_int"`` for the ops
    whose error is the invalid-combination one (``sum``, ``prod``)."""

    @functools.wraps(fn)
    def checked(self: Any, *args: Any, **kwargs: Any) -> Any:
        if "dim" in kwargs:
            dim, where = kwargs["dim"], ""
        elif args:
            dim, where = args[0], " (position 1)"
        else:
            return fn(self, *args, **kwargs)
        if dim is None:
            return fn(self, *args, **kwargs)
        one = _as_int(dim) is not None
        many = isinstance(dim, (tuple, list)) and all(_as_int(d) is not None for d in dim)
        ok = one or (many and kind in ("ints", "combination"))
        if not ok and kind.startswith("combination"):
            raise invalid_combination(name, args, kwargs)
        if not ok:
            what = "tuple of ints" if kind == "ints" else "int"
            raise TypeError(f"{name}(): argument 'dim'{where} must be {what}, not {type_name(dim)}")
        for d in [dim] if one else dim:
            normalize_dim(int(d), self.dim())
        return fn(self, *args, **kwargs)

    return checked
