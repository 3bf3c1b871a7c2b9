"""Matrix ops beyond ``@``: ``mv``, ``bmm``, ``trace``, ``diagonal``, ``diag``, ``triu`` and
``tril``, with PyTorch's nodes (``MvBackward0``, ``BmmBackward0``, ``TraceBackward0``,
``DiagonalBackward0``, ``TriuBackward0``...) and errors.

>>> import tinygrad_edu as torch
>>> A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
>>> A.trace(), A.diagonal()
(tensor(5., grad_fn=<TraceBackward0>), tensor([1., 4.], grad_fn=<DiagonalBackward0>))
>>> torch.diag(torch.tensor([1, 2]))
tensor([[1, 0],
        [0, 2]])

A chosen element is a copy of its input (slope 1); a batched product is one ``mm`` per batch
(PyTorch's float32 sums, ``kernels.matmul``), shown as the one node PyTorch shows.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ...core.engine import Value, apply
from ...core.grad_mode import STATE
from ...core.ops import COPIES, NARY
from .. import kernels
from ..dtype import float32, int64, round_float32
from ..shape import broadcast, normalize_dim
from ..tensor_graph import is_tensor, node_class, renamed, result

__all__ = ["METHODS", "bmm", "diag", "diagonal", "matmul", "mv", "trace", "tril", "triu"]

_BMM = node_class("BmmBackward0", 2, {"_saved_self": 0, "_saved_mat2": 1}, "halves")


def mv(input: Any, vec: Any) -> Any:
    """A matrix times a vector (``MvBackward0``)."""
    if input.dim() != 2 or vec.dim() != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {input.dim()}, {vec.dim()}")
    return kernels.matmul(input, vec)


def bmm(input: Any, mat2: Any) -> Any:
    """A batch of matrix products: ``input[b] @ mat2[b]`` for each ``b`` (``BmmBackward0``)."""
    if input.dim() != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if mat2.dim() != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    (b, n, k), (b2, k2, p) = input.shape, mat2.shape
    if (b2, k2) != (b, k):
        raise RuntimeError(
            "Expected size for first two dimensions of batch2 tensor to be: "
            f"[{b}, {k}] but got: [{b2}, {k2}]."
        )
    vals: list[Value] = []
    make, dt = type(input).from_values, input.dtype
    for i in range(b):  # each batch as a plain tensor of the same elements: one mm each
        a = make(input.flat[i * n * k : (i + 1) * n * k], (n, k), input.dtype)
        m = make(mat2.flat[i * k * p : (i + 1) * k * p], (k, p), mat2.dtype)
        r = kernels.matmul(a, m)
        if k * n * p < 400:  # PyTorch's small-bmm loop: a plain running sum in the dtype
            _running_sums(r, a, m, round_float32 if r.dtype is float32 else float)
        vals, dt = vals + r.flat, r.dtype
    return result(vals, (b, n, p), dt, _BMM, (input, mat2))


def matmul(a: Any, b: Any) -> Any:
    """``a @ b`` for any dims, as ``torch.matmul`` folds them: a stack of matrices times a
    matrix is one ``mm`` of the stacked rows, a batch times a batch one ``bmm`` over the
    broadcast batch; the result is ``UnsafeViewBackward0`` of that product."""
    if not is_tensor(a) or not is_tensor(b) or (a.dim() <= 2 and b.dim() <= 2):
        return kernels.matmul(a, b)
    if a.dim() == 0 or b.dim() == 0:
        return kernels.matmul(a, b)  # PyTorch's error for a 0-d operand
    if b.dim() <= 2:  # fold a's leading dims into the rows of one product
        rows = kernels.matmul(a.reshape(-1, a.shape[-1]), b)
        return renamed(rows.view(*a.shape[:-1], *b.shape[1:]), "UnsafeViewBackward0")
    x = a.unsqueeze(0) if a.dim() == 1 else a
    (n, k), (k2, m) = x.shape[-2:], b.shape[-2:]
    if k != k2:
        raise RuntimeError(
            "Expected size for first two dimensions of batch2 tensor to be: "
            f"[{math.prod(x.shape[:-2])}, {k}] but got: [{math.prod(b.shape[:-2])}, {k2}]."
        )
    batch = broadcast(tuple(x.shape[:-2]), tuple(b.shape[:-2]))[0]
    xs = x.expand(*batch, n, k).reshape(-1, n, k).contiguous()
    bs = b.expand(*batch, k, m).reshape(-1, k, m).contiguous()
    out = renamed(bmm(xs, bs).view(*batch, n, m), "UnsafeViewBackward0")
    return out.squeeze(-2) if a.dim() == 1 else out


def _running_sums(r: Any, a: Any, m: Any, rnd: Any) -> None:
    (n, k), p = a.shape, m.shape[1]
    for i in range(n):
        for j in range(p):
            acc = 0.0
            for q in range(k):
                acc = rnd(acc + rnd(a.flat[i * k + q].data * m.flat[q * p + j].data))
            r.flat[i * p + j].data = acc


def _diagonal_positions(shape: Any, offset: int, d1: int, d2: int) -> tuple[list[int], list[int]]:
    """The flat positions of the diagonal (the other dims first, the diagonal last, as
    PyTorch orders them) and the result's shape."""
    others = [i for i in range(len(shape)) if i not in (d1, d2)]
    n1, n2 = shape[d1], shape[d2]
    length = max(0, min(n1, n2 - offset) if offset >= 0 else min(n1 + offset, n2))
    strides = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * shape[i + 1]
    pos = []
    for idx in itertools.product(*(range(shape[i]) for i in others)):
        base = sum(j * strides[i] for i, j in zip(others, idx))
        for t in range(length):
            r, c = (t, t + offset) if offset >= 0 else (t - offset, t)
            pos.append(base + r * strides[d1] + c * strides[d2])
    return pos, [shape[i] for i in others] + [length]


def _copies(t: Any, pos: list[int], shape: Any, name: str, **saved: Any) -> Any:
    if STATE.enabled and t.requires_grad:
        vals = [apply(COPIES["select"], (t.flat[i],)) for i in pos]
        return result(vals, shape, t.dtype, node_class(name, 1, {}, "find"), (t,), **saved)
    return type(t).from_values([t.flat[i] for i in pos], tuple(shape), t.dtype)


def diagonal(input: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Any:
    """The diagonal ``offset`` above (below, if negative) the main one, of the matrices in
    dims ``dim1`` and ``dim2``. Without a graph it holds the input's very elements."""
    nd = input.dim()
    d1, d2 = normalize_dim(dim1, nd), normalize_dim(dim2, nd)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    pos, shape = _diagonal_positions(tuple(input.shape), offset, d1, d2)
    return _copies(input, pos, shape, "DiagonalBackward0", _saved_dim1=d1, _saved_dim2=d2,
                   _saved_offset=offset, _saved_self_sym_sizes=tuple(input.shape))  # fmt: skip


def trace(input: Any) -> Any:
    """The sum of the main diagonal of a matrix (``TraceBackward0``)."""
    if input.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {input.dim()}")
    pos, _ = _diagonal_positions(tuple(input.shape), 0, 0, 1)
    dt = input.dtype if input.dtype.is_floating_point else int64
    vals = [apply(NARY["sum"], tuple(input.flat[i] for i in pos))]
    if dt is float32 and kernels.float32_arithmetic():
        kernels.as_float32("trace", vals)  # PyTorch sums a float32 trace in double
    node = node_class("TraceBackward0", 1, {}, "find")
    return result(vals, (), dt, node, (input,), _saved_self_sym_sizes=tuple(input.shape))


def diag(input: Any, diagonal: int = 0) -> Any:
    """A vector's matrix (the vector on diagonal ``diagonal``, zeros elsewhere), or a matrix's
    diagonal."""
    if input.dim() == 2:
        pos, shape = _diagonal_positions(tuple(input.shape), diagonal, 0, 1)
        vals = [apply(COPIES["select"], (input.flat[i],)) for i in pos]
        node = node_class("DiagonalBackward0_copy", 1, {}, "find")
        return result(vals, shape, input.dtype, node, (input,), _saved_offset=diagonal)
    if input.dim() != 1:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {input.dim()}D")
    n = input.shape[0] + abs(diagonal)
    vals = [Value(0.0, requires_grad=False) for _ in range(n * n)]
    for t, v in enumerate(input.flat):
        r, c = (t, t + diagonal) if diagonal >= 0 else (t - diagonal, t)
        vals[r * n + c] = apply(COPIES["select"], (v,))
    node = node_class("DiagEmbedBackward0", 1, {}, "find")
    return result(vals, (n, n), input.dtype, node, (input,), _saved_offset=diagonal)


def _triangle(t: Any, diagonal: int, upper: bool) -> Any:
    if t.dim() < 2:
        name = "triu" if upper else "tril"
        raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
    rows, cols = t.shape[-2], t.shape[-1]
    vals = []
    for i, v in enumerate(t.flat):
        r, c = (i // cols) % rows, i % cols
        keep = c - r >= diagonal if upper else c - r <= diagonal
        vals.append(apply(COPIES["select"], (v,)) if keep else Value(0.0, requires_grad=False))
    name = "TriuBackward0" if upper else "TrilBackward0"
    return result(vals, t.shape, t.dtype, node_class(name, 1, {}, "find"), (t,),
                  _saved_diagonal=diagonal)  # fmt: skip


def triu(input: Any, diagonal: int = 0) -> Any:
    """The upper triangle (from diagonal ``diagonal`` up), zeros below."""
    return _triangle(input, diagonal, upper=True)


def tril(input: Any, diagonal: int = 0) -> Any:
    """The lower triangle (up to diagonal ``diagonal``), zeros above."""
    return _triangle(input, diagonal, upper=False)


METHODS: dict[str, Any] = {
    "mv": mv,
    "bmm": bmm,
    "trace": trace,
    "diagonal": diagonal,
    "diag": diag,
    "triu": triu,
    "tril": tril,
}
