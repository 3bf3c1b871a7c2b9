"""Torch-level functions old programs and TorchScript code still call: ``frobenius_norm`` and
``nuclear_norm`` (deprecated for ``linalg``'s), ``detach_copy``, ``histogramdd``,
``frombuffer`` and ``is_storage``, as PyTorch 2.13 answers them on the CPU.

>>> import tinygrad_edu as torch
>>> torch.frombuffer(bytearray(b"\\x01\\x02\\x03"), dtype=torch.uint8)
tensor([1, 2, 3], dtype=torch.uint8)

``frombuffer`` copies the buffer's numbers: PyTorch's tensor shares the buffer's memory (a
write to either shows in the other); here the tensor has elements of its own.
``nuclear_norm``'s singular values come from a one-sided Jacobi SVD in float64, rounded to
the dtype (PyTorch's LAPACK works in the dtype, so float32 may differ in the last digit).
"""

from __future__ import annotations

import math
import os
import struct
import sys
import warnings
from typing import Any

from . import linalg
from ._more_ops import named
from ._tensor.dtype import C_NAMES, DTYPES, bfloat16
from ._tensor.ops.factories import linspace
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from ._tensor_odds import hist_pair
from .core.engine import apply
from .core.grad_mode import STATE
from .core.ops import Op
from .storage import TypedStorage, UntypedStorage

__all__ = [
    "FUNCTIONS",
    "detach_copy",
    "frobenius_norm",
    "frombuffer",
    "histogramdd",
    "is_storage",
    "nuclear_norm",
]  # fmt: skip

_warned: set[str] = set()
_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _user_level() -> int:
    """The ``stacklevel`` of the first frame outside the package, for the caller of this:
    a warning names the program's line whichever wrappers the call went through."""
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    return level


def _deprecated(name: str, instead: str, line: int) -> None:
    # PyTorch's TORCH_WARN_ONCE: the first call in a process says so
    if name not in _warned:
        _warned.add(name)
        warnings.warn(
            f"at::{name} is deprecated and it is just left for JIT compatibility. It will be "
            f"removed in a future PyTorch release. Please use `{instead}` instead (Triggered "
            f"internally at /__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:{line}.)",
            UserWarning,
            stacklevel=_user_level(),
        )


def is_storage(obj: Any) -> bool:
    """Whether ``obj`` is a storage (``t.storage()``, ``t.untyped_storage()``)."""
    return isinstance(obj, (TypedStorage, UntypedStorage))


# -- frombuffer ------------------------------------------------------------------------------

_FORMATS = {"float32": "f", "float64": "d", "float16": "e", "int64": "q", "int32": "i",
            "int16": "h", "int8": "b", "uint8": "B", "bool": "?"}  # fmt: skip
_NOT_WRITABLE = (
    "The given buffer is not writable, and PyTorch does not support non-writable tensors. This "
    "means you can write to the underlying (supposedly non-writable) buffer using the tensor. "
    "You may want to copy the buffer to protect its data or make it writable before converting "
    "it to a tensor. This type of warning will be suppressed for the rest of this program. "
    "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:1556.)"
)


def frombuffer(buffer: Any, *, dtype: Any = None, count: int = -1, offset: int = 0,
               requires_grad: bool = False) -> Any:  # fmt: skip
    """A 1-d tensor of the numbers in a Python buffer (``bytes``, ``bytearray``, ``array``,
    ...), ``count`` of them (-1: all) from byte ``offset``; a copy here (see above)."""
    if dtype is None:
        raise TypeError('frombuffer() missing 1 required positional arguments: "dtype"')
    try:
        view = memoryview(buffer).cast("B")
    except TypeError:
        raise ValueError("object does not implement Python buffer protocol.") from None
    n, size = len(view), dtype.itemsize
    if not (n > 0 and count != 0):
        raise ValueError(f"both buffer length ({n}) and count ({count}) must not be 0")
    if not 0 <= offset < n:
        raise ValueError(
            f"offset ({offset} bytes) must be non-negative and no greater than buffer length "
            f"({n} bytes) minus 1"
        )
    if count < 0 and (n - offset) % size:
        raise ValueError(
            f"buffer length ({n - offset} bytes) after offset ({offset} bytes) must be a "
            f"multiple of element size ({size})"
        )
    k = (n - offset) // size if count < 0 else count
    if offset + k * size > n:
        raise ValueError(
            f"requested buffer length ({k} * {size} bytes) after offset ({offset} bytes) must "
            f"not be greater than actual buffer length ({n} bytes)"
        )
    if view.readonly and "frombuffer" not in _warned:
        _warned.add("frombuffer")
        warnings.warn(_NOT_WRITABLE, UserWarning, stacklevel=_user_level())
    if dtype is bfloat16:  # the upper half of a float32
        raw = bytes(view[offset : offset + k * 2])
        data: list[Any] = [struct.unpack("<f", b"\0\0" + raw[i : i + 2])[0]
                           for i in range(0, len(raw), 2)]  # fmt: skip
    else:
        data = list(struct.unpack(f"<{k}{_FORMATS[dtype.name]}", view[offset : offset + k * size]))
    return tensor(data, dtype=DTYPES[dtype.name], requires_grad=requires_grad)


# -- detach_copy -----------------------------------------------------------------------------


def _no_derivative(*xs: Any) -> tuple[Any, ...]:
    raise RuntimeError("derivative for aten::detach_copy is not implemented")


# PyTorch's detach_copy keeps requires_grad and has no derivative: its node is NotImplemented
_DETACH_COPY = Op(key="detach_copy", name="NotImplemented", forward=lambda a: a,
                  local=_no_derivative, expr="detach_copy({0})", dlocal=("0",),
                  method=None)  # fmt: skip


def detach_copy(input: Any) -> Any:
    """``detach()`` as a tensor of its own (a copy); on a graph PyTorch's result still
    requires grad, under a ``NotImplemented`` node a backward fails at."""
    if not (STATE.enabled and input.requires_grad):
        c = input.detach().clone()
        return c if c.is_contiguous() else c.contiguous()  # PyTorch's copy is row-major
    vals = [apply(_DETACH_COPY, (v,)) for v in input.contiguous().flat]
    return result(vals, input.shape, input.dtype, node_class(_DETACH_COPY.name), (input,))


# -- the norms -------------------------------------------------------------------------------


def frobenius_norm(input: Any, dim: Any, keepdim: bool = False) -> Any:
    """The 2-norm over ``dim`` (at most two dims): ``linalg.vector_norm(A, 2, dim, keepdim)``
    under PyTorch's old node, ``NormBackward1``."""
    _deprecated("frobenius_norm", "linalg.vector_norm(A, 2., dim, keepdim)", 3175)
    dims = [dim] if isinstance(dim, int) else list(dim)
    if len(dims) > 2:
        raise RuntimeError(
            f"Expected at most 2 dimensions, but got {len(dims)} dimensions instead."
        )
    seen = [normalize_dim(d, input.dim()) for d in dims]
    for d in seen:
        if seen.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    r = linalg.vector_norm(input, 2, dims)
    if keepdim:
        r = r.reshape([1 if k in seen else n for k, n in enumerate(input.shape)])
    return named("NormBackward1", r, (input,))


def _singular(a: list[list[float]]) -> tuple[list[float], list[list[float]]]:
    """The singular values of the m x n matrix ``a`` (m >= n) and U V^T (the nuclear norm's
    gradient), by one-sided Jacobi rotations of the columns."""
    m, n = len(a), len(a[0])
    u = [row[:] for row in a]
    v = [[float(i == j) for j in range(n)] for i in range(n)]
    for _ in range(60):
        rotated = False
        for p in range(n - 1):
            for q in range(p + 1, n):
                alpha = sum(u[i][p] * u[i][p] for i in range(m))
                beta = sum(u[i][q] * u[i][q] for i in range(m))
                gamma = sum(u[i][p] * u[i][q] for i in range(m))
                if abs(gamma) <= 1e-17 * math.sqrt(alpha * beta) or gamma == 0:
                    continue
                rotated = True
                zeta = (beta - alpha) / (2 * gamma)
                t = math.copysign(1.0, zeta) / (abs(zeta) + math.sqrt(1 + zeta * zeta))
                c = 1 / math.sqrt(1 + t * t)
                s = c * t
                for w in (u, v):
                    for row in w:
                        row[p], row[q] = c * row[p] - s * row[q], s * row[p] + c * row[q]
        if not rotated:
            break
    sigma = [math.sqrt(sum(u[i][j] ** 2 for i in range(m))) for j in range(n)]
    g = [[sum(u[i][k] / sigma[k] * v[j][k] for k in range(n) if sigma[k] > 0) for j in range(n)]
         for i in range(m)]  # fmt: skip
    return sigma, g


def nuclear_norm(input: Any, dim: Any = None, keepdim: bool = False) -> Any:
    """The sum of the singular values of the matrices in ``dim`` (the last two by default):
    ``linalg.matrix_norm(A, 'nuc', dim, keepdim)``, whose gradient is U V^T."""
    if isinstance(dim, bool):  # nuclear_norm(A, True): the keepdim overload
        dim, keepdim = None, dim
    _deprecated("nuclear_norm", "linalg.matrix_norm(A, 'nuc', dim, keepdim)", 3229)
    if input.dim() < 2:
        raise RuntimeError(
            "linalg.matrix_norm: The input tensor A must have at least 2 dimensions."
        )
    if not input.dtype.is_floating_point:
        raise RuntimeError(
            "linalg.matrix_norm: Expected a floating point or complex tensor as input. "
            f"Got {C_NAMES[input.dtype][0]}"
        )
    dims = [-2, -1] if dim is None else list(dim)
    if len(dims) != 2:
        raise RuntimeError(
            f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dims))}"
        )
    d0, d1 = (normalize_dim(d, input.dim()) for d in dims)
    if d0 == d1:
        raise RuntimeError(
            f"linalg.matrix_norm: dims must be different. Got ({dims[0]}, {dims[1]})"
        )
    rest = [d for d in range(input.dim()) if d not in (d0, d1)]
    a = input.permute(*rest, d0, d1)
    m, n = a.shape[-2], a.shape[-1]
    mats = a.reshape(-1, m, n).tolist()
    norms, grads = [], []
    for mat in mats:
        wide = m < n
        sigma, g = _singular([list(r) for r in zip(*mat)] if wide else mat)
        norms.append(sum(sigma))
        grads.append([list(r) for r in zip(*g)] if wide else g)
    out_shape = [a.shape[k] for k in range(len(rest))]
    values = tensor(norms, dtype=input.dtype).reshape(out_shape)
    if input.requires_grad and STATE.enabled:
        g = tensor(grads, dtype=input.dtype).reshape(a.shape)
        r = (a * g).sum((-2, -1))
        for v, e in zip(r.flat, values.flat):
            v.data = e.data
        r = named("SumBackward1", r, (input,))
    else:
        r = values
    if keepdim:
        shape = list(input.shape)
        shape[d0] = shape[d1] = 1
        r = r.reshape(shape)
        if r.grad_fn is not None:
            r = named("PermuteBackward0", r, (input,))
    return r


# -- histogramdd -----------------------------------------------------------------------------


# ``bin_edges`` a tuple of one tensor per dim
histogramdd_type = hist_pair("histogramdd")


def histogramdd(input: Any, bins: Any = 10, *, range: Any = None, weight: Any = None,
                density: bool = False) -> Any:  # fmt: skip
    """The D-dimensional histogram of the points in ``input``'s last dim (N points of D
    coordinates): ``bins`` a count for every dim, one per dim, or the edges of each; the last
    bin of each dim includes its right edge."""
    if input.dim() < 2:
        raise RuntimeError("torch.histogramdd: input tensor should have at least 2 dimensions")
    d = input.shape[-1]
    points = input.reshape(-1, d).tolist()
    if isinstance(bins, int):
        bins = [bins] * d
    if len(bins) != d:
        raise RuntimeError(
            "histogramdd: The size of bins must be equal to the innermost dimension of the input."
        )
    if range is not None and len(range) != 2 * d:
        raise RuntimeError(
            f"torch.histogramdd: for a {d}-dimensional histogram range should have {2 * d} "
            f"elements, but got {len(range)}"
        )
    edges = []
    for k, b in enumerate(bins):
        if is_tensor(b):
            edges.append(b.to(input.dtype))
            continue
        col = [p[k] for p in points]
        lo, hi = (range[2 * k], range[2 * k + 1]) if range is not None else (
            (min(col), max(col)) if col else (0.0, 1.0))  # fmt: skip
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5  # numpy's rule for an empty range (PyTorch's too)
        edges.append(linspace(float(lo), float(hi), int(b) + 1, dtype=input.dtype))
    e = [t.tolist() for t in edges]
    counts = [len(x) - 1 for x in e]
    ws = weight.reshape(-1).tolist() if weight is not None else [1.0] * len(points)
    hist = [0.0] * math.prod(counts)
    for p, w in zip(points, ws):
        flat = 0
        for k, x in enumerate(p):
            ek, nk = e[k], counts[k]
            if not ek[0] <= x <= ek[-1]:
                break
            flat = flat * nk + next((i for i in _range(nk) if x < ek[i + 1]), nk - 1)
        else:
            hist[flat] += w
    out = tensor(hist, dtype=input.dtype).reshape(counts)
    if density:  # PyTorch's steps: over the total, then over each dim's bin widths
        out = out / out.sum().item()
        for k, t in enumerate(edges):
            shape = [1] * d
            shape[k] = counts[k]
            out = out / t.diff().reshape(shape)
    return histogramdd_type(out, tuple(edges))


_range = range  # histogramdd's keyword is called range

FUNCTIONS: dict[str, Any] = {
    "detach_copy": detach_copy, "frombuffer": frombuffer, "frobenius_norm": frobenius_norm,
    "histogramdd": histogramdd, "is_storage": is_storage, "nuclear_norm": nuclear_norm,
}  # fmt: skip
