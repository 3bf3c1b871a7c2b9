"""``as_strided`` and its family: a tensor's memory seen through any sizes, strides and offset
(``torch.as_strided``, ``t.as_strided_``, ``torch.as_strided_copy``, ``as_strided_scatter``),
the factories of a given layout (``torch.empty_strided``, ``t.new_empty_strided``), and
``t.set_(source)`` (``t`` made to look at another memory) and ``t.as_subclass(cls)``.

>>> import tinygrad_edu as torch
>>> x = torch.arange(6.0)
>>> w = x.as_strided((3, 2), (1, 1))  # sliding windows of 2, sharing x's memory
>>> w, w.stride(), w.data_ptr() == x.data_ptr()
(tensor([[0., 1.],
        [1., 2.],
        [2., 3.]]), (1, 1), True)

The memory is the storage as this tensor sees it (``storage.py``): the elements its own
geometry reaches. A position no element of the tensor is at (memory before a slice's start,
say) is refused with ``NotImplementedError``; PyTorch would read the base's element there.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ._tensor.ops.factories import empty
from ._tensor.ops.views import ELEMENT_SIZES, alias, contiguous_strides
from ._tensor.ops.writeback import AS_STRIDED, register
from ._tensor.tensor import Tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from ._tensor.tensor_messages import LEAF_INPLACE
from .core.engine import apply
from .core.grad_mode import STATE, no_grad
from .core.ops import Op
from .storage import TypedStorage, UntypedStorage

__all__ = ["FUNCTIONS", "METHODS", "as_strided", "empty_strided"]


def _ints(fn: str, what: str, v: Any) -> tuple[int, ...]:
    if is_tensor(v) or not isinstance(v, (tuple, list)):
        raise TypeError(f"{fn}(): argument '{what}' must be tuple of ints, not {type(v).__name__}")
    return tuple(int(n) for n in v)


def _positions(shape: tuple[int, ...], strides: tuple[int, ...], offset: int) -> list[int]:
    """The storage position of each element of this geometry, row-major."""
    return [offset + sum(i * s for i, s in zip(ix, strides))
            for ix in itertools.product(*map(range, shape))]  # fmt: skip


def _geometry(fn: str, t: Any, size: Any, stride: Any, storage_offset: Any) -> tuple[Any, ...]:
    """The checked (size, stride, offset) of a view of ``t``'s memory, with PyTorch's errors."""
    size, stride = _ints(fn, "size", size), _ints(fn, "stride", stride)
    offset = t.storage_offset() if storage_offset is None else int(storage_offset)
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    if any(s < 0 for s in stride):
        raise RuntimeError(
            "as_strided: Negative strides are not supported at the moment, got strides: "
            f"[{', '.join(map(str, stride))}]"
        )
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    if any(n < 0 for n in size):
        raise RuntimeError(
            f"Storage size calculation overflowed with sizes=[{', '.join(map(str, size))}] and "
            f"strides=[{', '.join(map(str, stride))}]"
        )
    have = _positions(tuple(t.shape), t.stride(), t.storage_offset())
    storage = max(have) + 1 if have else 0
    need = offset + 1 + sum((n - 1) * s for n, s in zip(size, stride)) if math.prod(size) else 0
    item = ELEMENT_SIZES[t.dtype.name]
    if need > storage:
        raise RuntimeError(
            f"setStorage: sizes [{', '.join(map(str, size))}], strides "
            f"[{', '.join(map(str, stride))}], storage offset {offset}, and itemsize {item} "
            f"requiring a storage size of {need * item} are out of bounds for storage of size "
            f"{storage * item}"
        )
    where: dict[int, int] = {}
    for k, p in enumerate(have):
        where.setdefault(p, k)
    ks = []
    for p in _positions(size, stride, offset):
        if p not in where:
            raise NotImplementedError(
                f"{fn}: storage position {p} is outside the tensor's own elements (tinygrad_edu "
                "sees a storage only through the tensor's geometry)"
            )
        ks.append(where[p])
    return size, stride, offset, ks


def as_strided(input: Any, size: Any, stride: Any, storage_offset: Any = None) -> Any:
    """``input``'s memory seen with these sizes and strides from ``storage_offset`` (default:
    input's own): a view sharing the memory (``AsStridedBackward0``; an element seen twice
    gets the sum of both gradients)."""
    size, stride, offset, ks = _geometry("as_strided", input, size, stride, storage_offset)
    if STATE.enabled and input.requires_grad:
        vals = [apply(AS_STRIDED, (input.flat[k],)) for k in ks]
        # the offset as given (None: the input's own), as PyTorch saves the optional
        saved = {"_saved_size": size, "_saved_stride": stride,
                 "_saved_storage_offset": storage_offset}  # fmt: skip
        r = result(vals, size, input.dtype, node_class(AS_STRIDED.name), (input,), **saved)
        register(r, input, ks)  # a write into either reaches the other (writeback.py)
    else:  # no graph: the view's elements are the input's own
        r = type(input).from_values([input.flat[k] for k in ks], size, input.dtype)
    r.set_geometry(stride, offset, input)
    return r


def as_strided_(self: Any, size: Any, stride: Any, storage_offset: Any = None) -> Any:
    """``self`` itself made the view ``as_strided`` gives (no graph here, as ``unsqueeze_``)."""
    if self.requires_grad and STATE.enabled:
        if self.is_leaf:
            raise RuntimeError(LEAF_INPLACE)
        raise NotImplementedError("as_strided_ on a tensor that requires grad is not supported")
    v = as_strided(self, size, stride, storage_offset)
    self.flat, self.shape = v.flat, v.shape
    self.set_geometry(v.stride(), v.storage_offset(), v)
    return self


def as_strided_copy(input: Any, size: Any, stride: Any, storage_offset: Any = None) -> Any:
    """``as_strided`` as a tensor of its own, row-major (``AsStridedBackward0_copy``)."""
    r = as_strided(input, size, stride, storage_offset).clone()
    if r.grad_fn is None:
        return r
    return result(r.flat, r.shape, r.dtype, node_class("AsStridedBackward0_copy"), (input,),
                  _saved_size=r.shape, _saved_stride=tuple(stride),
                  _saved_storage_offset=storage_offset)  # fmt: skip


_KEPT = Op(key="as_strided_scatter_kept", name="AsStridedScatterBackward0",
           forward=lambda a: a, local=lambda a, out: (0.0,), expr="{0}", dlocal=("0",),
           method=None, micrograd="")  # fmt: skip
_WRITTEN = Op(key="as_strided_scatter", name="AsStridedScatterBackward0",
              forward=lambda old, new: new, local=lambda old, new, out: (1.0, 1.0),
              expr="as_strided_scatter({0}, {1})", dlocal=("1", "1"), slots=2, method=None,
              micrograd="")  # fmt: skip


def as_strided_scatter(input: Any, src: Any, size: Any, stride: Any,
                       storage_offset: Any = None) -> Any:  # fmt: skip
    """A copy of ``input`` with the elements ``as_strided(size, stride, storage_offset)`` would
    show replaced by ``src``'s (``AsStridedScatterBackward0``; input's layout kept)."""
    size, stride, _, ks = _geometry("as_strided_scatter", input, size, stride,
                                         storage_offset)  # fmt: skip
    if tuple(src.shape) != size:
        raise RuntimeError(
            f"expected src to have a size equal to the slice of self. src size = "
            f"{list(src.shape)}, slice size = {list(size)}"
        )
    # PyTorch's backward (as_strided_scatter_backward) gives the input the output's gradient
    # where src was written and 0 elsewhere: the transpose of the scatter would be the other
    # way round, but a program sees PyTorch's numbers, so those are the local derivatives here
    vals = [apply(_KEPT, (v,)) for v in input.flat]
    for k, v in zip(ks, src.to(input.dtype).flat):
        vals[k] = apply(_WRITTEN, (input.flat[k], v))
    node = node_class("AsStridedScatterBackward0", -1, {}, "find")
    r = result(vals, input.shape, input.dtype, node, (input, src), _saved_size=size,
               _saved_stride=stride, _saved_storage_offset=storage_offset)  # fmt: skip
    if not input.is_contiguous():
        r.set_geometry(input.stride(), input.storage_offset(), r)
    return r


def empty_strided(size: Any, stride: Any, *, dtype: Any = None, layout: Any = None,
                  device: Any = None, requires_grad: bool = False,
                  pin_memory: bool = False) -> Any:  # fmt: skip
    """A tensor of ``size`` laid out with ``stride`` (zeros here; PyTorch leaves the memory as
    it was)."""
    size, stride = _ints("empty_strided", "size", size), _ints("empty_strided", "stride", stride)
    if len(size) != len(stride):
        raise RuntimeError(
            f"dimensionality of sizes ({len(size)}) must match dimensionality of strides "
            f"({len(stride)})"
        )
    t = empty(size, dtype=dtype, device=device, requires_grad=requires_grad)
    t.set_geometry(stride, 0, t)
    return t


def new_empty_strided(self: Any, size: Any, stride: Any, *, dtype: Any = None,
                      layout: Any = None, device: Any = None, requires_grad: bool = False,
                      pin_memory: bool = False) -> Any:  # fmt: skip
    """``empty_strided`` of ``self``'s dtype unless ``dtype=`` says otherwise."""
    return empty_strided(size, stride, dtype=dtype or self.dtype, device=device,
                         requires_grad=requires_grad)  # fmt: skip


def set_(self: Any, source: Any = None, storage_offset: int = 0, size: Any = None,
         stride: Any = None) -> Any:  # fmt: skip
    """``self`` made to look at ``source``'s memory: the same elements with its geometry, or
    the view ``as_strided(size, stride, storage_offset)`` of it, or a storage's every element
    (1-d); ``set_()``: an empty tensor. Writes through either show in the other."""
    if self.requires_grad and STATE.enabled:
        if self.is_leaf:
            raise RuntimeError(LEAF_INPLACE)
        raise NotImplementedError("set_ on a tensor that requires grad is not supported")
    with no_grad():  # views without a graph: their elements are the source's own
        if source is None:
            v = type(self).from_values([], (0,), self.dtype)
        elif isinstance(source, (TypedStorage, UntypedStorage)):
            typed = source.typed if isinstance(source, UntypedStorage) else source
            v = as_strided(typed.tensor, (typed.size(),), (1,), 0)
        elif size is not None:
            st = stride if stride is not None else contiguous_strides(tuple(size))
            v = as_strided(source, size, st, storage_offset)
        else:
            v = alias(source)
    self.flat, self.shape = list(v.flat), v.shape
    self.set_geometry(v.stride(), v.storage_offset(), v)
    return self


def as_subclass(self: Any, cls: type) -> Any:
    """The same elements as an instance of ``cls`` (a subclass of Tensor), on the graph as an
    alias of ``self`` (``AliasBackward0``)."""
    if not (isinstance(cls, type) and issubclass(cls, Tensor)):
        raise TypeError(
            "Creating a Tensor subclass from a class that does not inherit from Tensor is not "
            "possible. Make sure your class inherits from Tensor."
        )
    r = alias(self)
    r.__class__ = cls
    return r


FUNCTIONS: dict[str, Any] = {
    "as_strided": as_strided,
    "as_strided_": as_strided_,
    "as_strided_copy": as_strided_copy,
    "as_strided_scatter": as_strided_scatter,
    "empty_strided": empty_strided,
}
METHODS: dict[str, Any] = {
    "as_strided": as_strided,
    "as_strided_": as_strided_,
    "as_strided_scatter": as_strided_scatter,
    "new_empty_strided": new_empty_strided,
    "set_": set_,
    "as_subclass": as_subclass,
}
