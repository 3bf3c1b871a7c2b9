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

import weakref
from typing import Any

from ...core.engine import apply
from ...core.grad_mode import STATE, set_grad_enabled
from ...core.ops import Op
from ..tensor_graph import TensorNode, node_class, remember, result
from ..tensor_messages import VIEW_LEAF_INPLACE

__all__ = [
    "AS_STRIDED",
    "COPY_SLICES",
    "OVERWRITE",
    "CopyBackwards",
    "CopySlices",
    "check_view_of_leaf",
    "refresh",
    "register",
    "write_data",
    "written",
]


def _copy(key: str, name: str) -> Op:
    # an element seen again in a new place: d out / d in = 1
    return Op(key=key, name=name, forward=lambda a: a, local=lambda a, out: (1.0,), expr="{0}",
              dlocal=("1",), method=None, micrograd="")  # fmt: skip


COPY_SLICES = _copy("copy_slices", "CopySlices")
# an element written over: the old one's gradient is exactly 0, the value's passes through
OVERWRITE = Op(key="overwrite", name="CopySlices", forward=lambda old, new: new,
               local=lambda old, new, out: (0.0, 1.0), expr="copy_slices({0}, {1})",
               dlocal=("0", "1"), slots=2, method=None, micrograd="", masked=True)  # fmt: skip
AS_STRIDED = _copy("as_strided", "AsStridedBackward0")
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


def register(view: Any, a: Any, pos: list[int]) -> None:
    """Make ``view`` (elements ``pos`` of ``a``, with a graph) a view of a's root base, as
    PyTorch's ``_base`` is always the root: a write into either side reaches the other."""
    if a.view_of is not None:
        root, where = a.view_of
        pos = [where[p] for p in pos]
    else:
        root = a
    view.view_of = (root, list(pos))
    if root.graph_views is None:
        root.graph_views = weakref.WeakValueDictionary()
    root.graph_views[id(view)] = view


def check_view_of_leaf(t: Any) -> None:
    """PyTorch's error for an in-place write, with a graph, into a view of a leaf that
    requires grad."""
    root = t.view_of[0] if t.view_of is not None and t.requires_grad else None
    if root is not None and STATE.enabled and root.is_leaf and root.requires_grad:
        raise RuntimeError(VIEW_LEAF_INPLACE)


def write_data(t: Any, pos: list[int], data: list[float]) -> None:
    """Numbers written at t's elements ``pos``, in every tensor that shares the storage:
    t's aliases (``detach()``, ``.data``), its root base and the base's other views."""
    for s in t.sharing():
        flat = s.flat
        for p, x in zip(pos, data):
            flat[p].data = x
    if t.view_of is not None:
        root, where = t.view_of
        for s in root.sharing():
            for p, x in zip(pos, data):
                s.flat[where[p]].data = x
    else:
        root = t.sharing()[0]  # the tensor a detach() or .data alias came from
    refresh(root)


def written(t: Any) -> None:
    """t's elements were just replaced by an in-place op recorded in the graph: carry them to
    the tensors that share its storage."""
    for s in t.sharing():
        if s is not t:
            for e, v in zip(s.flat, t.flat):
                e.data = v.data
    if t.view_of is None:
        refresh(t.sharing()[0])
        return
    root, where = t.view_of  # the root records the write: CopySlices over it and t's elements
    new_elements = type(t).from_values(list(t.flat), t.shape, t.dtype, t.grad_fn)
    before = type(root).from_values(root.flat, root.shape, root.dtype, root.grad_fn)
    new = [apply(COPY_SLICES, (v,)) for v in root.flat]
    for p, e in zip(where, new_elements.flat):
        new[p] = apply(OVERWRITE, (root.flat[p], e))
    out = result(new, root.shape, root.dtype, CopySlices, (before, new_elements))
    root.flat, root.grad_fn = out.flat, out.grad_fn
    remember(root)
    for s in root.sharing():
        if s is not root:
            for p, e in zip(where, new_elements.flat):
                s.flat[p].data = e.data
    refresh(root)


def refresh(root: Any) -> None:
    """Every live view of ``root`` that records a graph, made again over root as it is now
    (``AsStridedBackward0``), as PyTorch remakes a view whose base was written."""
    views = root.graph_views
    if not views:
        return
    with set_grad_enabled(True):  # a view keeps its graph, whatever the mode of the write
        for g in list(views.values()):
            where = g.view_of[1]
            vals = [apply(AS_STRIDED, (root.flat[p],)) for p in where]
            r = result(vals, g.shape, g.dtype, _AS_STRIDED_NODE, (root,))
            g.flat, g.grad_fn = r.flat, r.grad_fn
            remember(g)
            for s in g.sharing():
                if s is not g:
                    for j, v in enumerate(g.flat):
                        s.flat[j].data = v.data
