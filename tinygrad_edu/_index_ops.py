"""``torch``'s writes along an index, out of place and in place: ``index_add``, ``index_copy``,
``index_fill``, ``scatter``, ``scatter_add``; and ``argwhere``, ``split_with_sizes``,
``sum_to_size``.

Each result element is a Value made from the input's elements by the scalar ops (``+``, ``*``),
so the one backward pass differentiates it; the result tensor carries PyTorch's node name
(``IndexAddBackward0``, ...). The additions into one place happen in the index's order, as
PyTorch's CPU kernels add them.

>>> import tinygrad_edu as torch
>>> x = torch.zeros(3, 2, requires_grad=True)
>>> x.index_add(0, torch.tensor([0, 2, 0]), torch.ones(3, 2))
tensor([[2., 2.],
        [0., 0.],
        [1., 1.]], grad_fn=<IndexAddBackward0>)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from . import _reduce_ops
from ._tensor.dtype import int64
from ._tensor.ops.inplace import adopt
from ._tensor.ops.views import contiguous_strides
from ._tensor.shape import normalize_dim
from ._tensor.tensor_graph import is_tensor, node_class, result
from .core.engine import Value

__all__ = ["FUNCTIONS", "METHODS"]


def _fresh(t: Any) -> list[Any]:
    """Values of their own for t's elements (each ``x * 1``: exact, and a write into the
    result never reaches t's storage), with the graph back to them."""
    return [v * 1 for v in t.flat]


def _const(x: float) -> Value:
    return Value(float(x), requires_grad=False)


def _out(name: str, vals: list[Any], t: Any, inputs: tuple[Any, ...]) -> Any:
    inputs = tuple({id(x): x for x in inputs if is_tensor(x)}.values())
    return result(vals, t.shape, t.dtype, node_class(name, -1, {}, "find"), inputs)


def _index(index: Any, what: str, vector: bool = True) -> list[int]:
    if not is_tensor(index) or index.dtype is not int64:
        raise RuntimeError(f"{what}(): Expected dtype int64 for index")
    if vector and index.dim() > 1:
        raise IndexError(f"{what}(): Index is supposed to be a vector")
    return [int(v.data) for v in index.flat]


def _slices(t: Any, d: int, i: int) -> list[int]:
    """The flat positions of ``t.select(d, i)``, row-major."""
    cs = contiguous_strides(t.shape)
    rest = [range(n) for k, n in enumerate(t.shape) if k != d]
    out = []
    for ix in itertools.product(*rest):
        full = [*ix[:d], i, *ix[d:]]
        out.append(sum(a * s for a, s in zip(full, cs)))
    return out


def _along(t: Any, dim: int, index: Any, what: str) -> tuple[int, list[int]]:
    d = normalize_dim(dim, max(t.dim(), 1))
    idx = _index(index, what)
    n = t.shape[d] if t.dim() else 1
    for i in idx:
        if not -n <= i < n:
            raise IndexError("index out of range in self")
    return d, [i % n for i in idx]


def index_add(input: Any, dim: int, index: Any, source: Any, *, alpha: float = 1) -> Any:
    """``input`` with ``alpha * source[..., j, ...]`` added at ``[..., index[j], ...]``
    (``IndexAddBackward0``)."""
    d, idx = _along(input, dim, index, "index_add")
    vals = _fresh(input)
    src = source.flat
    for j, i in enumerate(idx):
        for p, q in zip(_slices(input, d, i), _slices(source, d, j) if source.dim() else [0]):
            s = src[q] if alpha == 1 else src[q] * alpha
            vals[p] = vals[p] + s
    return _out("IndexAddBackward0", vals, input, (input, source))


def index_copy(input: Any, dim: int, index: Any, source: Any) -> Any:
    """``input`` with ``source[..., j, ...]`` written at ``[..., index[j], ...]``
    (``IndexCopyBackward0``)."""
    d, idx = _along(input, dim, index, "index_copy")
    vals = _fresh(input)
    src = source.flat
    for j, i in enumerate(idx):
        for p, q in zip(_slices(input, d, i), _slices(source, d, j) if source.dim() else [0]):
            vals[p] = src[q] * 1
    return _out("IndexCopyBackward0", vals, input, (input, source))


def index_fill(input: Any, dim: int, index: Any, value: Any) -> Any:
    """``input`` with ``value`` at every ``[..., index[j], ...]`` (``IndexFillBackward0``,
    ``IndexFillBackward1`` for a tensor value)."""
    d, idx = _along(input, dim, index, "index_fill")
    if is_tensor(value) and value.dim() != 0:
        raise RuntimeError(
            "index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
            f"{value.dim()} dimension(s)."
        )
    vals = _fresh(input)
    for i in set(idx):
        for p in _slices(input, d, i):
            vals[p] = value.flat[0] * 1 if is_tensor(value) else _const(value)
    name = "IndexFillBackward1" if is_tensor(value) else "IndexFillBackward0"
    return _out(name, vals, input, (input, value) if is_tensor(value) else (input,))


def _scattered(input: Any, dim: int, index: Any, what: str) -> Any:
    """For each element of ``index``: (its position in ``index``, the flat position it
    names in ``input``)."""
    if not is_tensor(index) or index.dtype is not int64:
        raise RuntimeError(f"{what}(): Expected dtype int64 for index")
    d = normalize_dim(dim, max(input.dim(), 1))
    if max(index.dim(), 1) != max(input.dim(), 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    cs = contiguous_strides(input.shape)
    for ix, k in zip(itertools.product(*map(range, index.shape)), index.flat):
        where = list(ix)
        if where:
            where[d] = int(k.data)
        if where and not 0 <= where[d] < input.shape[d]:
            raise RuntimeError(
                f"index {where[d]} is out of bounds for dimension {d} with size {input.shape[d]}"
            )
        yield ix, sum(i * s for i, s in zip(where, cs))


def scatter_add(input: Any, dim: int, index: Any, src: Any) -> Any:
    """``input`` with ``src[i][j]`` added at ``[index[i][j]][j]`` for dim 0, and so on
    (``ScatterAddBackward0``)."""
    vals = _fresh(input)
    scs = contiguous_strides(src.shape)
    for ix, p in _scattered(input, dim, index, "scatter_add"):
        vals[p] = vals[p] + src.flat[sum(i * s for i, s in zip(ix, scs))]
    return _out("ScatterAddBackward0", vals, input, (input, src))


def scatter(input: Any, dim: int, index: Any, src: Any = None, *, value: Any = None,
            reduce: Any = None) -> Any:  # fmt: skip
    """``input`` with ``src[i][j]`` (or ``value``) written at ``[index[i][j]][j]`` for dim 0,
    and so on (``ScatterBackward0``, ``ScatterBackward1`` for a number)."""
    if reduce is not None:
        raise NotImplementedError("scatter(reduce=): use scatter_add or scatter_reduce")
    src = value if src is None else src
    vals = _fresh(input)
    scs = contiguous_strides(src.shape) if is_tensor(src) else ()
    for ix, p in _scattered(input, dim, index, "scatter"):
        if is_tensor(src):
            vals[p] = src.flat[sum(i * s for i, s in zip(ix, scs))] * 1
        else:
            vals[p] = _const(src)
    if is_tensor(src):
        return _out("ScatterBackward0", vals, input, (input, src))
    return _out("ScatterBackward1", vals, input, (input,))


def argwhere(input: Any) -> Any:
    """The indices of the nonzero elements, one row each (``nonzero()``)."""
    return input.nonzero()


def split_with_sizes(input: Any, split_sizes: Any, dim: int = 0) -> tuple[Any, ...]:
    """Pieces of the sizes listed along ``dim``: views (``SplitWithSizesBackward0``)."""
    return input.split(list(split_sizes), dim)


def sum_to_size(input: Any, *size: Any) -> Any:
    """The sum of ``input`` down to ``size`` (a shape it broadcasts to): the dims it adds in
    front summed away, its dims of 1 summed with ``keepdim`` (``SumBackward1``)."""
    shape = tuple(size[0]) if len(size) == 1 and not isinstance(size[0], int) else tuple(size)
    have = tuple(input.shape)
    lead = len(have) - len(shape)
    ok = lead >= 0 and all(s in (1, h) for s, h in zip(shape, have[lead:]))
    if not ok:
        raise RuntimeError(f"size {{{list(shape)}}} is not expandable to size {{{list(have)}}}.")
    dims = list(range(lead)) + [
        lead + k for k, s in enumerate(shape) if s == 1 and have[lead + k] != 1
    ]
    if not dims:
        return input
    r = input.sum(dims, keepdim=True)
    return r.view(shape) if lead else r


def _inplace(fn: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return adopt(self, lambda before: fn(before, *args, **kwargs))

    method.__name__ = f"{fn.__name__}_"
    return method


FUNCTIONS: dict[str, Any] = {
    **_reduce_ops.FUNCTIONS,  # scatter_reduce, index_reduce
    "index_add": index_add, "index_copy": index_copy, "index_fill": index_fill,
    "scatter": scatter, "scatter_add": scatter_add, "argwhere": argwhere,
    "split_with_sizes": split_with_sizes,
}  # fmt: skip
METHODS: dict[str, Any] = {
    **FUNCTIONS,
    "sum_to_size": sum_to_size,
    "index_add_": _inplace(index_add),
    "index_copy_": _inplace(index_copy),
    "index_fill_": _inplace(index_fill),
    "scatter_add_": _inplace(scatter_add),
    **_reduce_ops.METHODS,
}
