"""``torch.linalg`` for small matrices: ``solve``, ``inv``, ``det``, ``lstsq``, ``norm``,
``vector_norm`` and ``matrix_norm``, with PyTorch's nodes (``LinalgSolveExBackward0``,
``LinalgInvExBackward0``, ``LinalgDetBackward0``...) and errors.

>>> import tinygrad_edu as torch
>>> A = torch.tensor([[4.0, 1.0], [2.0, 3.0]], dtype=torch.float64)
>>> torch.linalg.solve(A, torch.tensor([1.0, 2.0], dtype=torch.float64))
tensor([0.1000, 0.6000], dtype=torch.float64)

Gaussian elimination with partial pivoting (LAPACK's ``getrf``: the first largest pivot of
each column), written with the scalar engine's ops, so the gradients are the chain rule
through the elimination; a float32 matrix rounds each step to float32.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from ._tensor.dtype import C_NAMES, float32, int64, round_float32
from ._tensor.ops.reductions import amax, amin
from ._tensor.ops.reductions import norm as norm_1_or_2
from ._tensor.tensor_graph import node_class, result
from .core.engine import Value, apply
from .core.ops import COPIES

__all__ = ["LinAlgError", "det", "inv", "lstsq", "matrix_norm", "norm", "solve", "vector_norm"]


class LinAlgError(RuntimeError):
    """A matrix the operation cannot be done on (singular): ``torch.linalg.LinAlgError``."""


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"  # as PyTorch names its class


def _square(name: str, a: Any) -> int:
    if not a.dtype.is_floating_point:
        raise RuntimeError(
            f"{name}: Expected a floating point or complex tensor as input. Got "
            f"{C_NAMES[a.dtype][0]}"
        )
    if a.dim() != 2 or a.shape[0] != a.shape[1]:
        rows, cols = (a.shape[-2], a.shape[-1]) if a.dim() >= 2 else (a.numel(), 1)
        raise RuntimeError(
            f"{name}: A must be batches of square matrices, but they are {rows} by {cols} matrices"
        )
    return a.shape[0]


def _rounding(dt: Any) -> Any:
    def rnd(v: Any) -> Any:
        if dt is float32 and isinstance(v, Value):
            v.data = round_float32(v.data)
        return v

    return rnd


def _eliminate(a: Any, rhs: list[Any], message: str) -> tuple[Any, int]:
    """LU with partial pivoting of ``a``'s elements applied to the columns ``rhs`` (each a
    list of n elements): the solutions (a list of columns), the diagonal of U and the number
    of row swaps."""
    n = a.shape[0]
    rnd = _rounding(a.dtype)
    m = [[a.flat[i * n + j] for j in range(n)] for i in range(n)]
    cols = [list(c) for c in rhs]
    swaps = 0
    for k in range(n):
        p = max(range(k, n), key=lambda i: (abs(_data(m[i][k])), -i))
        if _data(m[p][k]) == 0.0:
            raise LinAlgError(message.format(k + 1))
        if p != k:
            m[k], m[p] = m[p], m[k]
            for c in cols:
                c[k], c[p] = c[p], c[k]
            swaps += 1
        r = rnd(1.0 / m[k][k])  # LAPACK scales the column by the pivot's reciprocal
        for i in range(k + 1, n):
            f = rnd(m[i][k] * r)
            for j in range(k + 1, n):
                m[i][j] = rnd(m[i][j] - rnd(f * m[k][j]))
            for c in cols:
                c[i] = rnd(c[i] - rnd(f * c[k]))
    for c in cols:  # back substitution: the last unknown first, column by column, each
        for k in range(n - 1, -1, -1):  # scaled by the pivot's reciprocal (float64 bit for bit)
            c[k] = rnd(c[k] * rnd(1.0 / m[k][k]))
            for i in range(k):
                c[i] = rnd(c[i] - rnd(c[k] * m[i][k]))
    return (cols, [m[i][i] for i in range(n)]), swaps


def _data(v: Any) -> float:
    return v.data if isinstance(v, Value) else float(v)


def _out(vals: list[Any], shape: Any, like: Any, name: str, inputs: tuple[Any, ...]) -> Any:
    vals = [v if isinstance(v, Value) and v.requires_grad else _const(v) for v in vals]
    copies = [apply(COPIES["select"], (v,)) for v in vals]
    node = node_class(name, -1 if len(inputs) > 1 else 1, {}, "find")
    return result(copies, shape, like.dtype, node, inputs)


def _const(v: Any) -> Value:
    return v if isinstance(v, Value) else Value(float(v), requires_grad=False)


def solve(A: Any, B: Any, *, left: bool = True) -> Any:  # noqa: N803 - PyTorch's names
    """The ``X`` with ``A @ X = B`` (``B`` a vector or a matrix of columns)."""
    n = _square("linalg.solve", A)
    vector = B.dim() == 1
    rows = B.shape[0]
    width = 1 if vector else B.shape[1]
    if rows != n:
        raise RuntimeError(
            "linalg.solve: Incompatible shapes of A and B for the equation AX = B "
            f"({n}x{n} and {rows}x{width})"
        )
    rhs = [[B.flat[i * width + j] for i in range(rows)] for j in range(width)]
    msg = "torch.linalg.solve: The solver failed because the input matrix is singular."
    (cols, _), _ = _eliminate(A, rhs, msg)
    vals = [cols[j][i] for i in range(n) for j in range(width)]
    return _out(vals, (n,) if vector else (n, width), A, "LinalgSolveExBackward0", (A, B))


_INV_SINGULAR = (
    "linalg.inv: The diagonal element {} is zero, the inversion could not be completed because "
    "the input matrix is singular."
)


def inv(A: Any) -> Any:  # noqa: N803 - PyTorch's names
    """The inverse matrix (``LinalgInvExBackward0``)."""
    n = _square("linalg.inv", A)
    eye = [[1.0 if i == j else 0.0 for i in range(n)] for j in range(n)]
    (cols, _), _ = _eliminate(A, eye, _INV_SINGULAR)
    return _out([cols[j][i] for i in range(n) for j in range(n)], (n, n), A,
                "LinalgInvExBackward0", (A,))  # fmt: skip


def det(A: Any) -> Any:  # noqa: N803 - PyTorch's names
    """The determinant: the product of U's diagonal, its sign flipped for each row swap."""
    n = _square("linalg.det", A)
    try:
        (_, diag), swaps = _eliminate(A, [], "")
    except LinAlgError:  # a zero pivot: the determinant is 0
        return _out([0.0], (), A, "LinalgDetBackward0", (A,))
    out: Any = -1.0 if swaps % 2 else 1.0
    for d in diag:
        out = _rounding(A.dtype)(out * d) if n else out
    return _out([out], (), A, "LinalgDetBackward0", (A,))


class LstsqResult(NamedTuple):
    solution: Any
    residuals: Any
    rank: Any
    singular_values: Any

    def __repr__(self) -> str:
        return (
            f"torch.return_types.linalg_lstsq(\nsolution={self.solution!r},\n"
            f"residuals={self.residuals!r},\nrank={self.rank!r},\n"
            f"singular_values={self.singular_values!r})"
        )


def lstsq(A: Any, B: Any) -> LstsqResult:  # noqa: N803 - PyTorch's names
    """The least-squares solution of ``A @ X = B`` (from the normal equations here; PyTorch's
    default driver on the CPU reports no residuals or singular values, nor does this)."""
    x = solve(A.T @ A, A.T @ B)
    sol = _out(x.elements(), x.shape, A, "LinalgLstsqBackward0", (A, B))
    empty = type(A).from_values([], (0,), A.dtype)
    rank = type(A).from_values([Value(float(A.shape[1]), requires_grad=False)], (), int64)
    return LstsqResult(sol, empty, rank, type(A).from_values([], (0,), A.dtype))


def vector_norm(x: Any, ord: Any = 2, dim: Any = None, keepdim: bool = False) -> Any:
    """``(sum |x|**ord) ** (1/ord)`` over ``dim`` (all elements by default); ``inf``: the
    largest ``|x|``, ``-inf`` the smallest (``LinalgVectorNormBackward0``)."""
    if ord in (1, 2):
        if isinstance(dim, (list, tuple)):
            if len(dim) == 1:
                dim = dim[0]
            elif len(set(d % max(x.dim(), 1) for d in dim)) == x.dim():
                dim = None
            else:
                raise NotImplementedError("vector_norm over some of several dims: one or all")
        return norm_1_or_2(x, ord, dim, keepdim)
    if ord in (math.inf, -math.inf):
        pick = amax if ord > 0 else amin
        r = pick(x.abs(), () if dim is None else dim, keepdim)
        return _renamed(r, x)
    raise NotImplementedError(f"vector_norm with ord={ord!r}: only 1, 2, inf and -inf here")


def _renamed(r: Any, x: Any) -> Any:
    if r.grad_fn is None:
        return r
    node = node_class("LinalgVectorNormBackward0", 1, {}, "find")
    return result(r.elements(), r.shape, r.dtype, node, (x,))


def matrix_norm(A: Any, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False) -> Any:  # noqa: N803 - PyTorch's names
    """The Frobenius norm (the 2-norm of all the elements)."""
    if ord != "fro":
        raise NotImplementedError(f"matrix_norm with ord={ord!r}: only 'fro' here")
    return vector_norm(A, 2, None if A.dim() == 2 else dim, keepdim)


def norm(A: Any, ord: Any = None, dim: Any = None, keepdim: bool = False) -> Any:  # noqa: N803 - PyTorch's names
    """``vector_norm`` for ``ord=None`` (the 2-norm of all elements) or a vector ord,
    ``matrix_norm`` for ``"fro"``."""
    if ord == "fro":
        return matrix_norm(A, ord, dim if dim is not None else (-2, -1), keepdim)
    return vector_norm(A, 2 if ord is None else ord, dim, keepdim)
