"""The reductions and selections beginners use: ``max``/``min`` (and ``argmax``/``argmin``),
``norm``, ``std``, ``var``, ``prod``, ``all``, ``any``, ``cat``; each with PyTorch's node name.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1.0, 5.0], [7.0, 2.0]], requires_grad=True)
>>> x.max()
tensor(7., grad_fn=<MaxBackward1>)
>>> x.max(dim=1)
torch.return_types.max(
values=tensor([5., 7.], grad_fn=<MaxBackward0>),
indices=tensor([1, 0]))
>>> x.argmax(dim=0)
tensor([1, 0])

Each is built from the table's scalar ops (a selected element is a copy of it, a norm a sum
of squares and a square root), and shown as the one node PyTorch shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from .dtype import bool_, int64
from .engine import Value, apply
from .ops import COPIES, NARY
from .shape import along, normalize_dim
from .tensor_graph import is_tensor, node_class, result

__all__ = [
    "METHODS", "all_", "any_", "argmax", "argmin", "cat", "equal", "max_", "maximum", "min_",
    "minimum", "norm", "prod", "return_type", "std", "var",
]  # fmt: skip


class _MinMax(NamedTuple):
    values: Any
    indices: Any


def return_type(name: str) -> type:
    """PyTorch's `torch.return_types.<name>`: a (values, indices) pair with its repr."""
    cls = type(name, (_MinMax,), {})

    def __repr__(self: Any) -> str:  # noqa: N807
        return f"torch.return_types.{name}(\nvalues={self.values!r},\nindices={self.indices!r})"

    cls.__repr__ = __repr__
    return cls


MaxResult, MinResult = return_type("max"), return_type("min")


def _fused(name: str, r: Any, inputs: tuple[Any, ...], **saved: Any) -> Any:
    if r.grad_fn is None:
        return r
    return result(r.elements(), r.shape, r.dtype, node_class(name, len(inputs), {}, "find"),
                  inputs, **saved)  # fmt: skip


def _groups(t: Any, d: int) -> tuple[list[list[int]], list[int]]:
    """The flat positions of each slice along ``d``, and the shape without ``d``."""
    shape = list(t.shape)
    return along(shape, d), shape[:d] + shape[d + 1 :]


def _pick(t: Any, best: Any, dim: int | None, keepdim: bool, kind: str) -> Any:
    flat = t.elements()
    data = [v.data for v in flat]
    if dim is None:
        if not flat:
            raise RuntimeError(
                f"{kind}(): Expected reduction dim to be specified for input.numel() == 0."
            )
        i = best(range(len(data)), key=data.__getitem__)
        tied = [v for v, x in zip(flat, data) if x == data[i]]
        # PyTorch shares the gradient evenly among equal maxima: their mean is the max
        v = (
            apply(COPIES["select"], (flat[i],))
            if len(tied) < 2
            else apply(NARY["mean"], tuple(tied))
        )
        name = "MaxBackward1" if kind == "max" else "MinBackward1"
        return result([v], (), t.dtype, node_class(name, 1, {}, "find"), (t,))
    d = normalize_dim(dim, max(t.dim(), 1))
    groups, shape = _groups(t, d) if t.shape else ([[0]], [])
    picks = [best(g, key=data.__getitem__) for g in groups]
    pos = [g.index(p) for g, p in zip(groups, picks)]
    if keepdim and t.shape:
        shape = list(t.shape)
        shape[d] = 1
    vals = [apply(COPIES["select"], (flat[p],)) for p in picks]
    name = "MaxBackward0" if kind == "max" else "MinBackward0"
    values = result(vals, shape, t.dtype, node_class(name, 1, {}, "find"), (t,), _saved_dim=d)
    from_values = type(t).from_values
    indices = _ints(from_values, pos, shape)
    return (MaxResult if kind == "max" else MinResult)(values, indices)


def _ints(from_values: Any, data: Sequence[int], shape: Sequence[int]) -> Any:
    return from_values([Value(float(x), requires_grad=False) for x in data], tuple(shape), int64)


def _first_max(items: Any, key: Any) -> int:
    best = None
    for i in items:  # the first of equal maxima, and nan wins, as PyTorch's kernel
        if best is None or key(i) > key(best) or (key(i) != key(i) and key(best) == key(best)):
            best = i
    return best  # type: ignore[return-value]


def _first_min(items: Any, key: Any) -> int:
    best = None
    for i in items:
        if best is None or key(i) < key(best) or (key(i) != key(i) and key(best) == key(best)):
            best = i
    return best  # type: ignore[return-value]


def max_(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if is_tensor(dim):  # torch.max(a, b): the elementwise maximum
        return maximum(t, dim)
    return _pick(t, _first_max, dim, keepdim, "max")


def min_(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if is_tensor(dim):
        return minimum(t, dim)
    return _pick(t, _first_min, dim, keepdim, "min")


def maximum(a: Any, b: Any) -> Any:
    r = (a - b).relu() + b  # max(a, b) with the table's ops
    return _fused("MaximumBackward0", r, (a, b))


def minimum(a: Any, b: Any) -> Any:
    r = a - (a - b).relu()
    return _fused("MinimumBackward0", r, (a, b))


def argmax(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if dim is None:
        data = [v.data for v in t.elements()]
        return _ints(type(t).from_values, [_first_max(range(len(data)), data.__getitem__)], ())
    return _pick(t.detach(), _first_max, dim, keepdim, "max").indices


def argmin(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    if dim is None:
        data = [v.data for v in t.elements()]
        return _ints(type(t).from_values, [_first_min(range(len(data)), data.__getitem__)], ())
    return _pick(t.detach(), _first_min, dim, keepdim, "min").indices


def norm(t: Any, p: Any = "fro", dim: Any = None, keepdim: bool = False) -> Any:
    """The 2-norm (``p=2`` or ``"fro"``), or ``p=1``: ``LinalgVectorNormBackward0``."""
    if p in ("fro", 2, 2.0):
        r = (t * t).sum(dim, keepdim=keepdim).sqrt() if dim is not None else (t * t).sum().sqrt()
    elif p in (1, 1.0):
        r = t.abs().sum(dim, keepdim=keepdim) if dim is not None else t.abs().sum()
    else:
        raise NotImplementedError(f"norm with p={p!r}: only p=1 and p=2 here")
    return _fused("LinalgVectorNormBackward0", r, (t,))


def var(t: Any, dim: Any = None, unbiased: bool = True, keepdim: bool = False, *,
        correction: int | None = None) -> Any:  # fmt: skip
    """The variance, with Bessel's correction by default (divides by n - 1)."""
    c = (1 if unbiased else 0) if correction is None else correction
    if dim is None:
        n = t.numel()
        r = ((t - t.mean()) ** 2).sum() / max(n - c, 0)
    else:
        n = t.shape[normalize_dim(dim, t.dim())]
        r = ((t - t.mean(dim, keepdim=True)) ** 2).sum(dim, keepdim=keepdim) / max(n - c, 0)
    return _fused("VarBackward0", r, (t,))


def std(t: Any, dim: Any = None, unbiased: bool = True, keepdim: bool = False, *,
        correction: int | None = None) -> Any:  # fmt: skip
    v = var(t, dim, unbiased, keepdim, correction=correction)
    return _fused("StdBackward0", v.sqrt(), (t,))


def prod(t: Any, dim: int | None = None, keepdim: bool = False) -> Any:
    flat = t.elements()
    if dim is not None:
        raise NotImplementedError("prod along a dim is not supported here")
    out = flat[0] if flat else 1.0
    for v in flat[1:]:
        out = out * v
    vals = [out if not isinstance(out, float) else apply(COPIES["select"], (out,))]
    return result(vals, (), t.dtype, node_class("ProdBackward0", 1, {}, "find"), (t,))


def all_(t: Any, dim: int | None = None) -> Any:
    ok = all(v.data != 0 for v in t.elements())
    return _ints_bool(t, ok)


def any_(t: Any, dim: int | None = None) -> Any:
    ok = any(v.data != 0 for v in t.elements())
    return _ints_bool(t, ok)


def _ints_bool(t: Any, ok: bool) -> Any:
    return type(t).from_values([Value(1.0 if ok else 0.0, requires_grad=False)], (), bool_)


def cat(tensors: Sequence[Any], dim: int = 0) -> Any:
    """``torch.cat``: joined along an existing dim, ``CatBackward0``."""
    tensors = [t for t in tensors if not (t.dim() == 1 and t.numel() == 0)] or list(tensors)[:1]
    first = tensors[0]
    d = normalize_dim(dim, first.dim())
    for k, t in enumerate(tensors[1:], 1):
        if t.dim() != first.dim() or any(
            a != b for i, (a, b) in enumerate(zip(t.shape, first.shape)) if i != d
        ):
            want = first.shape[1 - d] if first.dim() > 1 else first.shape[0]
            got = t.shape[1 - d] if t.dim() > 1 else t.shape[0]
            raise RuntimeError(
                f"Sizes of tensors must match except in dimension {d}. Expected size {want} but "
                f"got size {got} for tensor number {k} in the list."
            )
    outer = math.prod(first.shape[:d])
    pieces = []
    for o in range(outer):
        for t in tensors:
            inner = math.prod(t.shape[d:])
            pieces += t.elements()[o * inner : (o + 1) * inner]
    vals = [apply(COPIES["select"], (v,)) for v in pieces]
    shape = list(first.shape)
    shape[d] = sum(t.shape[d] for t in tensors)
    dt = first.dtype
    return result(
        vals, shape, dt, node_class("CatBackward0", -1, {}, "find"), tuple(tensors), _saved_dim=d
    )


def equal(a: Any, b: Any) -> bool:
    """``torch.equal``: the same shape and the same numbers."""
    return tuple(a.shape) == tuple(b.shape) and all(
        x.data == y.data for x, y in zip(a.elements(), b.elements())
    )


METHODS: dict[str, Any] = {
    "equal": equal,
    "max": max_, "min": min_, "argmax": argmax, "argmin": argmin, "norm": norm, "std": std,
    "var": var, "prod": prod, "all": all_, "any": any_, "maximum": maximum, "minimum": minimum,
}  # fmt: skip
