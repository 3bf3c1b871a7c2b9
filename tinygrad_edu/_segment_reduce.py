"""``torch.segment_reduce``: one reduction per run of ``lengths`` (or between ``offsets``)
along ``axis``, as PyTorch 2.13's CPU kernel answers it; and ``torch.from_file``, a file's
bytes as a 1-d tensor.

>>> import tinygrad_edu as torch
>>> data = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
>>> torch.segment_reduce(data, "sum", lengths=torch.tensor([2, 0, 3, 1]))
tensor([ 3.,  0., 12.,  6.])

An empty run gives the reduction's identity (``mean``: nan), or ``initial`` when given; with
``initial`` every run starts from it (``mean`` divides ``initial + sum`` by the run's length).
Each run's value is the tensor op of that name (``sum``, ``mean``, ``amax``, ``amin``,
``prod``), so the gradient is theirs (ties in ``max`` share it, a zero in ``prod`` gets the
product of the others), under PyTorch's one node ``SegmentReduceBackward0``.
"""

from __future__ import annotations

import itertools
import math
import struct
from typing import Any

from ._more_ops import named
from ._tensor.dtype import C_NAMES, get_default_dtype
from ._tensor.ops.reductions import maximum, minimum
from ._tensor.shape import normalize_dim
from ._tensor.tensor import stack, tensor
from ._tensor.tensor_graph import is_tensor

__all__ = ["FUNCTIONS", "from_file", "segment_reduce"]

_EMPTY = {"sum": 0.0, "mean": math.nan, "max": -math.inf, "min": math.inf, "prod": 1.0}
_NAMES = {"amax": "max", "amin": "min"}


def _run(seg: Any, reduce: str, axis: int, initial: float | None) -> Any:
    n = seg.shape[axis]
    if n == 0:
        shape = [k for i, k in enumerate(seg.shape) if i != axis]
        fill = _EMPTY[reduce] if initial is None else initial
        return seg.new_full(shape, fill)
    if reduce in ("sum", "mean"):
        r = seg.sum(axis)
        if initial is not None:
            r = r + initial
        return r / n if reduce == "mean" else r
    if reduce == "prod":
        r = seg.prod(axis)
        return r * initial if initial is not None else r
    r = seg.amax(axis) if reduce == "max" else seg.amin(axis)
    if initial is None:
        return r
    bound = r.new_full(r.shape, initial)
    return maximum(r, bound) if reduce == "max" else minimum(r, bound)


def segment_reduce(data: Any, reduce: str, *, lengths: Any = None, indices: Any = None,
                   offsets: Any = None, axis: int = 0, unsafe: bool = False,
                   initial: float | None = None) -> Any:  # fmt: skip
    """Reduce ``data`` along ``axis`` run by run (``SegmentReduceBackward0``)."""
    reduce = _NAMES.get(reduce, reduce)
    if reduce not in _EMPTY:
        raise RuntimeError(
            f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}"
        )
    if not data.dtype.is_floating_point:
        raise NotImplementedError(
            f"\"_segment_reduce_cpu\" not implemented for '{C_NAMES[data.dtype][0]}'"
        )
    if lengths is None and offsets is None:
        raise RuntimeError("segment_reduce(): Either lengths or offsets must be defined.")
    if lengths is None:
        off = offsets.tolist()
        rows = (
            [[b - a for a, b in itertools.pairwise(r)] for r in off] if offsets.dim() > 1 else None
        )
        runs = rows if rows is not None else [b - a for a, b in itertools.pairwise(off)]
    else:
        runs = lengths.tolist()
    nested = isinstance(runs[0], list) if runs else False
    axis = normalize_dim(axis, data.dim())
    size = data.shape[axis]
    for row in runs if nested else [runs]:
        if not unsafe and sum(row) != size:
            raise RuntimeError(
                "segment_reduce(): Expected all rows of lengths along axis to sum to "
                "data.size(lengths.dim()-1) when !unsafe."
            )

    def reduce_row(d: Any, row: list[int], ax: int) -> Any:
        out, start = [], 0
        for n in row:
            out.append(_run(d.narrow(ax, start, n), reduce, ax, initial))
            start += n
        return stack(out, ax)

    if nested:  # one row of lengths per index of the leading dim
        r = stack([reduce_row(data[i], row, axis - 1) for i, row in enumerate(runs)], 0)
    else:
        r = reduce_row(data, runs, axis)
    return named("SegmentReduceBackward0", r, (data,)) if is_tensor(r) else r


def from_file(filename: str, shared: bool | None = None, size: int = 0, *, dtype: Any = None,
              layout: Any = None, device: Any = None, pin_memory: bool = False,
              requires_grad: bool = False) -> Any:  # fmt: skip
    """The first ``size`` elements of ``dtype`` stored in ``filename`` (native byte order), as
    PyTorch maps them; here they are read into a tensor of its own."""
    dt = dtype or get_default_dtype()
    width = dt.itemsize
    try:
        with open(filename, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise RuntimeError(
            f"unable to open file <{filename}> in read-only mode: {e.strerror} ({e.errno})"
        ) from None
    if len(raw) < size * width:
        raise RuntimeError(
            f"file <{filename}> size <{len(raw)}> is smaller than the required mapping size "
            f"<{size * width}>"
        )
    code = _CODES[dt.name]
    values = list(struct.unpack(f"={size}{code}", raw[: size * width])) if size else []
    if code == "?":
        values = [bool(v) for v in values]
    return tensor(values, dtype=dt, requires_grad=requires_grad)


_CODES = {"float32": "f", "float64": "d", "float16": "e", "int64": "q", "int32": "i",
          "int16": "h", "int8": "b", "uint8": "B", "bool": "?"}  # fmt: skip

FUNCTIONS: dict[str, Any] = {"segment_reduce": segment_reduce, "from_file": from_file}
