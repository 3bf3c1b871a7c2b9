"""The last of ``Tensor``'s everyday methods: the layout questions (``is_meta``, ``is_nested``,
``is_shared()``, ``output_nr``, ``dim_order()``), the legacy constructor ``new``, Python
callables on the elements (``apply_``, ``map_``), ``H``, ``put``/``put_``, ``nanmedian``,
``histogram``, ``nonzero_static``, ``resize_as_``, ``dsplit`` and the ``unsafe_`` splits, as
PyTorch 2.13 answers them on the CPU.

>>> import tinygrad_edu as torch
>>> torch.tensor([1.0, 2.0]).apply_(lambda v: v * 10)
tensor([10., 20.])
"""

from __future__ import annotations

from typing import Any

from ._more_ops import named
from ._tensor.dtype import int64
from ._tensor.ops.factories import empty, linspace
from ._tensor.ops.inplace import adopt, write
from ._tensor.ops.reductions import return_type
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from ._torch_cpu import cpp_sort

__all__ = ["FUNCTIONS", "METHODS"]


def _dim_order(self: Any) -> tuple[int, ...]:
    """The dims from the outermost in memory to the innermost (by stride, ties kept in order)."""
    strides = self.stride()
    return tuple(sorted(range(self.dim()), key=lambda d: -strides[d]))


def _h(self: Any) -> Any:
    if self.dim() != 2:
        raise RuntimeError(
            f"tensor.H is only supported on matrices (2-D tensors). Got {self.dim()}-D tensor."
        )
    return self.transpose(0, 1)


def _new(self: Any, *args: Any, **kwargs: Any) -> Any:
    """The legacy ``t.new(...)``: sizes give an uninitialised tensor (zeros here), data a tensor
    of it, both of ``t``'s dtype."""
    dt = kwargs.pop("dtype", None) or self.dtype
    if len(args) == 1 and not isinstance(args[0], int):
        data = args[0]
        if is_tensor(data):
            return data.to(dt)
        return tensor(data, dtype=dt)
    return empty(*args, dtype=dt) if args else empty(0, dtype=dt)


def _apply_(self: Any, callable: Any) -> Any:
    """Each element replaced by ``callable(element)``, in place (no graph: PyTorch's CPU-only
    ``apply_`` refuses a tensor that requires grad)."""
    if self.requires_grad:
        raise RuntimeError("Can't call apply_() on Variable that requires grad. Use "
                           "var.detach().apply_() instead.")  # fmt: skip
    write(self, [float(callable(v)) for v in self.reshape(-1).tolist()])
    return self


def _map_(self: Any, other: Any, callable: Any) -> Any:
    """Each element replaced by ``callable(element, other's)``, ``other`` broadcast, in place."""
    if self.requires_grad:
        raise RuntimeError("Can't call map_() on Variable that requires grad. Use "
                           "var.detach().map_() instead.")  # fmt: skip
    theirs = other.expand(self.shape).reshape(-1).tolist()
    write(self, [float(callable(a, b)) for a, b in zip(self.reshape(-1).tolist(), theirs)])
    return self


def _map2_(self: Any, x: Any, y: Any, callable: Any) -> Any:
    """Each element replaced by ``callable(element, x's, y's)``, both broadcast, in place."""
    if self.requires_grad:
        raise RuntimeError("Can't call map2_() on Variable that requires grad. Use "
                           "var.detach().map2_() instead.")  # fmt: skip
    xs, ys = (t.expand(self.shape).reshape(-1).tolist() for t in (x, y))
    mine = self.reshape(-1).tolist()
    write(self, [float(callable(a, b, c)) for a, b, c in zip(mine, xs, ys)])
    return self


def put(input: Any, index: Any, source: Any, accumulate: bool = False) -> Any:
    """``input`` seen flat, with ``source`` written (or added) at ``index`` (``PutBackward0``)."""
    vals = [v * 1 for v in input.flat]
    n = len(vals)
    for i, v in zip(index.reshape(-1).tolist(), source.reshape(-1).flat):
        i = int(i)
        if not -n <= i < n:
            raise IndexError(
                f"out of range: tried to access index {i} on a tensor of {n} elements."
            )
        vals[i % n] = vals[i % n] + v if accumulate else v * 1
    node = node_class("PutBackward0", -1, {}, "find")
    return result(vals, input.shape, input.dtype, node, (input, source))


NanmedianResult = return_type("nanmedian")


def nanmedian(input: Any, dim: Any = None, keepdim: bool = False) -> Any:
    """The lower median of the elements that are not nan (nan when all are): of every element
    (``NanmedianBackward0``) or of each line along ``dim`` with where it is
    (``NanmedianBackward1``)."""
    if dim is None:
        flat = input.reshape(-1)
        idx = _nan_median_index(flat.tolist())
        if idx is None:
            return named("NanmedianBackward0", flat.sum() * float("nan"), (input,))
        return named("NanmedianBackward0", flat[idx], (input,))
    d = normalize_dim(dim, max(input.dim(), 1))
    t = input.movedim(d, -1) if input.dim() else input.reshape(1)
    rows = t.reshape(-1, t.shape[-1]).tolist() if t.numel() else []
    at = [_line_median_index(row) for row in rows]
    indices = tensor(at, dtype=int64).reshape(t.shape[:-1])
    values = t.gather(t.dim() - 1, indices.unsqueeze(-1)).squeeze(-1)
    if keepdim and input.dim():
        values, indices = values.unsqueeze(d), indices.unsqueeze(d)
    return NanmedianResult(named("NanmedianBackward1", values, (input,)), indices)


def _line_median_index(row: list[float]) -> int:
    """Where PyTorch's CPU kernel (``median_with_indices_impl``) finds a line's nanmedian:
    ``std::nth_element`` over the indices, the nans last, at ``(size - num_nan - 1) / 2`` as
    C++ divides (0 for an all-nan line, whose nans it leaves where its partitioning puts
    them)."""
    nans = sum(1 for v in row if v != v)
    idx = list(range(len(row)))

    def less(i: int, j: int) -> bool:
        a, b = row[i], row[j]
        return a < b or (a == b and i < j) or (b != b and a == a)

    cpp_sort.nth_element(idx, int((len(row) - nans - 1) / 2), less)
    return idx[int((len(row) - nans - 1) / 2)]


def _nan_median_index(row: list[float]) -> int | None:
    kept = sorted((v, i) for i, v in enumerate(row) if v == v)
    if not kept:
        return None
    return kept[(len(kept) - 1) // 2][1]


range_ = range  # histogram's keyword is called range


def hist_pair(name: str) -> type:
    """PyTorch's ``torch.return_types.<name>`` of the histograms: ``(hist, bin_edges)``, also
    by name, with its repr."""

    def __new__(cls: type, hist: Any, bin_edges: Any) -> Any:  # noqa: N807
        return tuple.__new__(cls, (hist, bin_edges))

    def __repr__(self: Any) -> str:  # noqa: N807
        return f"torch.return_types.{name}(\nhist={self[0]!r},\nbin_edges={self[1]!r})"

    return type(name, (tuple,), {
        "__slots__": (), "__new__": __new__, "__repr__": __repr__,
        "hist": property(lambda self: self[0]), "bin_edges": property(lambda self: self[1]),
    })  # fmt: skip


histogram_type = hist_pair("histogram")


def histogram(input: Any, bins: Any = 100, *, range: Any = None, weight: Any = None,
              density: bool = False) -> Any:  # fmt: skip
    """Counts (or weights) of the elements in each bin: ``bins`` equal ones over ``range``
    (the data's by default) or the edges given; the last bin includes its right edge."""
    data = input.reshape(-1).tolist()
    if is_tensor(bins):
        edges = bins.to(input.dtype)
    else:
        lo, hi = (min(data), max(data)) if range is None and data else (range or (0.0, 1.0))
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5  # numpy's rule for an empty range (PyTorch's too)
        edges = linspace(float(lo), float(hi), int(bins) + 1, dtype=input.dtype)
    e = edges.tolist()
    n = len(e) - 1
    ws = weight.reshape(-1).tolist() if weight is not None else [1.0] * len(data)
    hist = [0.0] * n
    for x, w in zip(data, ws):
        if not e[0] <= x <= e[-1]:
            continue
        k = next((i for i in range_(n) if x < e[i + 1]), n - 1)
        hist[k] += w
    if density:
        total = sum(hist)
        hist = [h / (total * (b - a)) if total else 0.0 for h, a, b in zip(hist, e, e[1:])]
    return histogram_type(tensor(hist, dtype=input.dtype), edges)


def nonzero_static(input: Any, *, size: int, fill_value: int = -1) -> Any:
    """``nonzero()`` padded with ``fill_value`` rows (or cut) to exactly ``size`` rows."""
    found = input.nonzero().tolist()[:size]
    pad = [[fill_value] * max(input.dim(), 1)] * (size - len(found))
    rows = found + pad
    return tensor(rows, dtype=int64).reshape(size, max(input.dim(), 1))


def _resize_as_(self: Any, other: Any) -> Any:
    return self.resize_(other.shape)


def dsplit(input: Any, indices_or_sections: Any) -> tuple[Any, ...]:
    """Pieces along the third dim (``tensor_split`` of dim 2)."""
    if input.dim() < 3:
        raise RuntimeError(
            "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with "
            f"{input.dim()} dimensions!"
        )
    n = indices_or_sections
    if isinstance(n, int) and (n == 0 or input.shape[2] % n):
        raise RuntimeError(
            "torch.dsplit attempted to split along dimension 2, but the size of the dimension "
            f"{input.shape[2]} is not divisible by the split_size {n}!"
        )
    return input.tensor_split(n, 2)


def _renamed(pieces: Any, name: str, input: Any) -> tuple[Any, ...]:
    return tuple(named(name, p, (input,)) for p in pieces)


def unsafe_chunk(input: Any, chunks: int, dim: int = 0) -> tuple[Any, ...]:
    """``chunk`` whose pieces are not views in PyTorch's bookkeeping (``UnsafeSplitBackward0``)."""
    return _renamed(input.chunk(chunks, dim), "UnsafeSplitBackward0", input)


def unsafe_split(input: Any, split_size: int, dim: int = 0) -> tuple[Any, ...]:
    """``split`` of equal pieces (``UnsafeSplitBackward0``)."""
    return _renamed(input.split(split_size, dim), "UnsafeSplitBackward0", input)


def unsafe_split_with_sizes(input: Any, split_sizes: Any, dim: int = 0) -> tuple[Any, ...]:
    """``split`` of the sizes listed (``UnsafeSplitWithSizesBackward0``)."""
    return _renamed(input.split(list(split_sizes), dim), "UnsafeSplitWithSizesBackward0", input)


FUNCTIONS: dict[str, Any] = {
    "nanmedian": nanmedian, "histogram": histogram, "dsplit": dsplit, "put": put,
    "unsafe_chunk": unsafe_chunk, "unsafe_split": unsafe_split,
    "unsafe_split_with_sizes": unsafe_split_with_sizes, "nonzero_static": nonzero_static,
}  # fmt: skip
METHODS: dict[str, Any] = {
    **FUNCTIONS,
    "is_meta": property(lambda self: False),
    "is_nested": property(lambda self: False),
    "is_shared": lambda self: False,
    "output_nr": property(lambda self: 0),
    "dim_order": _dim_order,
    "H": property(_h),
    "new": _new,
    "apply_": _apply_,
    "map_": _map_,
    "map2_": _map2_,
    "put_": lambda self, index, source, accumulate=False: adopt(
        self, lambda before: put(before, index, source, accumulate)),
    "resize_as_": _resize_as_,
}  # fmt: skip
