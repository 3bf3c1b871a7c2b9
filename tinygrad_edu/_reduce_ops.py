"""``scatter_reduce`` and ``index_reduce`` (and their in-place forms): many source elements
reduced into one place of the input by ``sum``, ``prod``, ``mean``, ``amax`` or ``amin``,
with the input's own element in the reduction or not (``include_self``).

Both are one rule here: each input position gets the list of source positions sent to it, in
the order PyTorch's CPU kernels visit them (along ``dim`` for ``scatter_reduce``, the index's
order for ``index_reduce``). The forward is PyTorch's kernel: the place starts from the input
element (or the reduction's identity), the sources are combined into it one by one in the
tensor's dtype (``amax`` keeps the first of equal values and takes a nan), and ``mean``
divides by the count at the end (``floor`` for integers). The backward is PyTorch's
``scatter_reduce_backward``/``index_reduce_backward`` formula, position by position: ``mean``
divides the gradient by the count, ``amax``/``amin`` share it evenly among the elements equal
to the result (the input's element counted even when it was left out, as PyTorch counts it),
``prod`` divides the gradient times the result by each factor, with a factor that is the only
zero of its place given the product of the others. The node is ``ScatterReduceBackward0`` or
``IndexReduceBackward0``.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0, 3.0, 4.0])
>>> x.scatter_reduce(0, torch.tensor([0, 1, 0, 1]), torch.tensor([5.0, 6.0, 7.0, 8.0]), "amax")
tensor([7., 8., 3., 4.])
"""

from __future__ import annotations

import itertools
import math
import sys
import warnings
from typing import Any

from ._more_ops import named
from ._tensor.arguments import bool_arg
from ._tensor.dtype import float32, float64, int32, int64
from ._tensor.function import Function
from ._tensor.ops.inplace import adopt
from ._tensor.ops.views import contiguous_strides
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor
from ._torch_cpu.float32_libm import F32
from .core.fmath import fdiv

__all__ = ["FUNCTIONS", "METHODS", "index_reduce", "scatter_reduce"]

SCATTER_REDUCES = ("sum", "prod", "mean", "amax", "amin")
INDEX_REDUCES = ("prod", "mean", "amax", "amin")
Groups = list[list[int]]  # for each flat input position, the flat source positions sent there


def _num(dt: Any) -> Any:
    """The number type a dtype's arithmetic runs in: float32 rounds every step."""
    if dt is float32:
        return F32
    return float if dt.is_floating_point else int


def _div(a: Any, b: Any) -> Any:
    return a / b if a.__class__ is F32 else fdiv(a, b)


def _isnan(x: Any) -> bool:
    return x != x


def _init(how: str, dt: Any) -> Any:
    """The value a left-out input element starts from (PyTorch's ``index_fill_``/
    ``scatter_`` of the identity before the reduction)."""
    num = _num(dt)
    if how in ("sum", "mean"):
        return num(0)
    if how == "prod":
        return num(1)
    if dt.is_floating_point:
        return num(-math.inf if how == "amax" else math.inf)
    bits = 8 * dt.itemsize
    return -(2 ** (bits - 1)) if how == "amax" else 2 ** (bits - 1) - 1


def _combine(how: str, acc: Any, s: Any) -> Any:
    if how in ("sum", "mean"):
        return acc + s
    if how == "prod":
        return acc * s
    if _isnan(s):  # a nan source wins; std::max/std::min keep the first of equals
        return s
    if how == "amax":
        return s if acc < s else acc
    return s if s < acc else acc


def _wrap(v: int, dt: Any) -> int:
    bits = 8 * dt.itemsize
    if dt.is_signed:
        return (v + 2 ** (bits - 1)) % 2**bits - 2 ** (bits - 1)
    return v % 2**bits


def _reduce_one(how: str, dt: Any, x: Any, srcs: list[Any], include_self: bool) -> Any:
    if not srcs:
        return x
    acc = x if include_self else _init(how, dt)
    for s in srcs:
        acc = _combine(how, acc, s)
    if not dt.is_floating_point:  # C's integers wrap around
        acc = _wrap(acc, dt)
    if how == "mean":
        n = len(srcs) + (1 if include_self else 0)
        acc = _div(acc, _num(dt)(n)) if dt.is_floating_point else acc // n
    return acc


def _forward(how: str, dt: Any, xs: list[Any], ss: list[Any], groups: Groups, inc: bool) -> list:
    return [_reduce_one(how, dt, x, [ss[q] for q in g], inc) for x, g in zip(xs, groups)]


def _backward(how: str, dt: Any, xs: list[Any], ss: list[Any], groups: Groups, inc: bool,
              out: list[Any], grad: list[Any]) -> tuple[list[Any], list[Any]]:  # fmt: skip
    """PyTorch's gradients of the input and of the source, position by position."""
    num = _num(dt)
    gx: list[Any] = [num(0)] * len(xs)
    gs: list[Any] = [num(0)] * len(ss)
    zero, one = num(0), num(1)
    for p, (x, qs, r, g) in enumerate(zip(xs, groups, out, grad)):
        if how == "sum":
            gx[p] = g
            for q in qs:
                gs[q] = g
        elif how == "mean":
            n = num(max(len(qs) + (1 if inc else 0), 1))
            gx[p] = _div(g, n)
            for q in qs:
                gs[q] = _div(g, n)
        elif how in ("amax", "amin"):
            self_is = one if x == r else zero
            src_is = [one if ss[q] == r else zero for q in qs]
            n = self_is
            for c in src_is:
                n = n + c
            shared = _div(g, n)
            gx[p] = self_is * shared
            for q, c in zip(qs, src_is):
                gs[q] = c * shared
        else:  # prod
            masked = x if x != 0 else one
            part = _reduce_one(how, dt, masked, [ss[q] for q in qs], inc)
            gx[p] = _div(g * part, masked)
            zeros = sum(1 for q in qs if ss[q] == 0)
            for k, q in enumerate(qs):
                s = ss[q]
                if s == 0 and zeros == 1:  # the only zero: the product of the others
                    others = [one if j == k else ss[o] for j, o in enumerate(qs)]
                    gs[q] = g * _reduce_one(how, dt, x, others, inc)
                else:
                    gs[q] = _div(g * r, s if s != 0 else one)
        if not inc and qs:  # a left-out element's gradient is 0 where sources were sent
            gx[p] = zero
    return gx, gs


def _tensor_of(values: list[Any], dt: Any, shape: Any) -> Any:
    cast = float if dt.is_floating_point else int
    return tensor([cast(v) for v in values], dtype=dt).reshape(shape)


class _Reduce(Function):
    """The reduction as one recorded call; ``named`` below gives its result PyTorch's node."""

    @staticmethod
    def forward(ctx: Any, input: Any, src: Any, how: str, groups: Groups, inc: bool,
                index_shape: tuple[int, ...]) -> Any:  # fmt: skip
        num = _num(input.dtype)
        xs = [num(v) for v in input.numbers()]
        ss = [num(v) for v in src.numbers()]
        out = _forward(how, input.dtype, xs, ss, groups, inc)
        ctx.spec = (how, input.dtype, xs, ss, groups, inc, out, input.shape, src.shape)
        ctx.index_shape = index_shape
        return _tensor_of(out, input.dtype, input.shape)

    @staticmethod
    def backward(ctx: Any, grad: Any) -> Any:
        how, dt, xs, ss, groups, inc, out, xshape, sshape = ctx.spec
        if ctx.needs_input_grad[1] and tuple(ctx.index_shape) != tuple(sshape):
            # PyTorch's formula gives the source a gradient of the index's shape, which its
            # engine refuses
            raise RuntimeError(
                "Function ScatterReduceBackward0 returned an invalid gradient at index 1 - got "
                f"{list(ctx.index_shape)} but expected shape compatible with {list(sshape)}"
            )
        num = _num(dt)
        gx, gs = _backward(how, dt, xs, ss, groups, inc, out, [num(v) for v in grad.numbers()])
        return (
            _tensor_of(gx, dt, xshape),
            _tensor_of(gs, dt, sshape),
            None,
            None,
            None,
            None,
        )


def _run(name: str, input: Any, src: Any, how: str, groups: Groups, inc: bool,
         index_shape: tuple[int, ...]) -> Any:  # fmt: skip
    if input.dtype not in (float32, float64) and input.dtype.is_floating_point:
        raise NotImplementedError(f"{name}: float16 and bfloat16 are not built here")
    r = _Reduce.apply(input, src, how, groups, inc, index_shape)
    return named(name, r, (input, src))


def _index_ints(index: Any, what: str) -> list[int]:
    if not is_tensor(index) or index.dtype not in (int64, int32):
        raise RuntimeError(f"{what}(): Expected dtype int32/int64 for index")
    return [int(v) for v in index.numbers()]


def scatter_reduce(input: Any, dim: int, index: Any, src: Any, reduce: str, *,
                   include_self: bool = True, out: Any = None) -> Any:  # fmt: skip
    """``input`` with ``src[i][j]`` reduced into ``[index[i][j]][j]`` for dim 0, and so on."""
    bool_arg("scatter_reduce", "include_self", include_self)
    if reduce not in SCATTER_REDUCES:
        raise RuntimeError(
            f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}"
        )
    idx = _index_ints(index, "scatter")
    if src.dtype is not input.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    nd = max(input.dim(), 1)
    if max(index.dim(), 1) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    d = normalize_dim(dim, nd)
    ishape = tuple(index.shape) or (1,)
    xshape, sshape = tuple(input.shape) or (1,), tuple(src.shape) or (1,)
    if any(n > s for n, s in zip(ishape, sshape)) or any(
        n > x for k, (n, x) in enumerate(zip(ishape, xshape)) if k != d
    ):
        raise RuntimeError(
            f"Expected index {list(ishape)} to be no larger than self {list(xshape)} apart "
            f"from dimension {d} and to be no larger size than src {list(sshape)}"
        )
    groups: Groups = [[] for _ in range(input.numel())]
    cs, scs = contiguous_strides(xshape), contiguous_strides(sshape)
    for ix, k in zip(itertools.product(*map(range, ishape)), idx):
        if not 0 <= k < xshape[d]:
            raise RuntimeError(
                f"index {k} is out of bounds for dimension {d} with size {xshape[d]}"
            )
        where = [*ix[:d], k, *ix[d + 1 :]]
        groups[sum(i * s for i, s in zip(where, cs))].append(sum(i * s for i, s in zip(ix, scs)))
    shape = tuple(index.shape)
    r = _run("ScatterReduceBackward0", input, src, reduce, groups, include_self, shape)
    return r if out is None else out.copy_(r)


_BETA_WARNED = {"index_reduce": False}


def index_reduce(input: Any, dim: int, index: Any, source: Any, reduce: str, *,
                 include_self: bool = True, out: Any = None) -> Any:  # fmt: skip
    """``input`` with ``source[..., j, ...]`` reduced into ``[..., index[j], ...]``."""
    bool_arg("index_reduce", "include_self", include_self)
    if reduce not in INDEX_REDUCES:
        raise RuntimeError(
            "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got "
            f"{reduce}."
        )
    d = normalize_dim(dim, max(input.dim(), 1))
    if is_tensor(index) and index.dim() > 1:
        raise IndexError(
            f"index_reduce_(): Index is supposed to be a vector, but got dim: {index.dim()} "
            f"with type: Long and size: {list(index.shape)}"
        )
    idx = _index_ints(index, "index_reduce_")
    n_src = source.shape[d] if source.dim() else 1
    if len(idx) != n_src:
        raise RuntimeError(
            f"index_reduce_(): Number of indices ({len(idx)}) should be equal to "
            f"source.size(dim): ({n_src}), for dim: {d}"
        )
    if source.dtype is not input.dtype:
        names = {float32: "Float", float64: "Double", int64: "Long", int32: "Int"}
        raise RuntimeError(
            f"index_reduce_(): self ({names.get(input.dtype, input.dtype)}) and source "
            f"({names.get(source.dtype, source.dtype)}) must have the same scalar type"
        )
    xshape, sshape = tuple(input.shape) or (1,), tuple(source.shape) or (1,)
    if input.dim() != source.dim() or any(
        a != b for k, (a, b) in enumerate(zip(xshape, sshape)) if k != d
    ):
        raise RuntimeError(
            "source tensor shape must match self tensor shape, excluding the specified "
            f"dimension. Got self.shape = {list(input.shape)} source.shape = "
            f"{list(source.shape)}"
        )
    if not _BETA_WARNED["index_reduce"]:  # TORCH_WARN_ONCE
        _BETA_WARNED["index_reduce"] = True
        warnings.warn(
            "index_reduce() is in beta and the API may change at any time.",
            UserWarning,
            stacklevel=_caller_level(),
        )
    n = xshape[d]
    groups: Groups = [[] for _ in range(input.numel())]
    cs, scs = contiguous_strides(xshape), contiguous_strides(sshape)
    rest = [range(m) for k, m in enumerate(xshape) if k != d]
    for j, i in enumerate(idx):
        if not -n <= i < n:
            raise IndexError("index out of range in self")
        for ix in itertools.product(*rest):
            at = sum(a * s for a, s in zip([*ix[:d], i % n, *ix[d:]], cs))
            groups[at].append(sum(a * s for a, s in zip([*ix[:d], j, *ix[d:]], scs)))
    r = _run(
        "IndexReduceBackward0", input, source, reduce, groups, include_self, tuple(source.shape)
    )
    return r if out is None else out.copy_(r)


def _caller_level() -> int:
    """The stack level of the first frame outside this package: where the program called."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_globals.get("__name__", "").startswith("tinygrad_edu"):
        frame, level = frame.f_back, level + 1
    return level


def scatter_reduce_(self: Any, dim: int, index: Any, src: Any, reduce: str, *,
                    include_self: bool = True) -> Any:  # fmt: skip
    return adopt(
        self,
        lambda before: scatter_reduce(before, dim, index, src, reduce, include_self=include_self),
    )


def index_reduce_(self: Any, dim: int, index: Any, source: Any, reduce: str, *,
                  include_self: bool = True) -> Any:  # fmt: skip
    return adopt(
        self,
        lambda before: index_reduce(before, dim, index, source, reduce, include_self=include_self),
    )


FUNCTIONS: dict[str, Any] = {"scatter_reduce": scatter_reduce, "index_reduce": index_reduce}
METHODS: dict[str, Any] = {
    **FUNCTIONS,
    "scatter_reduce_": scatter_reduce_,
    "index_reduce_": index_reduce_,
}
