"""In-place ops: ``add_``, ``mul_``, ``sub_``, ``div_``, ``zero_``, ``fill_``, ``+=``,
``t[i] = v``, each bumping the version counter that backward checks saved tensors against.

>>> import tinygrad_edu as torch
>>> w = torch.tensor([1.0, 2.0])
>>> w.add_(1), w._version
(tensor([2., 3.]), 1)

A write goes into the tensor's elements and into every tensor that shares its storage
(``detach()``, ``.data``, views made without a graph).  On a tensor that records a graph the
op is recorded too (``y.add_(1)`` makes ``y.grad_fn`` an ``AddBackward0``), as PyTorch does.
"""

from __future__ import annotations

import math
from typing import Any

from . import kernels
from . import random as draws
from .dtype import bool_, int64
from .grad_mode import STATE
from .shape import index
from .tensor_graph import is_tensor, remember
from .tensor_messages import LEAF_INPLACE, VIEW_LEAF_INPLACE

__all__ = ["METHODS", "VersionCounter", "apply_", "copy_", "write"]


class VersionCounter:
    """How many times a storage was written in place (``t._version``); views and
    ``detach()`` share their base's, ``.data`` gets its own (PyTorch's rules)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0


def _check_leaf(t: Any, message: str = LEAF_INPLACE) -> None:
    if STATE.enabled and t.is_leaf and t.requires_grad:
        raise RuntimeError(message)


def _binary_(key: str) -> Any:
    def method(self: Any, other: Any, *, alpha: float = 1) -> Any:
        return _inplace(self, key, other * alpha if alpha != 1 else other)

    method.__name__ = f"{key}_"
    return method


def _operator(key: str) -> Any:
    def method(self: Any, other: Any) -> Any:
        return _inplace(self, key, other)

    method.__name__ = f"__i{key}__"
    return method


def _inplace(t: Any, key: str, other: Any) -> Any:
    return apply_(t, lambda before: kernels.binary(key, before, other))


def apply_(t: Any, fn: Any) -> Any:
    """``t`` replaced in place by ``fn(t)`` (what ``F.relu(t, inplace=True)`` does): recorded as
    ``fn``'s node on a tensor that records a graph, else written into t's storage."""
    _check_leaf(t)
    # the version before the update, as its own tensor: the new node's input is not t
    # (a leaf that requires grad gets here only under no_grad, where nothing is recorded)
    before = type(t).from_values(t.flat, t.shape, t.dtype, t.grad_fn)
    out = fn(before)
    if out is NotImplemented:
        return NotImplemented
    if out.grad_fn is not None:  # t now stands for the new result
        t.flat, t.grad_fn = out.flat, out.grad_fn
        remember(t)
        t.version_counter.value += 1
        return t
    return _write(t, [v.data for v in out.flat], out.shape)


def _write(t: Any, data: list[float], shape: Any) -> Any:
    _check_leaf(t)
    if shape != t.shape:
        raise RuntimeError(
            f"output with shape {list(t.shape)} doesn't match the broadcast shape {list(shape)}"
        )
    if t.dtype is int64:
        data = [float(int(d)) if math.isfinite(d) else d for d in data]
    _write_at(t, 0, data)
    return t


def _write_at(t: Any, offset: int, data: list[float]) -> None:
    for s in t.sharing():  # this tensor and the ones that share its storage
        for v, d in zip(s.flat[offset : offset + len(data)], data):
            v.data = d
    t.version_counter.value += 1


def zero_(t: Any) -> Any:
    return _write(t, [0.0] * len(t.flat), t.shape)


def fill_(t: Any, value: float) -> Any:
    return _write(t, [float(value)] * len(t.flat), t.shape)


def setitem(t: Any, i: Any, value: Any) -> None:
    """``t[i] = value`` and ``t[i, j] = value``: a number, or a tensor that fills the row."""
    _check_leaf(t, VIEW_LEAF_INPLACE)
    idx = i if isinstance(i, tuple) else (i,)
    if len(idx) > len(t.shape) or not all(isinstance(j, int) or is_tensor(j) for j in idx):
        raise NotImplementedError("only t[i] = value and t[i, j] = value are supported")
    size = math.prod(t.shape[len(idx) :])  # the elements one index leaves selected
    offset = sum(
        index(j, n, d) * math.prod(t.shape[d + 1 :]) for d, (j, n) in enumerate(zip(idx, t.shape))
    )
    new = [v.data for v in value.flat] if is_tensor(value) else [value]
    if len(new) == 1:
        new *= size
    elif len(new) != size:
        raise NotImplementedError("the value must be a number or fill the selected row")
    cast = int if t.dtype is int64 else bool if t.dtype is bool_ else float
    _write_at(t, offset, [float(cast(x)) for x in new])


def copy_(t: Any, src: Any) -> Any:
    """``t.copy_(src)``: src's numbers written into t (broadcast to t's shape)."""
    src = src.expand(*t.shape) if is_tensor(src) and tuple(src.shape) != tuple(t.shape) else src
    data = [v.data for v in src.flat] if is_tensor(src) else [float(src)] * len(t.flat)
    return _write(t, data, t.shape)


def write(t: Any, data: list[float]) -> Any:
    """Write ``data`` (row-major, one number per element) into t in place, as an in-place op
    does (through the views that share its storage, the version bumped): what ``nn.init`` and
    the in-place random fills use."""
    return _write(t, data, t.shape)


def _fill(draw: Any) -> Any:
    def method(self: Any, *args: Any, generator: Any = None) -> Any:
        return _write(self, draw(generator, len(self.flat), self.dtype.name, *args), self.shape)

    return method


METHODS: dict[str, Any] = {
    "copy_": copy_,
    "uniform_": _fill(lambda g, n, dt, a=0.0, b=1.0: draws.uniform(g, n, a, b, dt)),
    "normal_": _fill(lambda g, n, dt, m=0.0, s=1.0: draws.normal(g, n, m, s, dt)),
    "exponential_": _fill(lambda g, n, dt, lambd=1.0: draws.exponential(g, n, lambd, dt)),
    "bernoulli_": _fill(lambda g, n, dt, p=0.5: [float(b) for b in draws.bernoulli(g, n, p, dt)]),
    "random_": _fill(
        lambda g, n, dt, low=None, high=None: [
            float(v)
            for v in (
                draws.random_(g, n, dt)
                if low is None
                else draws.randint(g, n, 0, low)
                if high is None
                else draws.randint(g, n, low, high)
            )
        ]
    ),
    "add_": _binary_("add"),
    "sub_": _binary_("sub"),
    "mul_": lambda self, other: _inplace(self, "mul", other),
    "div_": lambda self, other: _inplace(self, "div", other),
    "__iadd__": _operator("add"),
    "__isub__": _operator("sub"),
    "__imul__": _operator("mul"),
    "__itruediv__": _operator("div"),
    "zero_": zero_,
    "fill_": fill_,
    "__setitem__": setitem,
}
