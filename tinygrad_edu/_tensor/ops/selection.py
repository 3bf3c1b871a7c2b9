"""Choosing elements: ``where``, ``clamp``/``clip``, ``sort``, ``argsort``, ``topk``,
``nonzero`` and ``count_nonzero``, with PyTorch's nodes (``WhereBackward0``,
``ClampBackward1``, ``SortBackward0``, ``TopkBackward0``) and errors.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
>>> torch.where(x > 1.5, x, 0.0)
tensor([3., 0., 2.], grad_fn=<WhereBackward0>)
>>> x.topk(2).indices, x.sort().values
(tensor([0, 2]), tensor([1., 2., 3.], grad_fn=<SortBackward0>))

A chosen element is a copy of its input (slope 1, ``select``); ``topk`` picks as PyTorch's CPU
kernel does, with the C++ library's ``nth_element`` (``cpp_sort.py``), so ties come out alike.
"""

from __future__ import annotations

import math
from typing import Any

from ..._torch_cpu import cpp_sort
from ..._torch_cpu.float32_libm import round32
from ...core.engine import Value, apply
from ...core.ops import COPIES, Op
from ..dtype import (
    C_NAMES,
    bool_,
    float32,
    float64,
    get_default_dtype,
    int64,
    promote,
    result_type,
    store,
)
from ..kernels import float32_arithmetic, unary
from ..shape import along, broadcast, normalize_dim
from ..tensor_graph import is_tensor, node_class, result
from .reductions import return_type

__all__ = ["METHODS", "argsort", "clamp", "count_nonzero", "kthvalue", "median", "nonzero"]
__all__ += ["sort", "topk", "where"]

SortResult, TopkResult = return_type("sort"), return_type("topk")
MedianResult, KthvalueResult = return_type("median"), return_type("kthvalue")


# where's element: a copy of x where the condition holds, else of y, the gradient going to the
# one chosen (the condition is a constant, so these are neither Value methods nor CLI calls)
def _where_op(pick_x: bool) -> Op:
    slopes = (1.0, 0.0) if pick_x else (0.0, 1.0)
    forward = (lambda x, y: x) if pick_x else (lambda x, y: y)
    return Op(key="where", name="WhereBackward0", forward=forward,
              local=lambda x, y, out: slopes, expr="where({0}, {1})",
              dlocal=tuple(str(int(s)) for s in slopes), slots=2, method=None,
              masked=True)  # fmt: skip


_WHERE_X, _WHERE_Y = _where_op(True), _where_op(False)


def _as_tensor(like: Any, x: Any) -> Any:
    if is_tensor(x):
        return x
    dt = bool_ if isinstance(x, bool) else int64 if isinstance(x, int) else get_default_dtype()
    return type(like).from_values([Value(float(x), requires_grad=False)], (), dt)


def _operands_dtype(x: Any, y: Any) -> Any:
    if is_tensor(x) and is_tensor(y):
        return result_type(x, y)
    if is_tensor(x) or is_tensor(y):
        t, n = (x, y) if is_tensor(x) else (y, x)
        return promote(t.dtype, None, n)
    return promote(_as_tensor_dtype(x), None, y)


def _as_tensor_dtype(n: Any) -> Any:
    return bool_ if isinstance(n, bool) else int64 if isinstance(n, int) else get_default_dtype()


def where(condition: Any, input: Any = None, other: Any = None) -> Any:
    """``torch.where(condition, x, y)``: ``x`` where ``condition`` holds, else ``y``
    (broadcast together); ``torch.where(condition)`` is ``nonzero(condition, as_tuple=True)``."""
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    if condition.dtype is not bool_:
        raise RuntimeError(
            "where expected condition to be a boolean tensor, but got a tensor with dtype "
            f"{C_NAMES[condition.dtype][0]}"
        )
    dt = _operands_dtype(input, other)
    x, y = _as_tensor(condition, input), _as_tensor(condition, other)
    shape, _, _ = broadcast(condition.shape, x.shape)
    shape, _, _ = broadcast(shape, y.shape)
    ic = broadcast(shape, condition.shape)[2]
    ix, iy = broadcast(shape, x.shape)[2], broadcast(shape, y.shape)[2]
    vals = []
    for c, i, j in zip(ic, ix, iy):
        op = _WHERE_X if condition.flat[c].data != 0.0 else _WHERE_Y
        vals.append(apply(op, (x.flat[i], y.flat[j])))
    if dt is float32 and float32_arithmetic():
        for v, d in zip(vals, round32(v.data for v in vals)):
            v.data = d
    elif dt is not float64:
        for v in vals:
            v.data = store(dt, v.data)
    node = node_class(_WHERE_X.name, 2, {}, "find")
    return result(vals, shape, dt, node, (x, y), _saved_condition=condition)


def clamp(input: Any, min: Any = None, max: Any = None) -> Any:
    """Each element limited to ``[min, max]`` (``ClampBackward1``: slope 1 inside, bounds
    included, 0 outside)."""
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if is_tensor(min) or is_tensor(max):
        raise NotImplementedError("clamp with tensor bounds is not supported here: use numbers")
    lo = -float("inf") if min is None else min
    hi = float("inf") if max is None else max
    dt = promote(promote(input.dtype, None, lo if min is not None else None), None,
                 hi if max is not None else None)  # fmt: skip
    if dt is not input.dtype:
        input = input.to(dt)
    if not dt.is_floating_point:
        lo, hi = float(lo), float(hi)
    return unary("clamp", input, float(lo), float(hi))


def _order_key(descending: bool) -> Any:
    # nan sorts above every number, as in PyTorch (and NumPy)
    def key(p: tuple[float, int]) -> tuple[int, float]:
        x = p[0]
        if descending:
            return (0, 0.0) if x != x else (1, -x)
        return (1, 0.0) if x != x else (0, x)

    return key


def _lines(t: Any, dim: int) -> tuple[int, list[list[int]]]:
    d = normalize_dim(dim, max(t.dim(), 1))
    return d, (along(t.shape, d) if t.shape else [[0]])


def _picked(t: Any, d: int, lines: list[list[int]], picks: list[list[int]], k: int, name: str,
            result_cls: Any) -> Any:  # fmt: skip
    """The elements ``picks[g]`` of each line ``g`` along ``d``, as a result of ``k`` per line."""
    shape = list(t.shape)
    if shape:
        shape[d] = k
    out_lines = along(shape, d) if shape else [[0]]
    n = math.prod(shape)
    vals: list[Any] = [None] * n
    idx = [0] * n
    for line, pick, out in zip(lines, picks, out_lines):
        for pos, p in zip(out, pick):
            vals[pos] = apply(COPIES["select"], (t.flat[line[p]],))
            idx[pos] = p
    from_values = type(t).from_values
    indices = from_values([Value(float(i), requires_grad=False) for i in idx], tuple(shape), int64)
    node = node_class(name, 1, {}, "find")
    values = result(vals, shape, t.dtype, node, (t,), _saved_dim=d, _saved_indices=indices,
                    _saved_self_sym_sizes=tuple(t.shape))  # fmt: skip
    return result_cls(values, indices)


def sort(input: Any, dim: int = -1, descending: bool = False, stable: bool = False) -> Any:
    """Each line along ``dim`` in order, and where each came from:
    ``torch.return_types.sort(values, indices)``. ``stable``: equal elements keep their
    order; else they come out as the C++ library's ``std::sort`` leaves them, as in PyTorch."""
    d, lines = _lines(input, dim)
    key, less = _order_key(descending), _larger if descending else _smaller
    picks = []
    for line in lines:
        items = [(input.flat[i].data, j) for j, i in enumerate(line)]
        if stable:
            items.sort(key=key)
        else:
            cpp_sort.sort(items, len(items), less)
        picks.append([j for _, j in items])
    k = input.shape[d] if input.shape else 1
    return _picked(input, d, lines, picks, k, "SortBackward0", SortResult)


def argsort(input: Any, dim: int = -1, descending: bool = False, stable: bool = False) -> Any:
    """The indices that sort each line along ``dim`` (``sort(...).indices``)."""
    return sort(input.detach(), dim, descending, stable).indices


def _nan(x: float) -> bool:
    return x != x


def _larger(a: tuple[float, int], b: tuple[float, int]) -> bool:
    return (_nan(a[0]) and not _nan(b[0])) or a[0] > b[0]


def _smaller(a: tuple[float, int], b: tuple[float, int]) -> bool:
    return (not _nan(a[0]) and _nan(b[0])) or a[0] < b[0]


def topk(input: Any, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> Any:
    """The ``k`` largest (or smallest) of each line along ``dim``, chosen as PyTorch's CPU
    kernel chooses them: ``torch.return_types.topk(values, indices)``."""
    d, lines = _lines(input, dim)
    size = input.shape[d] if input.shape else 1
    if not 0 <= k <= size:
        raise RuntimeError("selected index k out of range")
    less = _larger if largest else _smaller
    picks = []
    for line in lines:
        queue = [(input.flat[i].data, j) for j, i in enumerate(line)]
        if k * 64 <= size:
            cpp_sort.partial_sort(queue, k, less)
        elif k:
            cpp_sort.nth_element(queue, k - 1, less)
            if sorted:
                cpp_sort.sort(queue, k - 1, less)
        picks.append([j for _, j in queue[:k]])
    return _picked(input, d, lines, picks, k, "TopkBackward0", TopkResult)


def kthvalue(input: Any, k: int, dim: int = -1, keepdim: bool = False) -> Any:
    """The ``k``-th smallest of each line along ``dim`` and where it is:
    ``torch.return_types.kthvalue(values, indices)`` (``KthvalueBackward0``)."""
    return _kth(input, k, dim, keepdim, "KthvalueBackward0", KthvalueResult)


def _kth(input: Any, k: int, dim: int, keepdim: bool, name: str, cls: Any, src: Any = None) -> Any:
    d, lines = _lines(input, dim)
    size = input.shape[d] if input.shape else 1
    if not 1 <= k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {dim}")
    picks = []
    for line in lines:
        items = sorted(((input.flat[i].data, j) for j, i in enumerate(line)), key=_order_key(False))
        picks.append([items[k - 1][1]])
    r = _picked(input, d, lines, picks, 1, name, cls)
    if keepdim or not input.shape:
        return r
    shape = [n for i, n in enumerate(input.shape) if i != d]
    node = node_class(name, 1, {}, "find")
    values = result(
        r.values.elements(),
        shape,
        input.dtype,
        node,
        (input if src is None else src,),
        _saved_dim=d,
    )
    return cls(values, r.indices.reshape(shape))


def median(input: Any, dim: Any = None, keepdim: bool = False) -> Any:
    """The lower median: of every element (``MedianBackward0``), or of each line along ``dim``
    with where it is (``torch.return_types.median``, ``MedianBackward1``)."""
    if dim is None:
        flat = input.reshape(-1)
        n = flat.shape[0]
        if n == 0:
            return input.new_full((), float("nan"))
        return _kth(flat, (n + 1) // 2, 0, False, "MedianBackward0", MedianResult, input).values
    d = normalize_dim(dim, max(input.dim(), 1))
    n = input.shape[d] if input.shape else 1
    return _kth(input, (n + 1) // 2, d, keepdim, "MedianBackward1", MedianResult)


def nonzero(input: Any, *, as_tuple: bool = False) -> Any:
    """The index of every nonzero element: one row each (or one tensor per dim)."""
    shape = tuple(input.shape)
    found = []
    for flat, v in enumerate(input.flat):
        if v.data != 0.0:
            idx, rest = [], flat
            for n in reversed(shape):
                idx.append(rest % n)
                rest //= n
            found.append(idx[::-1])
    from_values = type(input).from_values

    def ints(data: list[int], dims: tuple[int, ...]) -> Any:
        return from_values([Value(float(i), requires_grad=False) for i in data], dims, int64)

    if as_tuple:
        if not shape:
            return (ints([0] * len(found), (len(found),)),)
        return tuple(ints([f[d] for f in found], (len(found),)) for d in range(len(shape)))
    return ints([i for f in found for i in f], (len(found), len(shape)))


def count_nonzero(input: Any, dim: Any = None) -> Any:
    """How many elements are not zero, in all (or along ``dim``)."""
    from_values = type(input).from_values
    if dim is None:
        n = sum(1 for v in input.flat if v.data != 0.0)
        return from_values([Value(float(n), requires_grad=False)], (), int64)
    d, lines = _lines(input, dim)
    counts = [float(sum(1 for i in line if input.flat[i].data != 0.0)) for line in lines]
    shape = [s for i, s in enumerate(input.shape) if i != d]
    return from_values([Value(c, requires_grad=False) for c in counts], tuple(shape), int64)


METHODS: dict[str, Any] = {
    "where": lambda self, condition, other: where(condition, self, other),
    "clamp": clamp,
    "clip": clamp,
    "sort": sort,
    "argsort": argsort,
    "topk": topk,
    "kthvalue": kthvalue,
    "median": median,
    "nonzero": nonzero,
    "count_nonzero": count_nonzero,
}
