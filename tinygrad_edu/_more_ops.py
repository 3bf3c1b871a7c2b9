"""More of ``torch``'s functions that tensor-basics lessons and puzzles use, made from the ops
here and shown under PyTorch's node names: selection (``masked_select``, ``take``, ``mode``,
``cummax``, ``searchsorted``, ``isin``), arithmetic (``atan2``, ``addmm``, ``addcmul``,
``addcdiv``, ``lerp``, ``logaddexp``, ``hypot``, ``xlogy``, ``nansum``, ``nan_to_num``), shapes
(``rot90``, ``fliplr``, ``atleast_2d``, ``dstack``, ``tensor_split``, ``tril_indices``,
``cartesian_prod``, ``block_diag``), distances (``cdist``, ``dist``) and number formats
(``finfo``, ``iinfo``).

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
>>> torch.masked_select(x, x > 0), torch.finfo(torch.float32).eps
(tensor([1., 3., 4.], grad_fn=<MaskedSelectBackward0>), 1.1920928955078125e-07)
"""

from __future__ import annotations

import bisect
import itertools
import math
from typing import Any

from ._spellings import meshgrid
from ._tensor.dtype import (
    bfloat16,
    bool_,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
)
from ._tensor.kernels import float32_arithmetic, stack
from ._tensor.ops.einsum import einsum
from ._tensor.ops.joining import broadcast_tensors
from ._tensor.ops.reductions import cat, return_type
from ._tensor.ops.selection import where
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from ._torch_cpu.optim_arith import Arith

__all__ = ["FUNCTIONS", "METHODS", "finfo", "iinfo", "named"]


def _named(name: str, r: Any, inputs: tuple[Any, ...], **saved: Any) -> Any:
    """``r`` under one node named ``name`` over ``inputs`` (PyTorch's one op)."""
    if r.grad_fn is None:
        return r
    # one slot per distinct input: a tensor given twice (addcmul(t, t, t)) is credited once,
    # its elements' grads already the sum over every use
    inputs = tuple({id(x): x for x in inputs}.values())
    # every input a slot (-1): the one class of this name serves calls of any arity
    return result(r.elements(), r.shape, r.dtype, node_class(name, -1, {}, "find"),
                  inputs, **saved)  # fmt: skip


named = _named  # public: the other modules of made-up ops name their results with it


# -- number formats ---------------------------------------------------------------------------


class finfo:  # noqa: N801 - PyTorch's name
    """The limits of a floating dtype: ``eps``, ``max``, ``min``, ``tiny``, ``resolution``."""

    _LIMITS = {
        float32: (1.1920928955078125e-07, 3.4028234663852886e38, 1.1754943508222875e-38, 1e-06,
                  "float32", 24),
        float64: (2.220446049250313e-16, 1.7976931348623157e308, 2.2250738585072014e-308,
                  1e-15, "float64", 53),
        float16: (0.0009765625, 65504.0, 6.103515625e-05, 0.001, "float16", 11),
    }  # fmt: skip

    def __init__(self, type: Any = None) -> None:
        from ._tensor.dtype import get_default_dtype

        dt = type or get_default_dtype()
        if dt not in self._LIMITS:
            raise TypeError("torch.finfo() requires a floating point input type.")
        self.eps, self.max, self.tiny, self.resolution, self.dtype, self.bits_m = self._LIMITS[dt]
        self.min, self.smallest_normal = -self.max, self.tiny
        self.bits = {"float32": 32, "float64": 64, "float16": 16}[self.dtype]

    def __repr__(self) -> str:
        return (
            f"finfo(resolution={self.resolution}, min={self.min:.6g}, max={self.max:.6g}, "
            f"eps={self.eps:.6g}, smallest_normal={self.tiny:.6g}, tiny={self.tiny:.6g}, "
            f"dtype={self.dtype})"
        ).replace("e+", "e+")


class iinfo:  # noqa: N801 - PyTorch's name
    """The limits of an integer dtype: ``bits``, ``min``, ``max``."""

    _BITS = {int64: (64, True), int32: (32, True), int16: (16, True), int8: (8, True),
             uint8: (8, False)}  # fmt: skip

    def __init__(self, type: Any) -> None:
        if type not in self._BITS:
            raise TypeError("torch.iinfo() requires an integer input type.")
        self.bits, signed = self._BITS[type]
        self.min = -(2 ** (self.bits - 1)) if signed else 0
        self.max = 2 ** (self.bits - 1) - 1 if signed else 2**self.bits - 1
        self.dtype = type.name

    def __repr__(self) -> str:
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"


# -- selection --------------------------------------------------------------------------------


def masked_select(input: Any, mask: Any) -> Any:
    """The elements where ``mask`` holds, as a 1-d tensor (``MaskedSelectBackward0``)."""
    shape = input.shape if tuple(input.shape) == tuple(mask.shape) else None
    x, m = (input, mask) if shape is not None else broadcast_tensors(input, mask)
    return _named("MaskedSelectBackward0", x[m], (input,))


def take(input: Any, index: Any) -> Any:
    """``input.flatten()[index]`` (``TakeBackward0``)."""
    return _named("TakeBackward0", input.reshape(-1)[index], (input,))


def take_along_dim(input: Any, indices: Any, dim: Any = None) -> Any:
    """``gather`` along ``dim`` with the indices broadcast (``TakeAlongDimBackward0``)."""
    if dim is None:
        return take(input, indices.reshape(-1))
    shape = list(input.shape)
    d = normalize_dim(dim, input.dim())
    shape[d] = indices.shape[d]
    return input.gather(d, indices.expand(*shape))  # GatherBackward0, as PyTorch


ModeResult = return_type("mode")
_CUM = {"cummax": return_type("cummax"), "cummin": return_type("cummin")}


def mode(input: Any, dim: int = -1, keepdim: bool = False) -> Any:
    """The most frequent value of each line along ``dim`` (the smallest of a tie) and its last
    index: ``torch.return_types.mode``."""
    d = normalize_dim(dim, max(input.dim(), 1))
    t = input.movedim(d, -1) if input.dim() else input.reshape(1)
    rows = t.reshape(-1, t.shape[-1]).tolist() if t.numel() else []
    vals, idx = [], []
    for row in rows:
        counts: dict[float, int] = {}
        for v in row:
            counts[v] = counts.get(v, 0) + 1
        best = min(counts, key=lambda v: (-counts[v], v))
        vals.append(best)
        idx.append(max(i for i, v in enumerate(row) if v == best))
    shape = list(t.shape[:-1])
    values = tensor(vals, dtype=input.dtype).reshape(shape)
    indices = tensor(idx, dtype=int64).reshape(shape)
    if keepdim and input.dim():
        values, indices = values.unsqueeze(d), indices.unsqueeze(d)
    return ModeResult(values, indices)


def _cum(input: Any, dim: int, better: Any, name: str) -> Any:
    d = normalize_dim(dim, max(input.dim(), 1))
    t = input.movedim(d, -1) if input.dim() else input.reshape(1)
    rows = t.reshape(-1, t.shape[-1]).tolist() if t.numel() else []
    idx = []
    for row in rows:
        out, j = [], 0
        for i, v in enumerate(row):
            if i == 0 or v != v or better(v, row[j]) or v == row[j]:
                j = i if row[j] == row[j] else j
            out.append(j)
        idx.append(out)
    indices = tensor(idx, dtype=int64).reshape(t.shape)
    values = t.gather(t.dim() - 1, indices)
    if input.dim():
        values, indices = values.movedim(-1, d), indices.movedim(-1, d)
    else:
        values, indices = values.reshape(()), indices.reshape(())
    return _CUM[name](_named(f"{name.capitalize()}Backward0", values, (input,)), indices)


def cummax(input: Any, dim: int) -> Any:
    """The running maximum along ``dim`` and where each was reached."""
    return _cum(input, dim, lambda a, b: a > b, "cummax")


def cummin(input: Any, dim: int) -> Any:
    """The running minimum along ``dim`` and where each was reached."""
    return _cum(input, dim, lambda a, b: a < b, "cummin")


def searchsorted(sorted_sequence: Any, input: Any, *, out_int32: bool = False,
                 right: bool = False, side: Any = None, sorter: Any = None) -> Any:  # fmt: skip
    """Where each value would go in the sorted last dim of ``sorted_sequence``."""
    right = right or side == "right"
    find = bisect.bisect_right if right else bisect.bisect_left
    scalar = not is_tensor(input)
    values = tensor([input]) if scalar else input
    seq = sorted_sequence.tolist()
    if sorted_sequence.dim() == 1:
        got = [find(seq, v) for v in values.reshape(-1).tolist()]
        r = tensor(got, dtype=int32 if out_int32 else int64).reshape(values.shape)
    else:
        rows = values.reshape(-1, values.shape[-1]).tolist()
        flat_seq = sorted_sequence.reshape(-1, sorted_sequence.shape[-1]).tolist()
        got = [[find(s, v) for v in row] for s, row in zip(flat_seq, rows)]
        r = tensor(got, dtype=int32 if out_int32 else int64).reshape(values.shape)
    return r.reshape(()) if scalar else r


def isin(elements: Any, test_elements: Any, *, assume_unique: bool = False,
         invert: bool = False) -> Any:  # fmt: skip
    """Whether each element is one of ``test_elements``."""
    pool = set(test_elements.reshape(-1).tolist() if is_tensor(test_elements) else [test_elements])
    got = [(v in pool) != invert for v in elements.reshape(-1).tolist()]
    return tensor(got, dtype=bool_).reshape(elements.shape)


# -- arithmetic -------------------------------------------------------------------------------


def atan2(input: Any, other: Any) -> Any:
    """The angle of ``(other, input)``: ``atan(input / other)`` in the right quadrant."""
    x, y = other, input
    base = (y / x).atan()
    pi = math.pi
    r = where(x > 0, base, where(y >= 0, base + pi, base - pi))
    r = where(x == 0, where(y > 0, y * 0 + pi / 2, where(y < 0, y * 0 - pi / 2, y * 0)), r)
    exact = [math.atan2(a, b) for a, b in zip(y.reshape(-1).tolist(), x.reshape(-1).tolist())]
    for v, e in zip(r.elements(), exact):  # the library's own rounding
        v.data = e if r.dtype is float64 else float(tensor([e]).item())
    return _named("Atan2Backward0", r, (input, other))


def addmm(input: Any, mat1: Any, mat2: Any, *, beta: float = 1, alpha: float = 1) -> Any:
    """``beta * input + alpha * (mat1 @ mat2)`` (``AddmmBackward0``)."""
    c, a, b = input, mat1, mat2
    low = getattr(mat1, "dtype", None) in (bfloat16, float16)
    if low:  # PyTorch's half-precision gemm works in float and rounds the sum once
        c, a, b = c.double(), a.double(), b.double()
    prod = a @ b
    r = (c * beta if beta != 1 else c) + (prod * alpha if alpha != 1 else prod)
    if low:
        r = r.to(mat1.dtype)
    return _named("AddmmBackward0", r, (input, mat1, mat2))


def addcmul(input: Any, tensor1: Any, tensor2: Any, *, value: float = 1) -> Any:
    """``input + value * tensor1 * tensor2`` (``AddcmulBackward0``): ``value * tensor1``
    rounded, the product and the sum fused into one FMA, as ATen's kernel computes it."""
    r = input + (tensor1 * value) * tensor2 if value != 1 else input + tensor1 * tensor2
    if r.dtype in (float32, float64) and all(is_tensor(x) for x in (input, tensor1, tensor2)):
        a, t1, t2 = (_numbers(x, tuple(r.shape)) for x in (input, tensor1, tensor2))
        single = r.dtype is float32 and float32_arithmetic()
        if single or r.dtype is float64:
            for v, x in zip(r.elements(), Arith(single).addcmul(a, t1, t2, value)):
                v.data = x
    return _named("AddcmulBackward0", r, (input, tensor1, tensor2))


def _numbers(t: Any, shape: tuple[int, ...]) -> list[float]:
    """``t``'s numbers broadcast to ``shape``, in row-major order."""
    return [float(x) for x in t.detach().expand(shape).reshape(-1).tolist()]


def addcdiv(input: Any, tensor1: Any, tensor2: Any, *, value: float = 1) -> Any:
    """``input + value * tensor1 / tensor2`` (``AddcdivBackward0``)."""
    r = input + (tensor1 * value) / tensor2 if value != 1 else input + tensor1 / tensor2
    return _named("AddcdivBackward0", r, (input, tensor1, tensor2))


def lerp(input: Any, end: Any, weight: Any) -> Any:
    """``input + weight * (end - input)`` (``LerpBackward0``, ``LerpBackward1`` for a tensor
    weight)."""
    r = input + weight * (end - input)
    if is_tensor(weight):
        return _named("LerpBackward1", r, (input, end, weight))
    return _named("LerpBackward0", r, (input, end))


def logaddexp(input: Any, other: Any) -> Any:
    """``log(exp(input) + exp(other))``, without overflow (``LogaddexpBackward0``)."""
    m = where(input > other, input, other).detach()
    r = m + ((input - m).exp() + (other - m).exp()).log()
    return _named("LogaddexpBackward0", r, (input, other))


def hypot(input: Any, other: Any) -> Any:
    """``sqrt(input**2 + other**2)`` (``HypotBackward0``)."""
    return _named("HypotBackward0", (input * input + other * other).sqrt(), (input, other))


def xlogy(input: Any, other: Any) -> Any:
    """``input * log(other)``, 0 where ``input`` is 0 (``XlogyBackward0``)."""
    if not is_tensor(input):  # a number times the log of a tensor
        return _named("XlogyBackward1", xlogy(other * 0 + input, other), (other,))
    o = other if is_tensor(other) else input * 0 + other
    r = where(input == 0, input * 0, input * o.log())
    return _named("XlogyBackward0" if is_tensor(other) else "XlogyBackward2", r, (input, o))


def nansum(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    """The sum with every nan taken as 0 (``NansumBackward0``)."""
    clean = where(input != input, input * 0, input).nan_to_num(nan=0.0)
    r = clean.sum() if dim is None else clean.sum(dim, keepdim=keepdim)
    return _named("NansumBackward0", r, (input,))


def nanmean(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    """The mean of the elements that are not nan."""
    keep = (input == input).to(input.dtype)
    count = keep.sum() if dim is None else keep.sum(dim, keepdim=keepdim)
    return nansum(input, dim, keepdim) / count


def nan_to_num(input: Any, nan: float = 0.0, posinf: Any = None, neginf: Any = None) -> Any:
    """nan, inf and -inf replaced by ``nan``, the dtype's largest and its lowest
    (``NanToNumBackward0``)."""
    big = finfo(input.dtype).max if input.dtype.is_floating_point else 0
    hi, lo = big if posinf is None else posinf, -big if neginf is None else neginf
    vals = input.reshape(-1).tolist()
    fixed = [nan if v != v else hi if v == math.inf else lo if v == -math.inf else v for v in vals]
    mask = tensor([f != v for f, v in zip(fixed, vals)], dtype=bool_).reshape(input.shape)
    r = where(mask, tensor(fixed, dtype=input.dtype).reshape(input.shape), input)
    return _named("NanToNumBackward0", r, (input,))


def deg2rad(input: Any) -> Any:
    """Degrees to radians (``Deg2RadBackward0``)."""
    return _named("Deg2RadBackward0", input * (math.pi / 180), (input,))


def rad2deg(input: Any) -> Any:
    """Radians to degrees (``Rad2DegBackward0``)."""
    return _named("Rad2DegBackward0", input * (180 / math.pi), (input,))


def signbit(input: Any) -> Any:
    """Whether each element's sign bit is set (-0.0 included)."""
    got = [math.copysign(1.0, v) < 0 for v in input.reshape(-1).tolist()]
    return tensor(got, dtype=bool_).reshape(input.shape)


# -- shapes -----------------------------------------------------------------------------------


def rot90(input: Any, k: int = 1, dims: Any = (0, 1)) -> Any:
    """``input`` turned by 90 degrees ``k`` times, from the first of ``dims`` to the second
    (``Rot90Backward0``)."""
    a, b = dims
    k %= 4
    if k == 1:
        r = input.flip([b]).transpose(a, b)
    elif k == 2:
        r = input.flip([a, b])
    elif k == 3:
        r = input.flip([a]).transpose(a, b)
    else:
        r = input.clone()
    return _named("Rot90Backward0", r, (input,))


def tensordot(a: Any, b: Any, dims: Any = 2, out: Any = None) -> Any:
    """The sum of products over ``dims``: the last ``dims`` of ``a`` with the first of ``b``,
    or the two lists of dims given (an ``einsum``, as PyTorch's is a matrix product)."""
    if isinstance(dims, int):
        da, db = list(range(a.dim() - dims, a.dim())), list(range(dims))
    else:
        da, db = ([dims[0]] if isinstance(dims[0], int) else list(dims[0]),
                  [dims[1]] if isinstance(dims[1], int) else list(dims[1]))  # fmt: skip
    da = [normalize_dim(d, a.dim()) for d in da]
    db = [normalize_dim(d, b.dim()) for d in db]
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    la = [next(letters) for _ in range(a.dim())]
    lb = [next(letters) for _ in range(b.dim())]
    for i, j in zip(da, db):
        lb[j] = la[i]
    keep = [x for i, x in enumerate(la) if i not in da] + [
        x for j, x in enumerate(lb) if j not in db
    ]
    return einsum(f"{''.join(la)},{''.join(lb)}->{''.join(keep)}", a, b)


def inner(input: Any, other: Any) -> Any:
    """The sum of products over the last dim of each."""
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    return tensordot(input, other, ([-1], [-1]))


def kron(input: Any, other: Any) -> Any:
    """The Kronecker product of two matrices (or vectors)."""
    a = input if input.dim() == 2 else input.reshape(1, -1)
    b = other if other.dim() == 2 else other.reshape(1, -1)
    r = (a[:, None, :, None] * b[None, :, None, :]).reshape(
        a.shape[0] * b.shape[0], a.shape[1] * b.shape[1]
    )
    return r.reshape(-1) if input.dim() == 1 and other.dim() == 1 else r


def atleast_1d(*tensors: Any) -> Any:
    ts = tensors[0] if len(tensors) == 1 and not is_tensor(tensors[0]) else tensors
    got = tuple(t.reshape(1) if t.dim() == 0 else t for t in ts)
    return got[0] if len(got) == 1 else got


def atleast_2d(*tensors: Any) -> Any:
    ts = tensors[0] if len(tensors) == 1 and not is_tensor(tensors[0]) else tensors
    got = tuple(t.reshape(1, 1) if t.dim() == 0 else t.unsqueeze(0) if t.dim() == 1 else t
                for t in ts)  # fmt: skip
    return got[0] if len(got) == 1 else got


def atleast_3d(*tensors: Any) -> Any:
    ts = tensors[0] if len(tensors) == 1 and not is_tensor(tensors[0]) else tensors

    def up(t: Any) -> Any:
        if t.dim() == 0:
            return t.reshape(1, 1, 1)
        if t.dim() == 1:
            return t.unsqueeze(0).unsqueeze(-1)
        return t.unsqueeze(-1) if t.dim() == 2 else t

    got = tuple(up(t) for t in ts)
    return got[0] if len(got) == 1 else got


def dstack(tensors: Any) -> Any:
    """The tensors stacked along a third dim (``CatBackward0``)."""
    return cat(list(atleast_3d(*tensors)) if len(tensors) > 1 else [atleast_3d(*tensors)], 2)


def tensor_split(input: Any, indices_or_sections: Any, dim: int = 0) -> tuple[Any, ...]:
    """Pieces along ``dim``: ``n`` as equal as can be (the first ones one longer), or cut
    before each index listed."""
    d = normalize_dim(dim, input.dim())
    n = input.shape[d]
    if isinstance(indices_or_sections, int):
        k = indices_or_sections
        sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
        cuts = list(itertools.accumulate(sizes))[:-1]
    else:
        cuts = [int(i) for i in indices_or_sections]
    bounds = [0, *cuts, n]
    return tuple(
        input.narrow(d, min(a, n), max(0, min(b, n) - min(a, n)))
        for a, b in itertools.pairwise(bounds)
    )


def hsplit(input: Any, sections: Any) -> tuple[Any, ...]:
    return _split_like(input, sections, 1 if input.dim() > 1 else 0)


def vsplit(input: Any, sections: Any) -> tuple[Any, ...]:
    return _split_like(input, sections, 0)


def _split_like(input: Any, sections: Any, dim: int) -> tuple[Any, ...]:
    if isinstance(sections, int):
        return tuple(input.split(input.shape[dim] // sections, dim))
    return tensor_split(input, sections, dim)


def _indices(n: int, m: int, offset: int, upper: bool) -> Any:
    keep = (lambda i, j: j - i >= offset) if upper else (lambda i, j: j - i <= offset)
    pairs = [(i, j) for i in range(n) for j in range(m) if keep(i, j)]
    return tensor([[p[0] for p in pairs], [p[1] for p in pairs]], dtype=int64)


def tril_indices(row: int, col: int, offset: int = 0, **_: Any) -> Any:
    """The (row, col) indices of the lower triangle, as a 2 x N tensor."""
    return _indices(row, col, offset, False)


def triu_indices(row: int, col: int, offset: int = 0, **_: Any) -> Any:
    """The (row, col) indices of the upper triangle, as a 2 x N tensor."""
    return _indices(row, col, offset, True)


def cartesian_prod(*tensors: Any) -> Any:
    """Every combination of one element from each tensor, one row each."""
    if len(tensors) == 1:
        return tensors[0]
    grids = [g.reshape(-1) for g in meshgrid(*tensors, indexing="ij")]
    return stack(grids, 1)


def block_diag(*tensors: Any) -> Any:
    """The matrices along a diagonal, zeros elsewhere."""
    mats = [t.reshape(1, -1) if t.dim() == 1 else t.reshape(1, 1) if t.dim() == 0 else t
            for t in tensors]  # fmt: skip
    rows = sum(m.shape[0] for m in mats)
    cols = sum(m.shape[1] for m in mats)
    parts, c = [], 0
    for m in mats:
        left = m.new_zeros(m.shape[0], c)
        right = m.new_zeros(m.shape[0], cols - c - m.shape[1])
        parts.append(cat([left, m, right], 1))
        c += m.shape[1]
    return cat(parts, 0) if rows else tensors[0].new_zeros(0, 0)


# -- distances --------------------------------------------------------------------------------


def _safe_sqrt(sq: Any) -> Any:
    """``sqrt(sq)`` whose gradient at 0 is 0, as PyTorch's distance backwards make it."""
    zero = sq == 0
    return where(zero, sq * 0, where(zero, sq * 0 + 1, sq).sqrt())


def cdist(x1: Any, x2: Any, p: float = 2.0, **_: Any) -> Any:
    """Every pairwise ``p``-norm distance between the rows of ``x1`` and of ``x2``
    (``CdistBackward0``)."""
    d = x1.unsqueeze(-2) - x2.unsqueeze(-3)
    if p == 2:
        r = _safe_sqrt((d * d).sum(-1))
    elif p == 1:
        r = d.abs().sum(-1)
    else:
        r = (d.abs() ** p).sum(-1) ** (1.0 / p)
    return _named("CdistBackward0", r, (x1, x2))


def dist(input: Any, other: Any, p: float = 2) -> Any:
    """The ``p``-norm of ``input - other`` (``DistBackward0``)."""
    d = (input - other).reshape(-1)
    r = _safe_sqrt((d * d).sum()) if p == 2 else (d.abs() ** p).sum() ** (1.0 / p)
    return _named("DistBackward0", r, (input, other))


FUNCTIONS: dict[str, Any] = {
    "finfo": finfo, "iinfo": iinfo, "masked_select": masked_select, "take": take,
    "take_along_dim": take_along_dim, "mode": mode, "cummax": cummax, "cummin": cummin,
    "searchsorted": searchsorted, "isin": isin, "atan2": atan2, "arctan2": atan2,
    "addmm": addmm, "addcmul": addcmul, "addcdiv": addcdiv, "lerp": lerp,
    "logaddexp": logaddexp, "hypot": hypot, "xlogy": xlogy, "nansum": nansum,
    "nanmean": nanmean, "nan_to_num": nan_to_num, "deg2rad": deg2rad, "rad2deg": rad2deg,
    "signbit": signbit, "rot90": rot90, "atleast_1d": atleast_1d, "atleast_2d": atleast_2d,
    "atleast_3d": atleast_3d, "dstack": dstack, "tensor_split": tensor_split,
    "hsplit": hsplit, "vsplit": vsplit, "tril_indices": tril_indices,
    "triu_indices": triu_indices, "cartesian_prod": cartesian_prod, "block_diag": block_diag,
    "cdist": cdist, "dist": dist, "tensordot": tensordot, "inner": inner, "kron": kron,
    "fliplr": lambda input: input.flip([1]), "flipud": lambda input: input.flip([0]),
    "typename": lambda obj: obj.type() if is_tensor(obj) else type(obj).__name__,
    "is_nonzero": lambda input: bool(input),
    "is_same_size": lambda input, other: tuple(input.shape) == tuple(other.shape),
    "scalar_tensor": lambda s, dtype=None, **_: tensor(float(s), dtype=dtype or float32),
}  # fmt: skip
# the ones PyTorch has as methods too
METHODS: dict[str, Any] = {
    name: FUNCTIONS[name]
    for name in (
        "masked_select", "take", "take_along_dim", "mode", "cummax", "cummin", "atan2",
        "arctan2", "addmm", "addcmul", "addcdiv", "lerp", "logaddexp", "hypot", "xlogy",
        "nansum", "nanmean", "nan_to_num", "deg2rad", "rad2deg", "signbit", "rot90",
        "tensor_split", "hsplit", "vsplit", "dist", "fliplr", "flipud", "is_nonzero",
        "is_same_size", "inner", "kron",
    )
}  # fmt: skip
METHODS["is_signed"] = lambda self: self.dtype not in (bool_, uint8)
