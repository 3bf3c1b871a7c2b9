"""Indexing as PyTorch indexes: ``t[key]`` and ``t[key] = value``.

A key is ints, slices, ``None``, ``...``, index lists or integer tensors and bool masks, alone
or in a tuple.  Ints, slices, ``None`` and ``...`` make views (``views.py``: ``SelectBackward0``,
``SliceBackward0``...); index lists, tensors and masks then gather a copy (``IndexBackward0``),
their dims placed as PyTorch (and NumPy) place them.  ``t[key] = value`` writes into the
storage; on a tensor that records a graph, or with a value that requires grad, ``t``'s
``grad_fn`` becomes ``CopySlices`` (``IndexPutBackward0`` for an advanced key).

>>> import tinygrad_edu as torch
>>> x = torch.arange(1.0, 7.0).reshape(2, 3).requires_grad_()
>>> x[..., [0, 2]], x[x > 4]
(tensor([[1., 3.],
        [4., 6.]], grad_fn=<IndexBackward0>), tensor([5., 6.], grad_fn=<IndexBackward0>))
>>> y = x * 1
>>> y[0, 1:] = 0.0
>>> y
tensor([[1., 0., 0.],
        [4., 5., 6.]], grad_fn=<CopySlices>)
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ...core.engine import Value, apply
from ...core.grad_mode import STATE
from ...core.ops import Op
from ..dtype import C_NAMES, Size, bool_, float32, int64, round_float32
from ..shape import broadcast, flatten, index, normalize_dim
from ..tensor_graph import is_tensor, node_class, remember, result
from ..tensor_messages import LEAF_INPLACE, VIEW_LEAF_INPLACE
from .inplace import adopt
from .views import alias, contiguous_strides, copy_op, select, slice_, unsqueeze
from .writeback import (
    COPY_SLICES,
    OVERWRITE,
    CopyBackwards,
    CopySlices,
    check_view_of_leaf,
    write_data,
    written,
)

__all__ = ["METHODS", "copy_", "getitem", "masked_fill"]
__all__ += ["gather", "index_select", "invert", "scatter_", "setitem"]

INDEX = copy_op("index", "IndexBackward0")
_INDEX_NODE = node_class(INDEX.name)
_INDEX_PUT_NODE = node_class("IndexPutBackward0", slots=2, layout="find")


_BAD_INDEX = (
    "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
    "indices (got {})"
)


def _items(key: Any) -> list[Any]:
    """The key as a list of indices; a short list holding a sequence, slice, None, ... or a
    tensor is a tuple, as PyTorch (and old NumPy) read it."""
    if isinstance(key, tuple):
        return list(key)
    if (
        isinstance(key, list)
        and len(key) < 32
        and any(
            isinstance(k, (list, tuple, slice)) or k is None or k is ... or is_tensor(k)
            for k in key
        )
    ):
        return list(key)
    return [key]


def _as_index(k: Any) -> tuple[list[int], tuple[int, ...], bool]:
    """An index list, range or tensor as (flat values, shape, is a bool mask)."""
    if is_tensor(k):
        if k.dtype.is_floating_point:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        return [int(v.data) for v in k.flat], tuple(k.shape), k.dtype is bool_
    flat, shape = flatten(list(k))
    for x in flat:
        if not isinstance(x, (int, float)):
            raise TypeError(f"new(): invalid data type '{type(x).__name__}'")
    mask = bool(flat) and all(isinstance(x, bool) for x in flat)
    return [int(x) for x in flat], shape, mask


def _dims(k: Any) -> int:
    """How many dims of the tensor the index ``k`` uses up."""
    if k is None or k is ... or isinstance(k, bool):
        return 0
    if is_tensor(k):
        return len(k.shape) if k.dtype is bool_ else 1
    if isinstance(k, (list, tuple, range)):
        _, shape, mask = _as_index(k)
        return len(shape) if mask else 1
    return 1


def _basic(a: Any, items: list[Any]) -> tuple[Any, list[tuple[int, list[int], tuple[int, ...]]]]:
    """The views of the key's ints, slices, None and ``...``, and the advanced indices left
    to gather: (dim of the view, index values, their shape), masks as their nonzero columns."""
    used = sum(_dims(k) for k in items)
    if used > len(a.shape):
        if not a.shape and len(items) == 1 and not isinstance(items[0], slice):
            return select(a, 0, items[0]), []  # PyTorch's error for a 0-d tensor
        raise IndexError(f"too many indices for tensor of dimension {len(a.shape)}")
    if not a.shape and any(isinstance(k, slice) for k in items):
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    fill = len(a.shape) - used
    t, d, orig, adv, masks = a, 0, 0, [], []
    for k in items:
        if k is None:
            t, d, orig = unsqueeze(t, d), d + 1, orig + 1
        elif k is ...:
            d, orig, fill = d + fill, orig + fill, 0
        elif isinstance(k, bool) or (is_tensor(k) and k.dtype is bool_ and not k.shape):
            t = unsqueeze(t, d)  # True: a new dim of 1 kept, False: of 1 dropped
            adv.append((d, [0] if bool(k.flat[0].data if is_tensor(k) else k) else [], (-1,)))
            d += 1
        elif isinstance(k, int) or (is_tensor(k) and not k.shape):
            if is_tensor(k) and k.dtype.is_floating_point:
                raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
            t, orig = select(t, d, k, report=orig), orig + 1
        elif isinstance(k, slice):
            full = k.start in (None, 0) and k.step in (None, 1) and (
                k.stop is None or k.stop >= t.shape[d])  # fmt: skip
            if not full:  # a whole dim in a tuple of indices is no view at all, as in PyTorch
                t = slice_(t, d, k)
            d, orig = d + 1, orig + 1
        elif is_tensor(k) or isinstance(k, (list, tuple, range)):
            vals, shape, mask = _as_index(k)
            if mask:
                masks.append((len(adv), d, vals, shape))
                adv.append((d, [], shape))  # filled in below, once the view is known
                d += len(shape)
            else:
                adv.append((d, vals, shape))
                d += 1
            orig += len(shape) if mask else 1
        elif isinstance(k, float):
            raise IndexError(_BAD_INDEX.format("float"))
        else:
            raise TypeError(f"new(): invalid data type '{type(k).__name__}'")
    for at, d, vals, shape in reversed(masks):
        adv[at : at + 1] = _nonzero(t, d, vals, shape)
    return t, adv


def _nonzero(t: Any, d: int, vals: list[int], shape: tuple[int, ...]) -> list[Any]:
    """A bool mask over dims d, d+1, ... of t, as one index per dim (PyTorch's nonzero)."""
    for j, n in enumerate(shape):
        if d + j >= len(t.shape) or t.shape[d + j] != n:
            raise IndexError(
                f"The shape of the mask {list(shape)} at index {j} does not match the shape of "
                f"the indexed tensor {list(t.shape)} at index {d + j}"
            )
    hits = [ix for ix, v in zip(itertools.product(*map(range, shape)), vals) if v]
    return [(d + j, [ix[j] for ix in hits], (len(hits),)) for j in range(len(shape))]


def _positions(t: Any, adv: list[Any]) -> tuple[list[int], tuple[int, ...]]:
    """Where in t's row-major elements each element of the gathered result comes from, and
    the result's shape."""
    shapes = [s if s != (-1,) else (len(v),) for _, v, s in adv]
    out: tuple[int, ...] = ()
    for s in shapes:
        try:
            out = tuple(broadcast(Size(out), Size(s))[0])
        except RuntimeError:
            raise IndexError(
                "shape mismatch: indexing tensors could not be broadcast together with shapes "
                + ", ".join(str(list(s)) for s in shapes)
            ) from None
    cs = contiguous_strides(t.shape)
    offs = [0] * math.prod(out)
    for k, ((d, vals, _), s) in enumerate(zip(adv, shapes)):
        picked = [index(v, t.shape[d], k) for v in vals]
        for j, i in enumerate(broadcast(Size(out), Size(s))[2]):
            offs[j] += picked[i] * cs[d]
    dims = [d for d, _, _ in adv]
    rest = [d for d in range(len(t.shape)) if d not in dims]

    def grid(ds: list[int]) -> list[int]:
        return [sum(i * cs[d] for i, d in zip(ix, ds))
                for ix in itertools.product(*(range(t.shape[d]) for d in ds))]  # fmt: skip

    sizes = [t.shape[d] for d in rest]
    if dims == list(range(dims[0], dims[0] + len(dims))):  # together: they stay where they are
        lo, hi = [d for d in rest if d < dims[0]], [d for d in rest if d > dims[0]]
        pos = [p + o + q for p in grid(lo) for o in offs for q in grid(hi)]
        return pos, (*sizes[: len(lo)], *out, *sizes[len(lo) :])
    return [o + q for o in offs for q in grid(rest)], (*out, *sizes)


def getitem(a: Any, key: Any) -> Any:
    """``a[key]``, as PyTorch indexes."""
    if isinstance(key, slice):  # one slice is always a slice, even of the whole dim
        if not a.shape:
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        return slice_(a, 0, key)
    t, adv = _basic(a, _items(key))
    if not adv:
        return alias(a) if t is a else t
    pos, shape = _positions(t, adv)
    return _picked(t, pos, shape, INDEX, _INDEX_NODE, _saved_self_sym_sizes=tuple(t.shape))


def _picked(t: Any, pos: list[int], shape: Any, op: Op, node: type, **attrs: Any) -> Any:
    """A new tensor of t's elements at ``pos`` (row-major), copies recorded as ``op``."""
    if STATE.enabled and t.requires_grad:
        vals = [apply(op, (t.flat[p],)) for p in pos]
    else:  # a copy, never the input's own elements
        vals = [Value(t.flat[p].data, requires_grad=False) for p in pos]
    return result(vals, shape, t.dtype, node, (t,), **attrs)


GATHER = copy_op("gather", "GatherBackward0")
INDEX_SELECT = copy_op("index_select", "IndexSelectBackward0")
_GATHER_NODE, _INDEX_SELECT_NODE = node_class(GATHER.name), node_class(INDEX_SELECT.name)


def gather(t: Any, dim: int, index: Any, *, sparse_grad: bool = False) -> Any:
    """``t.gather(dim, index)``: ``out[i][j] = t[index[i][j]][j]`` for dim 0, and so on."""
    if index.dtype is not int64:
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    if len(index.shape) != len(t.shape):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    d = normalize_dim(dim, len(t.shape))
    big = [k for k, (n, m) in enumerate(zip(index.shape, t.shape)) if k != d and n > m]
    if big:
        raise RuntimeError(
            f"Size does not match at dimension {big[0]} "
            f"expected index {list(index.shape)} to be no larger than self {list(t.shape)} "
            f"apart from dimension {d}"
        )
    cs = contiguous_strides(t.shape)
    pos = []
    for ix, k in zip(itertools.product(*map(range, index.shape)), index.flat):
        i = int(k.data)
        if not 0 <= i < t.shape[d]:
            raise RuntimeError(
                f"index {i} is out of bounds for dimension {d} with size {t.shape[d]}"
            )
        pos.append(sum(j * s for j, s in zip(ix, cs)) + (i - ix[d]) * cs[d])
    return _picked(t, pos, tuple(index.shape), GATHER, _GATHER_NODE, _saved_dim=d,
                   _saved_index=index, _saved_sparse_grad=sparse_grad)  # fmt: skip


def index_select(t: Any, dim: int, index: Any) -> Any:
    """``t.index_select(dim, index)``: the slices ``index`` names along dim, in its order."""
    if index.dtype is not int64:
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if len(index.shape) > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    d = normalize_dim(dim, len(t.shape))
    picked = [int(k.data) for k in index.flat]
    if any(not 0 <= i < t.shape[d] for i in picked):
        raise IndexError("index out of range in self")
    pos, shape = _positions(t, [(d, picked, (len(picked),))])
    return _picked(t, pos, shape, INDEX_SELECT, _INDEX_SELECT_NODE, _saved_dim=d)


def _cast(t: Any, xs: list[float]) -> list[float]:
    if t.dtype is int64:
        return [float(int(x)) for x in xs]
    if t.dtype is bool_:
        return [float(bool(x)) for x in xs]
    return [round_float32(x) for x in xs] if t.dtype is float32 else [float(x) for x in xs]


def _source(shape: tuple[int, ...], vshape: tuple[int, ...]) -> list[int] | None:
    """For each element of ``shape``, the one of a value of ``vshape`` broadcast to it."""
    while len(vshape) > len(shape) and vshape[0] == 1:  # PyTorch drops leading 1s
        vshape = vshape[1:]
    padded = (1,) * (len(shape) - len(vshape)) + vshape
    if len(vshape) > len(shape) or any(v not in (1, n) for v, n in zip(padded, shape)):
        return None
    return broadcast(Size(shape), Size(vshape))[2]


def setitem(t: Any, key: Any, value: Any) -> None:
    """``t[key] = value``: a number, or a tensor broadcast to what ``t[key]`` selects."""
    where = type(t).from_values(
        [Value(float(i), requires_grad=False) for i in range(t.numel())], t.shape, int64
    )
    if isinstance(key, slice):
        start, stop, step = key.indices(t.shape[0]) if t.shape else (0, 0, 1)
        whole = start == 0 and stop == t.shape[0] and step == 1
        view, adv = (where if whole else slice_(where, 0, key)), []
    else:
        view, adv = _basic(where, _items(key))
    chosen = getitem(where, key)  # the element positions t[key] selects, in its order
    pos, shape = [int(v.data) for v in chosen.flat], tuple(chosen.shape)
    if STATE.enabled and t.is_leaf and t.requires_grad:
        raise RuntimeError(LEAF_INPLACE if adv and view is where else VIEW_LEAF_INPLACE)
    if (
        view is where
        and not adv
        and not (is_tensor(value) and (value.dim() or value.requires_grad))
    ):
        # the whole tensor and one number: PyTorch fills it (FillBackward3, the number a tensor)
        t.fill_(value if is_tensor(value) else type(t).from_values(
            [Value(float(value), requires_grad=False)], (), t.dtype))  # fmt: skip
        return
    src = None if not is_tensor(value) else _source(shape, tuple(value.shape))
    if is_tensor(value) and src is None:
        if adv:
            raise RuntimeError(
                f"shape mismatch: value tensor of shape {list(value.shape)} cannot be "
                f"broadcast to indexing result of shape {list(shape)}"
            )
        value.detach().expand(*shape)  # PyTorch's error for a write into a view
        raise RuntimeError(f"cannot write a tensor of shape {list(value.shape)} here")
    node = CopySlices if view is not where else _INDEX_PUT_NODE if adv else CopyBackwards
    _write(t, pos, value, src, node)


def copy_(t: Any, src: Any) -> Any:
    """``t.copy_(src)``: src (a tensor broadcast to t's shape, or a number) written into t."""
    if STATE.enabled and t.is_leaf and t.requires_grad:
        raise RuntimeError(LEAF_INPLACE)
    at = None
    if is_tensor(src):
        shape, _, at = broadcast(t.shape, src.shape)
        if shape != t.shape:
            src.detach().expand(*t.shape)  # PyTorch's error
    _write(t, list(range(t.numel())), src, at, CopyBackwards)
    return t


def _write(t: Any, pos: list[int], value: Any, src: list[int] | None, node: type) -> None:
    """Write value's element ``src[j]`` (or the number ``value``) at t's element ``pos[j]``;
    recorded as ``node`` when t records a graph or the value requires grad."""
    if src is not None:
        elems = [value.flat[i] for i in src]
    else:
        elems = [Value(float(value), requires_grad=False)] * len(pos)
    data = _cast(t, [e.data for e in elems])
    if STATE.enabled and (t.requires_grad or (is_tensor(value) and value.requires_grad)):
        check_view_of_leaf(t)
        before = type(t).from_values(t.flat, t.shape, t.dtype, t.grad_fn)
        new = [apply(COPY_SLICES, (v,)) for v in t.flat]
        for p, e, x in zip(pos, elems, data):
            new[p] = apply(OVERWRITE, (t.flat[p], e))
            new[p].data = x  # as t's dtype holds it
        out = result(new, t.shape, t.dtype, node, (before, value))
        t.flat, t.grad_fn = out.flat, out.grad_fn
        remember(t)
        written(t)
    else:
        write_data(t, pos, data)
    t.version_counter.value += 1


# -- masked_fill and scatter_: elements chosen by a mask or an index tensor -----------------

# a masked element becomes the value (its gradient exactly 0); the others are copies
MASKED = Op(key="masked_fill", name="MaskedFillBackward0", forward=lambda x, v: v,
            local=lambda x, v, out: (0.0,), expr="masked_fill({0}, {1})", dlocal=("0",),
            params=(("value", 0.0),), method=None, micrograd="", masked=True)  # fmt: skip
KEPT = copy_op("masked_fill", "MaskedFillBackward0")
# by a number, by a 0-d tensor (whose own gradient tinygrad_edu does not compute)
_MASKED_FILL_NODES = (node_class(MASKED.name), node_class("MaskedFillBackward1"))


def masked_fill(t: Any, mask: Any, value: Any) -> Any:
    """``t.masked_fill(mask, value)``: value where mask is True (mask broadcast with t)."""
    if mask.dtype is not bool_:
        raise RuntimeError(
            f"masked_fill_ only supports boolean masks, but got mask with dtype "
            f"{C_NAMES[mask.dtype][1]}"
        )
    node = _MASKED_FILL_NODES[is_tensor(value)]
    if is_tensor(value):
        if value.shape:
            raise RuntimeError(
                "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                f"{len(value.shape)} dimension(s)."
            )
        value = value.item()
    shape, im, ix = broadcast(mask.shape, t.shape)
    v = _cast(t, [float(value)])[0]
    pairs = [(t.flat[i], mask.flat[m].data) for m, i in zip(im, ix)]
    if STATE.enabled and t.requires_grad:
        vals = [apply(MASKED, (x, v)) if m else apply(KEPT, (x,)) for x, m in pairs]
    else:
        vals = [Value(v if m else x.data, requires_grad=False) for x, m in pairs]
    return result(vals, shape, t.dtype, node, (t,))


def masked_fill_(t: Any, mask: Any, value: Any) -> Any:
    return adopt(t, lambda before: masked_fill(before, mask, value))


def invert(t: Any) -> Any:
    """``~mask`` (logical not) and ``~n`` (bitwise not of an integer tensor)."""
    if t.dtype.is_floating_point:
        raise TypeError(
            "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
        )
    flip = (lambda x: float(not x)) if t.dtype is bool_ else (lambda x: float(~int(x)))
    return type(t).from_values([Value(flip(v.data), requires_grad=False) for v in t.flat],
                               t.shape, t.dtype)  # fmt: skip


_SCATTER_NODES = {
    True: node_class("ScatterBackward0", slots=2, layout="find"),
    False: node_class("ScatterBackward1", layout="find"),
}


def scatter_(t: Any, dim: int, index: Any, src: Any = None, *, value: Any = None) -> Any:
    """``t.scatter_(dim, index, src)``: ``t[..., index[i, j], ...] = src[i, j]`` along dim
    (or ``value=`` for every index)."""
    if src is None:
        src = value
    if index.dtype is not int64:
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    d = normalize_dim(dim, len(t.shape))
    ishape = tuple(index.shape) or (1,)
    if len(ishape) != max(len(t.shape), 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    cs = contiguous_strides(t.shape)
    scs = contiguous_strides(src.shape) if is_tensor(src) else ()
    pos, at = [], []
    for ix, k in zip(itertools.product(*map(range, ishape)), index.flat):
        where = list(ix)
        where[d] = int(k.data)
        if not 0 <= where[d] < t.shape[d]:
            raise RuntimeError(
                f"index {where[d]} is out of bounds for dimension {d} with size {t.shape[d]}"
            )
        pos.append(sum(i * s for i, s in zip(where, cs)))
        at.append(sum(i * s for i, s in zip(ix, scs)))
    if STATE.enabled and t.is_leaf and t.requires_grad:
        raise RuntimeError(LEAF_INPLACE)
    _write(t, pos, src, at if is_tensor(src) else None, _SCATTER_NODES[is_tensor(src)])
    return t


METHODS: dict[str, Any] = {
    "__getitem__": getitem,
    "__setitem__": setitem,
    "copy_": copy_,
    "masked_fill": masked_fill,
    "masked_fill_": masked_fill_,
    "__invert__": invert,
    "scatter_": scatter_,
    "gather": gather,
    "index_select": index_select,
}
