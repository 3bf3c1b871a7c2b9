"""The reductions and selections beginners use: ``max``/``min`` (and ``argmax``/``argmin``),
``norm``, ``std``, ``var``, ``prod``, ``all``, ``any``, ``cat``; each with PyTorch's node name.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1.0, 5.0], [7.0, 2.0]], requires_grad=True)
>>> x.max()
tensor(7., grad_fn=<MaxBackward1>)
>>> x.max(dim=1)
torch.return_types.max(
values=tensor([5., 7.], grad_fn=<MaxBackward0>),
indices=tensor([1, 0]))
>>> x.argmax(dim=0)
tensor([1, 0])

Each is built from the table's scalar ops (a selected element is a copy of it, a norm a sum
of squares and a square root), and shown as the one node PyTorch shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..._torch_cpu import float32_reduce as f32r
from ...core.engine import Value, apply
from ...core.ops import COPIES, NARY
from .. import kernels
from ..arguments import invalid_combination
from ..dtype import C_NAMES, bfloat16, bool_, float16, float32, int64, round_float32, store
from ..kernels import float32_arithmetic
from ..shape import along, normalize_dim
from ..tensor_graph import NODES, is_tensor, node_class, result

__all__ = [
    "METHODS",
    "all_",
    "amax",
    "amin",
    "any_",
    "argmax",
    "argmin",
    "cat",
    "dims_of",
    "equal",
    "max_",
    "maximum",
    "mean_",
    "min_",
    "minimum",
    "norm",
    "prod",
    "reduction_groups",
    "return_type",
    "sum_",
]  # fmt: skip


class _MinMax(NamedTuple):
    values: Any
    indices: Any


def return_type(name: str) -> type:
    """PyTorch's `torch.return_types.<name>`: a (values, indices) pair with its repr."""
    cls = type(name, (_MinMax,), {})

    def __repr__(self: Any) -> str:  # noqa: N807
        return f"torch.return_types.{name}(\nvalues={self.values!r},\nindices={self.indices!r})"

    cls.__repr__ = __repr__
    return cls


MaxResult, MinResult = return_type("max"), return_type("min")


def _fused(name: str, r: Any, inputs: tuple[Any, ...], **saved: Any) -> Any:
    if r.grad_fn is None:
        return r
    return result(r.elements(), r.shape, r.dtype, node_class(name, len(inputs), {}, "find"),
                  inputs, **saved)  # fmt: skip


def _groups(t: Any, d: int) -> tuple[list[list[int]], list[int]]:
    """The flat positions of each slice along ``d``, and the shape without ``d``."""
    shape = list(t.shape)
    return along(shape, d), shape[:d] + shape[d + 1 :]


def _pick(t: Any, best: Any, dim: int | None, keepdim: bool, kind: str) -> Any:
    flat = t.elements()
    data = [v.data for v in flat]
    if dim is None:
        if not flat:
            raise RuntimeError(
                f"{kind}(): Expected reduction dim to be specified for input.numel() == 0."
            )
        i = best(range(len(data)), key=data.__getitem__)
        tied = [v for v, x in zip(flat, data) if x == data[i]]
        # PyTorch shares the gradient evenly among equal maxima: their mean is the max
        v = (
            apply(COPIES["select"], (flat[i],))
            if len(tied) < 2
            else apply(NARY["mean"], tuple(tied))
        )
        name = "MaxBackward1" if kind == "max" else "MinBackward1"
        return result([v], (), t.dtype, node_class(name, 1, {}, "find"), (t,))
    d = normalize_dim(dim, max(t.dim(), 1))
    groups, shape = _groups(t, d) if t.shape else ([[0]], [])
    picks = [best(g, key=data.__getitem__) for g in groups]
    pos = [g.index(p) for g, p in zip(groups, picks)]
    if keepdim and t.shape:
        shape = list(t.shape)
        shape[d] = 1
    vals = [apply(COPIES["select"], (flat[p],)) for p in picks]
    name = "MaxBackward0" if kind == "max" else "MinBackward0"
    values = result(vals, shape, t.dtype, node_class(name, 1, {}, "find"), (t,), _saved_dim=d)
    from_values = type(t).from_values
    indices = _ints(from_values, pos, shape)
    return (MaxResult if kind == "max" else MinResult)(values, indices)


def _ints(from_values: Any, data: Sequence[int], shape: Sequence[int]) -> Any:
    return from_values([Value(float(x), requires_grad=False) for x in data], tuple(shape), int64)


def _first_max(items: Any, key: Any) -> int:
    best = None
    for i in items:  # the first of equal maxima, and nan wins, as PyTorch's kernel
        if best is None or key(i) > key(best) or (key(i) != key(i) and key(best) == key(best)):
            best = i
    return best  # type: ignore[return-value]


def _first_min(items: Any, key: Any) -> int:
    best = None
    for i in items:
        if best is None or key(i) < key(best) or (key(i) != key(i) and key(best) == key(best)):
            best = i
    return best  # type: ignore[return-value]


def max_(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if (
        dim is not None
        and not is_tensor(dim)
        and (isinstance(dim, bool) or not isinstance(dim, int))
    ):
        raise invalid_combination("max", (dim,))
    if is_tensor(dim):  # torch.max(a, b): the elementwise maximum
        return maximum(t, dim)
    return _pick(t, _first_max, dim, keepdim, "max")


def min_(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if (
        dim is not None
        and not is_tensor(dim)
        and (isinstance(dim, bool) or not isinstance(dim, int))
    ):
        raise invalid_combination("min", (dim,))
    if is_tensor(dim):
        return minimum(t, dim)
    return _pick(t, _first_min, dim, keepdim, "min")


def maximum(a: Any, b: Any) -> Any:
    r = (a - b).relu() + b  # max(a, b) with the table's ops
    return _fused("MaximumBackward0", r, (a, b))


def minimum(a: Any, b: Any) -> Any:
    r = a - (a - b).relu()
    return _fused("MinimumBackward0", r, (a, b))


def argmax(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if dim is None:
        data = [v.data for v in t.elements()]
        return _ints(type(t).from_values, [_first_max(range(len(data)), data.__getitem__)], ())
    return _pick(t.detach(), _first_max, dim, keepdim, "max").indices


def argmin(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if dim is None:
        data = [v.data for v in t.elements()]
        return _ints(type(t).from_values, [_first_min(range(len(data)), data.__getitem__)], ())
    return _pick(t.detach(), _first_min, dim, keepdim, "min").indices


def norm(t: Any, p: Any = "fro", dim: Any = None, keepdim: bool = False) -> Any:
    """The 2-norm (``p=2`` or ``"fro"``), or ``p=1``: ``LinalgVectorNormBackward0``."""
    if p in ("fro", 2, 2.0):
        r = (t * t).sum(dim, keepdim=keepdim).sqrt() if dim is not None else (t * t).sum().sqrt()
        if dim is None and t.dtype is float32 and float32_arithmetic():  # PyTorch's own order
            r.elements()[0].data = f32r.norm([v.data for v in t.elements()])
        elif dim is None and t.dtype in (bfloat16, float16):  # summed in float, rounded once
            r.elements()[0].data = store(t.dtype, f32r.norm([v.data for v in t.elements()]))
    elif p in (1, 1.0):
        r = t.abs().sum(dim, keepdim=keepdim) if dim is not None else t.abs().sum()
    else:
        raise NotImplementedError(f"norm with p={p!r}: only p=1 and p=2 here")
    return _fused("LinalgVectorNormBackward0", r, (t,))


def _product(vals: list[Any], single: bool) -> Any:
    out = vals[0] if vals else 1.0
    for v in vals[1:]:
        out = out * v
        if single:  # each partial product a float32, as PyTorch's float32 loop keeps it
            out.data = round_float32(out.data)
    return out if not isinstance(out, float) and len(vals) > 1 else apply(COPIES["select"], (out,))


def prod(t: Any, dim: int | None = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    """The product of all elements (``ProdBackward0``) or along ``dim`` (``ProdBackward1``);
    integers and bools give int64."""
    t = _with_dtype(t, dtype)
    dt = t.dtype if t.dtype.is_floating_point else int64
    single = t.dtype is float32
    if dim is None:
        vals = [_product(t.elements(), single)]
        return result(vals, (), dt, node_class("ProdBackward0", 1, {}, "find"), (t,))
    dims, shape = dims_of(t, dim, keepdim)
    groups = reduction_groups(t.shape, dims)
    vals = [_product([t.flat[i] for i in g], single) for g in groups]
    for v in vals if dt is int64 else ():
        v.data = float(int(v.data))
    return result(vals, shape, dt, node_class("ProdBackward1", 1, {}, "find"), (t,),
                  _saved_dim=dims[0], _saved_keepdim=keepdim)  # fmt: skip


def dims_of(t: Any, dim: Any, keepdim: bool) -> tuple[tuple[int, ...], list[int]]:
    """A reduction's ``dim`` (an int, or a list or tuple of them) as sorted dims in range,
    and the result's shape."""
    given = list(dim) if isinstance(dim, (list, tuple)) else [dim]
    ndim = t.dim()
    dims = [normalize_dim(d, ndim) for d in given]
    for d in dims:
        if dims.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    if not ndim:
        return (0,), []
    shape = [1 if i in dims else n for i, n in enumerate(t.shape)] if keepdim else [
        n for i, n in enumerate(t.shape) if i not in dims
    ]  # fmt: skip
    return tuple(sorted(dims)), shape


def reduction_groups(shape: Any, dims: tuple[int, ...]) -> list[list[int]]:
    """The flat positions reduced into each result element, the results in row-major order."""
    if not shape:
        return [[0]]
    groups: dict[tuple[int, ...], list[int]] = {}
    strides = [math.prod(shape[i + 1 :]) for i in range(len(shape))]
    for flat in range(math.prod(shape)):
        key = tuple((flat // st) % n for i, (st, n) in enumerate(zip(strides, shape))
                    if i not in dims)  # fmt: skip
        groups.setdefault(key, []).append(flat)
    return list(groups.values())


def _with_dtype(t: Any, dtype: Any) -> Any:
    if dtype is None or dtype is t.dtype:
        return t
    if t.requires_grad and not dtype.is_floating_point:
        raise RuntimeError(f"Autograd not support dtype: {C_NAMES[dtype][0]}")
    return t.to(dtype)


def _reduce(key: str, t: Any, dim: Any, keepdim: bool, dtype: Any, axis: Any,
            keepdims: Any) -> Any:  # fmt: skip
    dim = axis if dim is None else dim
    keepdim = keepdim or bool(keepdims)
    t = _with_dtype(t, dtype)
    if isinstance(dim, (list, tuple)) and len(dim) == 1:
        dim = dim[0]
    if dim is None or (isinstance(dim, (list, tuple)) and not dim):
        return kernels.reduce(key, t, None, keepdim)
    if not isinstance(dim, (list, tuple)):
        return kernels.reduce(key, t, dim, keepdim)
    dims, shape = dims_of(t, dim, keepdim)
    if key == "mean" and not t.dtype.is_floating_point:
        return kernels.reduce(key, t, None, keepdim)  # its error
    op = NARY[key]
    dt = t.dtype if t.dtype.is_floating_point else int64
    vals = [apply(op, tuple(t.flat[i] for i in g)) for g in reduction_groups(t.shape, dims)]
    if dt is float32 and kernels.float32_arithmetic():
        kernels.as_float32(key, vals)
    return result(vals, shape, dt, NODES[key + "_dim"], (t,), _saved_dim=dims,
                  _saved_keepdim=keepdim, _saved_self_sym_sizes=tuple(t.shape))  # fmt: skip


def sum_(t: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None,
         axis: Any = None, keepdims: Any = None) -> Any:  # fmt: skip
    """The sum of all elements, or over ``dim`` (an int or several; NumPy's ``axis`` and
    ``keepdims`` are accepted too); ``dtype``: converted to it first."""
    return _reduce("sum", t, dim, keepdim, dtype, axis, keepdims)


def mean_(t: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None,
          axis: Any = None, keepdims: Any = None) -> Any:  # fmt: skip
    """The mean of all elements, or over ``dim``, as ``sum_`` takes them."""
    return _reduce("mean", t, dim, keepdim, dtype, axis, keepdims)


def _extreme(t: Any, dim: Any, keepdim: bool, kind: str) -> Any:
    """``amax``/``amin``: the largest (smallest) over ``dim``, the gradient shared evenly
    among equal extremes (their mean is the extreme)."""
    name = "amax" if kind == "max" else "amin"
    if not t.flat and not dim:
        raise RuntimeError(
            f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
            "Specify the reduction dim with the 'dim' argument."
        )
    if dim is None or (isinstance(dim, (list, tuple)) and not dim):
        dim = tuple(range(t.dim()))
    dims, shape = dims_of(t, dim, keepdim)
    best = _first_max if kind == "max" else _first_min
    vals = []
    for g in reduction_groups(t.shape, dims):
        data = [t.flat[i].data for i in g]
        top = data[best(range(len(g)), key=data.__getitem__)]
        tied = [t.flat[i] for i, x in zip(g, data) if x == top or (x != x and top != top)]
        op, ins = (COPIES["select"], tied[:1]) if len(tied) < 2 else (NARY["mean"], tied)
        vals.append(apply(op, tuple(ins)))
        vals[-1].data = top
    node = node_class("AmaxBackward0" if kind == "max" else "AminBackward0", 1, {}, "find")
    return result(vals, shape, t.dtype, node, (t,), _saved_dim=dims, _saved_keepdim=keepdim)


def amax(t: Any, dim: Any = (), keepdim: bool = False) -> Any:
    return _extreme(t, dim, keepdim, "max")


def amin(t: Any, dim: Any = (), keepdim: bool = False) -> Any:
    return _extreme(t, dim, keepdim, "min")


def all_(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if dim is not None:
        return _test_along(t, all, dim, keepdim)
    ok = all(v.data != 0 for v in t.elements())
    return _ints_bool(t, ok)


def any_(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if dim is not None:
        return _test_along(t, any, dim, keepdim)
    ok = any(v.data != 0 for v in t.elements())
    return _ints_bool(t, ok)


def _test_along(t: Any, test: Any, dim: int, keepdim: bool) -> Any:
    """``all``/``any`` along ``dim`` (it reduced the whole tensor, whatever the dim)."""
    d = normalize_dim(dim, t.dim())
    if not t.shape:
        return _ints_bool(t, test(v.data != 0 for v in t.elements()))
    groups, shape = _groups(t, d)
    if keepdim:
        shape = [*t.shape[:d], 1, *t.shape[d + 1 :]]
    flat = t.elements()
    vals = [Value(float(test(flat[i].data != 0 for i in g)), requires_grad=False) for g in groups]
    return type(t).from_values(vals, tuple(shape), bool_)


def _ints_bool(t: Any, ok: bool) -> Any:
    return type(t).from_values([Value(1.0 if ok else 0.0, requires_grad=False)], (), bool_)


def cat(tensors: Sequence[Any], dim: int = 0) -> Any:
    """``torch.cat``: joined along an existing dim, ``CatBackward0``."""
    if is_tensor(tensors) or not isinstance(tensors, (list, tuple)):
        raise TypeError(
            "cat(): argument 'tensors' (position 1) must be tuple of Tensors, not "
            f"{type(tensors).__name__}"
        )
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    tensors = [t for t in tensors if not (t.dim() == 1 and t.numel() == 0)] or list(tensors)[:1]
    first = tensors[0]
    d = normalize_dim(dim, first.dim())
    for k, t in enumerate(tensors[1:], 1):
        if t.dim() != first.dim() or any(
            a != b for i, (a, b) in enumerate(zip(t.shape, first.shape)) if i != d
        ):
            want = first.shape[1 - d] if first.dim() > 1 else first.shape[0]
            got = t.shape[1 - d] if t.dim() > 1 else t.shape[0]
            raise RuntimeError(
                f"Sizes of tensors must match except in dimension {d}. Expected size {want} but "
                f"got size {got} for tensor number {k} in the list."
            )
    outer = math.prod(first.shape[:d])
    pieces = []
    for o in range(outer):
        for t in tensors:
            inner = math.prod(t.shape[d:])
            pieces += t.elements()[o * inner : (o + 1) * inner]
    vals = [apply(COPIES["select"], (v,)) for v in pieces]
    shape = list(first.shape)
    shape[d] = sum(t.shape[d] for t in tensors)
    dt = first.dtype
    return result(
        vals, shape, dt, node_class("CatBackward0", -1, {}, "find"), tuple(tensors), _saved_dim=d
    )


def equal(a: Any, b: Any) -> bool:
    """``torch.equal``: the same shape and the same numbers."""
    return tuple(a.shape) == tuple(b.shape) and all(
        x.data == y.data for x, y in zip(a.elements(), b.elements())
    )


METHODS: dict[str, Any] = {
    "equal": equal, "sum": sum_, "mean": mean_, "amax": amax, "amin": amin,
    "max": max_, "min": min_, "argmax": argmax, "argmin": argmin, "norm": norm,
    "prod": prod, "all": all_, "any": any_, "maximum": maximum, "minimum": minimum,
}  # fmt: skip
