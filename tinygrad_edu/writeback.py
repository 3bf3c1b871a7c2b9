"""A write into a view reaches the tensor it views, as writes into shared storage do in PyTorch.

A view made without a graph holds its base's very elements, so a write through it is a write
into the base.  A view that records a graph has elements of its own (copy nodes), so a write
into it is carried to its base here: the base's ``grad_fn`` becomes ``CopySlices`` over the
base before the write and the view's new elements, and the view itself becomes a view of the
new base (``AsStridedBackward0``), as PyTorch rebases a view written in place.

>>> import tinygrad_edu as torch
>>> y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True) * 1
>>> v = y[1:]
>>> v.mul_(10)
tensor([20., 30.], grad_fn=<AsStridedBackward0>)
>>> y
tensor([ 1., 20., 30.], grad_fn=<CopySlices>)
"""

from __future__ import annotations

from typing import Any

from .engine import apply
from .grad_mode import STATE
from .ops import Op
from .tensor_graph import TensorNode, node_class, remember, result
from .tensor_messages import VIEW_LEAF_INPLACE
from .views import copy_op

__all__ = [
    "AS_STRIDED",
    "COPY_SLICES",
    "OVERWRITE",
    "CopyBackwards",
    "CopySlices",
    "check_view_of_leaf",
    "rebase",
    "write_data",
]

COPY_SLICES = copy_op("copy_slices", "CopySlices")
# an element written over: the old one's gradient is exactly 0, the value's passes through
OVERWRITE = Op(key="overwrite", name="CopySlices", forward=lambda old, new: new,
               local=lambda old, new, out: (0.0, 1.0), expr="copy_slices({0}, {1})",
               dlocal=("0", "1"), slots=2, method=None, micrograd="", masked=True)  # fmt: skip
AS_STRIDED = copy_op("as_strided", "AsStridedBackward0")
_AS_STRIDED_NODE = node_class(AS_STRIDED.name)


class CopySlices(TensorNode):
    """The node of a write into a view of a tensor that records a graph: its slots are the
    tensor before the write and the value written.  PyTorch's C++ name is its ``name()``."""

    __slots__ = ()
    slots = 2
    layout = "find"
    saved: dict[str, int | str] = {}

    def name(self) -> str:
        return "torch::autograd::CopySlices"


class CopyBackwards(TensorNode):
    """The node of ``t.copy_(src)`` (and of ``t[:] = src``): slots t before, and src."""

    __slots__ = ()
    slots = 2
    layout = "find"
    saved: dict[str, int | str] = {}


def check_view_of_leaf(t: Any) -> None:
    """PyTorch's error for an in-place write, with a graph, into a view of a leaf that
    requires grad."""
    base = t.view_of[0] if t.view_of is not None else None
    while base is not None:
        if STATE.enabled and base.is_leaf and base.requires_grad:
            raise RuntimeError(VIEW_LEAF_INPLACE)
        base = base.view_of[0] if base.view_of is not None else None


def write_data(t: Any, pos: list[int], data: list[float]) -> None:
    """Numbers written at t's elements ``pos``, in every tensor that shares the storage:
    t's aliases (``detach()``, ``.data``) and the bases of a view that records a graph."""
    for s in t.sharing():
        flat = s.flat
        for p, x in zip(pos, data):
            flat[p].data = x
    if t.view_of is not None:
        base, where = t.view_of
        write_data(base, [where[p] for p in pos], data)


def rebase(t: Any) -> None:
    """t (a view that records a graph) was just written in place: carry its new elements into
    its base, recorded as ``CopySlices``, and make t a view of the new base."""
    if t.view_of is None:
        return
    base, where = t.view_of
    written = type(t).from_values(list(t.flat), t.shape, t.dtype, t.grad_fn)
    before = type(base).from_values(base.flat, base.shape, base.dtype, base.grad_fn)
    new = [apply(COPY_SLICES, (v,)) for v in base.flat]
    for p, e in zip(where, written.flat):
        new[p] = apply(OVERWRITE, (base.flat[p], e))
    out = result(new, base.shape, base.dtype, CopySlices, (before, written))
    base.flat, base.grad_fn = out.flat, out.grad_fn
    remember(base)
    for s in base.sharing():
        if s is not base:
            for p, e in zip(where, written.flat):
                s.flat[p].data = e.data
    rebase(base)
    view = result([apply(AS_STRIDED, (base.flat[p],)) for p in where], t.shape, t.dtype,
                  _AS_STRIDED_NODE, (base,))  # fmt: skip
    t.flat, t.grad_fn = view.flat, view.grad_fn
    remember(t)
