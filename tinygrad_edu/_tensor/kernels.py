"""The kernels: each tensor op turned into one scalar node per output element (a reduction or
a dot product one n-ary node), with PyTorch's dtype rules and errors.

Kernels take tensors and give tensors of the same class; they know a tensor only by what it
shows (``flat``, ``shape``, ``dtype``, ``from_values``), so the ``Tensor`` class sits above
them and its methods are one line each into here.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

from .._torch_cpu import float32_pointwise as f32p
from .._torch_cpu import float32_reduce as f32r
from .._torch_cpu import float64_libm as f64
from .._torch_cpu.float32_libm import round32
from ..core.anomaly_mode import is_anomaly_enabled
from ..core.engine import Value, apply, constants, vdot
from ..core.grad_mode import is_grad_enabled
from ..core.ops import COPIES, NARY, OPS
from .dtype import (
    C_NAMES,
    bool_,
    float32,
    float64,
    get_default_dtype,
    int64,
    promote,
    result_type,
    store,
)  # fmt: skip
from .lazy import Lazy
from .shape import broadcast, check_numel, index, normalize_dim
from .tensor_graph import NODES, is_tensor, lazy_result, node_class, result
from .tensor_messages import BOOL_SUB, BOOL_SUB2

__all__ = [
    "FLOAT32",
    "as_float32",
    "binary",
    "compare",
    "copy",
    "dot",
    "float32_arithmetic",
    "matmul",
    "reduce",
    "rounded",
    "select",
    "set_float32_arithmetic",
    "stack",
    "unary",
]

_Number = (int, float)


# -- float32: each result rounded as PyTorch's CPU kernel rounds it ---------------------------


# Each float64 rounded to the nearest float32, all at once (through ``array``): for + - * /
# and sqrt exactly PyTorch's float32 result (the double result of two float32 inputs, rounded
# once, is the correctly rounded float32 one).
rounded = round32


# The float32 kernel of each op, by key: it takes the float64 results and gives the float32
# ones. Every op is ``rounded`` for now; an op whose PyTorch kernel computes otherwise (its own
# exp/log/tanh, the order of a sum or a dot product) gets its entry here: the one place where
# a float32 kernel is chosen.
FLOAT32: dict[str, Callable[[list[float]], list[float]]] = {}


class _Arithmetic:
    # whether float32 tensors compute in float32 (each result rounded, PyTorch's way) or in
    # float64 rounded only when read (set_float32_arithmetic(False), to compare the two)
    float32 = True


_ARITHMETIC = _Arithmetic()


def set_float32_arithmetic(on: bool) -> None:
    """Make float32 tensors compute in float32, every result rounded as PyTorch's (``True``),
    or in float64 and rounded only when read or printed (``False``)."""
    _ARITHMETIC.float32 = bool(on)


def float32_arithmetic() -> bool:
    """Whether float32 tensors round every result to float32 (``set_float32_arithmetic``)."""
    return _ARITHMETIC.float32


def as_float32(key: str, vals: list[Value]) -> None:
    """Round the element Values of a float32 result of op ``key`` in place."""
    for v, d in zip(vals, FLOAT32.get(key, rounded)([v.data for v in vals])):
        v.data = d


def _finish(key: str, vals: list[Value], dt: Any, inputs: Any = None) -> list[Value]:
    if dt is not float32 and dt is not float64:  # the narrow types: each result stored as dt
        for v in vals:
            v.data = store(dt, v.data)
    elif dt is float32 and vals and _ARITHMETIC.float32:
        kernel = FROM_INPUTS.get(key) if inputs is not None else None
        if kernel is None:
            as_float32(key, vals)
        else:  # PyTorch's own float32 kernel, from the inputs (its order, its exp)
            for v, d in zip(vals, kernel(*inputs)):
                v.data = d
    elif dt is float64 and vals and inputs is not None and key in FROM_INPUTS64:
        data = FROM_INPUTS64[key](*inputs)  # PyTorch's float64 kernel (None: keep the values)
        for v, d in zip(vals, data or ()):
            v.data = d
    return vals


# the float32 kernels that reproduce PyTorch's bits from the op's inputs (float32_pointwise,
# float32_reduce: bit for bit on this machine's AVX2 build); the rest round the float64 result
FROM_INPUTS: dict[str, Callable[..., list[float]]] = {
    "sigmoid": f32p.sigmoid,
    "silu": f32p.silu,
    "log1p": f32p.log1p,
    "sum": lambda xs: [f32r.sum(xs)],
    "mean": lambda xs: [f32r.mean(xs)],
    "sum_dim": f32r.sum_dim,
    "mean_dim": f32r.mean_dim,
    "mm": f32r.mm,
    "mv": f32r.mv,
    "pow": f32p.pow,  # x ** 3 is (x * x) * x, x ** 0.5 sqrt...: PowKernel.cpp's special cases
    "powt": f32p.pow,  # a tensor exponent: Sleef's powf in the vector blocks
}
# the float64 ones: Sleef's double pow on the vector blocks (None for PowKernel's own exponents)
FROM_INPUTS64: dict[str, Callable[..., list[float] | None]] = {
    "pow": f64.pow_blocks,
    "powt": f64.pow_blocks,
}


def _outside_graph(*tensors: Any) -> bool:
    """Whether an op on ``tensors`` records nothing: grad mode off, or no element of an input
    requires grad (then its results are plain numbers, ``constants``)."""
    if not is_grad_enabled():
        return True
    for t in tensors:
        if not t.has_elements:  # a result whose elements are not made: its node says
            if t.grad_fn is not None:
                return False
        elif t.requires_grad or any(map(_REQUIRES_GRAD, t.flat)):
            return False
    return True


_REQUIRES_GRAD = operator.attrgetter("requires_grad")


def _finished(
    key: str, compute: Callable[[], list[float]], dt: Any, inputs: Any = None
) -> list[float]:
    """``_finish`` on numbers: ``compute()`` (the float64 results), or for a float32 result
    PyTorch's float32 kernel of op ``key`` (from its inputs where one reproduces PyTorch's
    bits: then the float64 results are not needed), else the float64 results rounded."""
    if dt is float32 and _ARITHMETIC.float32:
        kernel = FROM_INPUTS.get(key) if inputs is not None else None
        if kernel is not None and inputs[0]:
            return kernel(*inputs)
        data = compute()
        return FLOAT32.get(key, rounded)(data) if data else data
    if dt is float64 and inputs is not None and key in FROM_INPUTS64 and inputs[0]:
        return FROM_INPUTS64[key](*inputs) or compute()
    return compute()


def _numbers_first(dt: Any, *tensors: Any) -> bool:
    """Whether an op of result dtype ``dt`` on ``tensors`` computes its numbers first and
    makes its element Values only when asked (``lazy.py``): float32 or float64 tensors of
    that one dtype, outside anomaly mode (which records where each element was made)."""
    if dt is not float32 and dt is not float64:
        return False
    if is_anomaly_enabled():
        return False
    return all(t.dtype is dt for t in tensors)


def unary(key: str, a: Any, *params: Any) -> Any:
    """The table's one-input op ``key`` on every element of ``a``."""
    op = OPS[key]
    if a.dtype is bool_ and op.bool_error:
        error, message = op.bool_error
        raise error(message)
    full = [*params, *(d for _, d in op.params[len(params) :])]
    dt = a.dtype if op.ints == "keep" and not a.dtype.is_floating_point else None
    dt = dt or (a.dtype if a.dtype.is_floating_point else get_default_dtype())
    saved = {n: full[i - 1] for n, i in op.saved.items() if isinstance(i, int) and i >= 1}
    if _numbers_first(dt, a):
        xs = a.numbers()
        fwd = op.forward

        def compute() -> list[float]:
            return [fwd(x, *full) for x in xs] if full else list(map(fwd, xs))

        data = _finished(key, compute, dt, (xs,) if not params else None)
        lz = Lazy(op, "unary", data, dt is float32, tuple(full))
        return lazy_result(lz, a.shape, dt, node_class(op.name), (a,), **saved)
    if _outside_graph(a):
        fwd = op.forward
        vals = constants([fwd(v.data, *full) for v in a.flat])
    else:
        vals = [apply(op, (v, *full)) for v in a.flat]
    ins = ([v.data for v in a.flat],) if not params else None
    # (saved: the constants PyTorch saves, clamp's _saved_min, as they were given)
    return result(_finish(key, vals, dt, ins), a.shape, dt, node_class(op.name), (a,), **saved)


def copy(a: Any, key: str, shape: Sequence[int] | None = None) -> Any:
    """A copy of every element, one identity node each (``clone``, ``CopyBackwards``, views)."""
    op = COPIES[key]
    vals = [apply(op, (v,)) for v in a.flat]
    return result(vals, a.shape if shape is None else shape, a.dtype, NODES[key], (a,))


def binary(key: str, a: Any, b: Any) -> Any:
    """The table's two-input op ``key``: ``a`` and a tensor (broadcast) or a number."""
    op = OPS[key]
    if key in ("sub", "rsub") and (a.dtype is bool_ or getattr(b, "dtype", None) is bool_):
        both = a.dtype is bool_ and getattr(b, "dtype", None) is bool_
        raise RuntimeError(BOOL_SUB2 if both else BOOL_SUB)
    if key == "pow" and type(b) is int and b < 0 and not a.dtype.is_floating_point:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    maps = None
    if is_tensor(b):
        if key in ("rsub", "rpow"):
            return NotImplemented
        shape = a.shape
        if a.shape != b.shape:
            shape, ia, ib = broadcast(a.shape, b.shape)
            maps = (ia, ib)
        dt = result_type(a, b)
    elif isinstance(b, _Number):
        n = b if key in ("pow", "rpow") and type(b) is int else float(b)
        shape, dt = a.shape, promote(a.dtype, None, b)
        if dt is float32 and type(n) is float and _ARITHMETIC.float32:  # as a float32, as PyTorch
            n = rounded([n])[0]
    else:
        return NotImplemented
    if key == "div" or (key in ("pow", "powt", "rpow") and isinstance(b, float)):
        dt = dt if dt.is_floating_point else get_default_dtype()
    if key == "rpow" and isinstance(b, float):
        dt = get_default_dtype() if not a.dtype.is_floating_point else a.dtype
    attrs: dict[str, Any] = {}
    if key in ("add", "sub"):
        attrs["_saved_alpha"] = 1
    elif key in ("mul", "div") and not is_tensor(b):
        attrs["_saved_self"] = None  # PyTorch needs no self to scale by a number
    node = node_class(op.name)
    fwd = op.forward
    if is_tensor(b):
        if _numbers_first(dt, a, b):
            xs, ys = a.numbers(), b.numbers()
            if maps is not None:
                xs, ys = [xs[i] for i in maps[0]], [ys[j] for j in maps[1]]
            data = _finished(key, lambda: list(map(fwd, xs, ys)), dt, (xs, ys))
            lz = Lazy(op, "pair", data, dt is float32, (), maps)
            return lazy_result(lz, shape, dt, node, (a, b), **attrs)
        av, bv = a.flat, b.flat
        if maps is not None:
            av, bv = [av[i] for i in maps[0]], [bv[j] for j in maps[1]]
        if _outside_graph(a, b):
            vals = constants([fwd(x.data, y.data) for x, y in zip(av, bv)])
        else:
            vals = [apply(op, (x, y)) for x, y in zip(av, bv)]
        ins = ([x.data for x in av], [y.data for y in bv]) if key in FROM_INPUTS else None
        return result(_finish(key, vals, dt, ins), shape, dt, node, (a, b), **attrs)
    pow_number = key == "pow" and isinstance(b, _Number)
    if _numbers_first(dt, a):
        xs = a.numbers()
        data = _finished(key, lambda: [fwd(x, n) for x in xs], dt, (xs, b) if pow_number else None)
        lz = Lazy(op, "number", data, dt is float32, (n,))
        return lazy_result(lz, shape, dt, node, (a, b), **attrs)
    if _outside_graph(a):
        vals = constants([fwd(x.data, n) for x in a.flat])
    else:
        vals = [apply(op, (x, n)) for x in a.flat]
    ins = ([v.data for v in a.flat], b) if pow_number else None
    return result(_finish(key, vals, dt, ins), shape, dt, node, (a, b), **attrs)


def compare(fn: Callable[[float, float], bool], a: Any, b: Any) -> Any:
    """A comparison: a bool tensor, never part of a graph."""
    if is_tensor(b):
        shape, ia, ib = broadcast(a.shape, b.shape)
        pairs = [(a.flat[i].data, b.flat[j].data) for i, j in zip(ia, ib)]
    elif isinstance(b, _Number):
        shape, pairs = a.shape, [(v.data, b) for v in a.flat]
    else:
        return NotImplemented
    vals = [Value(1.0 if fn(x, y) else 0.0, requires_grad=False) for x, y in pairs]
    return type(a).from_values(vals, shape, bool_)


def reduce(key: str, a: Any, dim: int | None, keepdim: bool) -> Any:
    """``sum`` or ``mean``, over everything (one n-ary node) or over one dim (one per group)."""
    op = NARY["sum"] if key == "sum" else NARY["mean"]
    dt = a.dtype if a.dtype.is_floating_point else (int64 if key == "sum" else get_default_dtype())
    if key == "mean" and not a.dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point "
            f"or complex dtype. Got: {'Long' if a.dtype is int64 else 'Bool'}"
        )
    if dim is None:
        attrs: dict[str, Any] = {"_saved_self_sym_sizes": tuple(a.shape)}
        if key == "mean":
            attrs["_saved_self_sym_numel"] = a.numel()
        shape = (1,) * len(a.shape) if keepdim else ()
        if _numbers_first(dt, a):
            xs = a.numbers()
            data = _finished(key, lambda: [op.forward(*xs)], dt, (xs,))
            lz = Lazy(op, "reduce", data, dt is float32)
            return lazy_result(lz, shape, dt, NODES[key], (a,), **attrs)
        vals = _finish(key, [apply(op, tuple(a.flat))], dt, ([v.data for v in a.flat],))
        return result(vals, shape, dt, NODES[key], (a,), **attrs)
    d = normalize_dim(dim, len(a.shape))
    shape = list(a.shape)
    if not shape:  # a 0-d tensor reduced over dim 0 or -1 is itself
        groups = [a.flat]
    else:
        outer, n, inner = math.prod(shape[:d]), shape[d], math.prod(shape[d + 1 :])
        groups = [
            [a.flat[(o * n + k) * inner + i] for k in range(n)]
            for o in range(outer)
            for i in range(inner)
        ]
        shape[d] = 1
        if not keepdim:
            del shape[d]
    ins = None
    if a.dtype is float32 and len(a.shape) == 2:
        ins = ([v.data for v in a.flat], tuple(a.shape), d)
    elif a.dtype is float32 and len(a.shape) > 2:  # as (outer, n, inner), the middle reduced
        ins = ([v.data for v in a.flat], (outer, n, inner), 1)
    vals = _finish(key + "_dim", [apply(op, tuple(g)) for g in groups], dt, ins)
    attrs = {"_saved_dim": (d,), "_saved_keepdim": keepdim,
             "_saved_self_sym_sizes": tuple(a.shape)}  # fmt: skip
    return result(vals, shape, dt, NODES[key + "_dim"], (a,), **attrs)


def select(t: Any, dim: int, i: Any, report_dim: int = 0, key: str = "select") -> Any:
    """``t[i]`` along dim 0 (``report_dim`` is the dim PyTorch names in its errors)."""
    if is_tensor(i):
        i = i.__index__()
    if not isinstance(i, int) or isinstance(i, bool):
        raise NotImplementedError(
            f"indexing with {type(i).__name__} is not supported: use an integer"
        )
    if not t.shape:
        raise IndexError(
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
        )
    k = index(i, t.shape[0], report_dim)
    inner = math.prod(t.shape[1:])
    op = COPIES[key]
    vals = [apply(op, (v,)) for v in t.flat[k * inner : (k + 1) * inner]]
    attrs: dict[str, Any] = {"_saved_dim": report_dim}
    if key == "select":
        attrs.update(_saved_index=i, _saved_self_sym_sizes=tuple(t.shape))
    return result(vals, t.shape[1:], t.dtype, NODES[key], (t,), **attrs)


# -- matrix products -------------------------------------------------------------------------


def dot(a: Any, b: Any) -> Any:
    """``torch.dot``: two 1-d tensors, one ``DotBackward0`` node."""
    if len(a.shape) != 1 or len(b.shape) != 1:
        raise RuntimeError(
            f"1D tensors expected, but got {len(a.shape)}D and {len(b.shape)}D tensors"
        )
    if a.shape != b.shape:
        n, m = a.shape[0], b.shape[0]
        raise RuntimeError(
            f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have the same "
            f"number of elements, but got {n} and {m} elements respectively"
        )
    if a.dtype is not b.dtype:
        raise RuntimeError(
            "dot : expected both vectors to have same dtype, but found "
            f"{C_NAMES[a.dtype][0]} and {C_NAMES[b.dtype][0]}"
        )
    vals = _finish("dot", [vdot(a.flat, b.flat)], a.dtype)
    return result(vals, (), a.dtype, NODES["dot"], (a, b))


def matmul(a: Any, b: Any) -> Any:
    """``a @ b`` for 1-d and 2-d tensors: DotBackward0, MvBackward0 or MmBackward0."""
    if not is_tensor(a) or not is_tensor(b):
        return NotImplemented
    da, db = len(a.shape), len(b.shape)
    if da == 0 or db == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {da}D and {db}D"
        )
    if da == 1 and db == 1:
        return dot(a, b)
    if da > 2 or db > 2:
        raise NotImplementedError("matmul of tensors with more than 2 dimensions")
    dt = promote(a.dtype, b.dtype)
    if da == 2 and db == 1:
        (n, k), m = a.shape, b.shape[0]
        if k != m:
            raise RuntimeError(f"size mismatch, got input ({n}), mat ({n}x{k}), vec ({m})")
        if a.dtype is not b.dtype:
            va, vm = C_NAMES[b.dtype][0], C_NAMES[a.dtype][0]
            raise RuntimeError(
                f"addmv input tensors must have the same dtype, but got {va}, {vm}, and {va}"
            )
        rows = [a.flat[i * k : (i + 1) * k] for i in range(n)]
        ins = ([v.data for v in a.flat], (n, k), [v.data for v in b.flat])
        vals = _finish("mv", [vdot(r, b.flat) for r in rows], dt, ins)
        return result(vals, (n,), dt, NODES["mv"], (a, b))
    if da == 1:  # as PyTorch does it: unsqueeze to a row, multiply, squeeze
        row = matmul(copy(a, "unsqueeze", (1, a.shape[0])), b)
        return copy(row, "squeeze", (row.shape[1],))
    (n, k), (m, p) = a.shape, b.shape
    if k != m:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({n}x{k} and {m}x{p})")
    if a.dtype is not b.dtype:
        raise RuntimeError(
            "expected m1 and m2 to have the same dtype, but got: "
            f"{C_NAMES[a.dtype][1]} != {C_NAMES[b.dtype][1]}"
        )
    check_numel(n * p)
    cols = [b.flat[j::p] for j in range(p)]
    vals = [vdot(a.flat[i * k : (i + 1) * k], c) for i in range(n) for c in cols]
    ins = ([v.data for v in a.flat], [v.data for v in b.flat], n, k, p) if k < 192 else None
    return result(_finish("mm", vals, dt, ins), (n, p), dt, NODES["mm"], (a, b))


def stack(tensors: Sequence[Any], dim: int = 0) -> Any:
    """``torch.stack``: one new dimension at ``dim``, ``StackBackward0``."""
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    for k, t in enumerate(tensors[1:], 1):
        if t.shape != tensors[0].shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got {list(tensors[0].shape)} "
                f"at entry 0 and {list(t.shape)} at entry {k}"
            )
    d = normalize_dim(dim, len(tensors[0].shape) + 1)
    shape = list(tensors[0].shape)
    inner = math.prod(shape[d:])
    outer = math.prod(shape[:d])
    op = COPIES["stack"]
    vals = [
        apply(op, (t.flat[o * inner + i],))
        for o in range(outer)
        for t in tensors
        for i in range(inner)
    ]
    shape.insert(d, len(tensors))
    dt = tensors[0].dtype
    for t in tensors[1:]:
        dt = promote(dt, t.dtype)
    return result(vals, shape, dt, NODES["stack"], tuple(tensors), _saved_dim=d)
