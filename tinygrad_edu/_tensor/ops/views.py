"""Views: ``t[i]``, ``t[a:b]`` (``indexing.py`` reads the key), ``view``, ``reshape``,
``flatten``, ``unsqueeze``, ``squeeze``, ``T``, ``t()``, ``transpose``, ``permute``,
``expand``, with PyTorch's node names, strides and errors.

A view's element ``k`` is an element of its input, found through the view's strides; a view
that records a graph gives each element a copy node of the view's own op (``ViewBackward0``,
``PermuteBackward0``...), one that does not shares the input's very elements, so writing
through it writes the input.  ``stride()``, ``storage_offset()`` and ``is_contiguous()`` are
PyTorch's: a view's strides are computed from its input's, as PyTorch computes them.

>>> import tinygrad_edu as torch
>>> m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
>>> m.T.stride(), m.T.is_contiguous(), m[:, 1:]
((1, 3), False, tensor([[2., 3.],
        [5., 6.]], grad_fn=<SliceBackward0>))
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from ...core.engine import apply
from ...core.grad_mode import STATE
from ...core.ops import COPIES, Op
from .. import kernels
from ..arguments import int_list, invalid_combination
from ..shape import index, normalize_dim
from ..tensor_graph import is_tensor, node_class, result
from .writeback import register

__all__ = ["ELEMENT_SIZES", "METHODS", "VIEW_OPS", "alias", "contiguous_strides", "copy_op"]
__all__ += ["data_ptr", "dense_strides", "is_contiguous", "is_non_overlapping_and_dense"]
__all__ += ["reshape", "select", "slice_", "unsqueeze"]


def copy_op(key: str, name: str) -> Op:
    # an element seen through a view: d out / d in = 1 (as ops.COPIES' entries)
    return Op(key=key, name=name, forward=lambda a: a, local=lambda a, out: (1.0,), expr="{0}",
              dlocal=("1",), method=None, micrograd="")  # fmt: skip


# the element copies of the view ops that ops.COPIES does not have yet
VIEW_OPS: dict[str, Op] = {
    key: copy_op(key, name)
    for key, name in (
        ("view", "ViewBackward0"),
        ("alias", "AliasBackward0"),
        ("unsafe_view", "UnsafeViewBackward0"),
        ("slice", "SliceBackward0"),
        ("split", "SplitBackward0"),
        ("split_with_sizes", "SplitWithSizesBackward0"),
        ("transpose", "TransposeBackward0"),
        ("t", "TBackward0"),
        ("permute", "PermuteBackward0"),
        ("expand", "ExpandBackward0"),
        ("squeeze0", "SqueezeBackward0"),
        ("squeeze1", "SqueezeBackward1"),
        ("squeeze2", "SqueezeBackward2"),
    )
}
_OPS = {**VIEW_OPS, "select": COPIES["select"], "unsqueeze": COPIES["unsqueeze"]}
for _op in _OPS.values():
    node_class(_op.name)

Geometry = tuple[tuple[int, ...], tuple[int, ...], int]  # shape, strides, offset


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """Row-major strides: the last dim moves by 1."""
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= max(n, 1)
    return tuple(reversed(out))


def is_contiguous(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """PyTorch's test: row-major strides, ignoring dims of size 1 (and empty tensors)."""
    if math.prod(shape) == 0:
        return True
    step = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1:
            if s != step:
                return False
            step *= n
    return True


def is_non_overlapping_and_dense(shape: Sequence[int], strides: Sequence[int]) -> bool:
    """Whether the elements fill their memory exactly once, in some order of the dims."""
    dims = sorted((d for d in range(len(shape)) if shape[d] >= 2), key=lambda d: strides[d])
    step = 1
    for d in dims:
        if strides[d] != step:
            return False
        step *= shape[d]
    return True


def dense_strides(shape: Sequence[int], strides: Sequence[int]) -> tuple[int, ...]:
    """The strides of a copy that keeps the layout (PyTorch's preserve_format): the same
    ones for a dense tensor, else dense strides in the order of the input's
    (``infer_dense_strides``: an insertion sort that leaves stride-0 dims where they are)."""
    if is_non_overlapping_and_dense(shape, strides):
        return tuple(strides)
    perm = list(reversed(range(len(shape))))

    def should_swap(d0: int, d1: int) -> int:
        s0, s1 = strides[d0], strides[d1]
        if s0 == 0 or s1 == 0:
            return 0
        if s0 != s1:
            return -1 if s0 < s1 else 1
        return 1 if shape[d0] > shape[d1] else 0

    for i in range(1, len(shape)):
        d1 = i
        for j in range(1, i + 1):
            d0 = i - j
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    out, step = [0] * len(shape), 1
    for d in perm:
        out[d] = step
        step *= max(shape[d], 1)
    return tuple(out)


def _view(a: Any, key: str, how: Callable[[Geometry], Geometry], **attrs: Any) -> Any:
    """The view ``how`` of ``a``: ``how`` maps (shape, strides, offset) to the view's."""
    shape, rel, off = how((tuple(a.shape), contiguous_strides(a.shape), 0))
    _, strides, offset = how((tuple(a.shape), a.stride(), a.storage_offset()))
    pos = [
        off + sum(i * s for i, s in zip(ix, rel)) for ix in itertools.product(*map(range, shape))
    ]
    return _made(a, key, shape, pos, strides, offset, **attrs)


def _made(a: Any, key: str, shape: Sequence[int], pos: Sequence[int], strides: Sequence[int],
          offset: int, **attrs: Any) -> Any:  # fmt: skip
    if STATE.enabled and a.requires_grad:
        op = _OPS[key]
        vals = [apply(op, (a.flat[p],)) for p in pos]
        r = result(vals, shape, a.dtype, node_class(op.name), (a,), **attrs)
        register(r, a, list(pos))  # a write into either reaches the other (writeback.py)
    else:  # no graph: the view's elements are its input's own
        r = type(a).from_values([a.flat[p] for p in pos], shape, a.dtype)
    r.set_geometry(tuple(strides), offset, a)
    return r


# -- the view ops ----------------------------------------------------------------------------


def select(a: Any, dim: int, i: Any, report: int | None = None) -> Any:
    if is_tensor(i):
        i = i.__index__()
    if not a.shape:
        raise IndexError(
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
        )
    d = normalize_dim(dim, len(a.shape))
    k = index(i, a.shape[d], d if report is None else report)

    def how(g: Geometry) -> Geometry:
        shape, st, off = g
        return shape[:d] + shape[d + 1 :], st[:d] + st[d + 1 :], off + k * st[d]

    return _view(a, "select", how, _saved_dim=d, _saved_index=i,
                 _saved_self_sym_sizes=tuple(a.shape))  # fmt: skip


def alias(a: Any) -> Any:
    """The same elements as a new view (``t[...]``, ``t[:, :]``: ``AliasBackward0``)."""
    return _view(a, "alias", lambda g: g)


def slice_(a: Any, dim: int, s: slice, key: str = "slice") -> Any:
    """``a[..., s]`` in dim ``dim``; ``key``: the view op it is (``split``'s pieces are theirs)."""
    d = normalize_dim(dim, len(a.shape))
    step = 1 if s.step is None else int(s.step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    if step < 0:
        raise ValueError("step must be greater than zero")
    start, stop, _ = slice(s.start, s.stop, 1).indices(a.shape[d])
    n = max(0, -(-(stop - start) // step))

    def how(g: Geometry) -> Geometry:
        shape, st, off = g
        return ((*shape[:d], n, *shape[d + 1:]), (*st[:d], st[d] * step, *st[d + 1:]),
                off + start * st[d] if n else off)  # fmt: skip

    return _view(a, key, how, _saved_dim=d)


def _sizes(args: tuple[Any, ...]) -> tuple[int, ...]:
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    return tuple(int(s) for s in args)


def _shape_arg(fn: str, args: tuple[Any, ...]) -> tuple[int, ...]:
    """The shape of ``view``/``reshape``, checked as PyTorch's parser and ``infer_size`` do."""
    if fn == "view":
        try:
            shape = int_list("view", args)
        except TypeError:
            raise invalid_combination("view", args) from None
    else:
        shape = int_list(fn, args, name="shape")
    for k, n in enumerate(shape):
        if n < -1:
            raise RuntimeError(
                f"invalid shape dimension {n} at index {k} of shape [{', '.join(map(str, shape))}]"
            )
    return shape


def _infer(shape: tuple[int, ...], numel: int) -> tuple[int, ...]:
    if sum(1 for s in shape if s == -1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if -1 in shape and not numel and 0 in shape:
        raise RuntimeError(
            f"cannot reshape tensor of 0 elements into shape {list(shape)} because the "
            "unspecified dimension size -1 can be any value and is ambiguous"
        )
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape and known and numel % known == 0:
        shape = tuple(numel // known if s == -1 else s for s in shape)
    if math.prod(shape) != numel or -1 in shape:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return shape


def _view_strides(old: Sequence[int], stride: Sequence[int], new: Sequence[int]) -> Any:
    """The strides of ``new`` over a tensor of shape ``old`` and ``stride``, or None where
    no view can have that shape (PyTorch's ``computeStride``)."""
    if not old:
        return (1,) * len(new)
    out = [0] * len(new)
    view_d, chunk, t_numel, v_numel = len(new) - 1, stride[-1], 1, 1
    for d in range(len(old) - 1, -1, -1):
        t_numel *= old[d]
        if d == 0 or (old[d - 1] != 1 and stride[d - 1] != t_numel * chunk):
            while view_d >= 0 and (v_numel < t_numel or new[view_d] == 1):
                out[view_d] = v_numel * chunk
                v_numel *= new[view_d]
                view_d -= 1
            if v_numel != t_numel:
                return None
            if d > 0:
                chunk, t_numel, v_numel = stride[d - 1], 1, 1
    return tuple(out) if view_d == -1 else None


def view(a: Any, *shape: Any) -> Any:
    new = _infer(_shape_arg("view", shape), a.numel())
    strides = _view_strides(tuple(a.shape), a.stride(), new)
    if strides is None:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead."
        )
    return _made(a, "view", new, range(a.numel()), strides, a.storage_offset())


def reshape(a: Any, *shape: Any) -> Any:
    new = _infer(_shape_arg("reshape", shape), a.numel())
    if _view_strides(tuple(a.shape), a.stride(), new) is not None:
        return view(a, new)
    c = a.clone()  # PyTorch: a copy, then viewed (UnsafeViewBackward0 over CloneBackward0)
    return _made(c, "unsafe_view", new, range(a.numel()), contiguous_strides(new), 0)


def flatten(a: Any, start_dim: int = 0, end_dim: int = -1) -> Any:
    if not a.shape:
        return reshape(a, 1)
    s, e = normalize_dim(start_dim, len(a.shape)), normalize_dim(end_dim, len(a.shape))
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return a
    shape = tuple(a.shape)
    return reshape(a, (*shape[:s], math.prod(shape[s : e + 1]), *shape[e + 1 :]))


def unsqueeze(a: Any, dim: int) -> Any:
    d = normalize_dim(dim, len(a.shape) + 1)

    def how(g: Geometry) -> Geometry:
        shape, st, off = g
        s = 1 if d >= len(shape) else shape[d] * st[d]
        return (*shape[:d], 1, *shape[d:]), (*st[:d], s, *st[d:]), off

    return _view(a, "unsqueeze", how, _saved_dim=d)


def squeeze(a: Any, dim: Any = None) -> Any:
    if dim is None:
        dims, key = [d for d, n in enumerate(a.shape) if n == 1], "squeeze0"
    elif isinstance(dim, (tuple, list)):
        dims = [normalize_dim(d, len(a.shape)) for d in dim]
        dims, key = [d for d in dims if a.shape and a.shape[d] == 1], "squeeze2"
    else:
        d = normalize_dim(dim, len(a.shape))
        dims, key = ([d] if a.shape and a.shape[d] == 1 else []), "squeeze1"

    def how(g: Geometry) -> Geometry:
        shape, st, off = g
        keep = [k for k in range(len(shape)) if k not in dims]
        return tuple(shape[k] for k in keep), tuple(st[k] for k in keep), off

    return _view(a, key, how)


def permute(a: Any, *dims: Any) -> Any:
    order = [normalize_dim(d, len(a.shape)) for d in _sizes(dims)]
    if len(order) != len(a.shape):
        raise RuntimeError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the "
            "length of the desired ordering of dimensions i.e. input.dim() = "
            f"{len(a.shape)} is not equal to len(dims) = {len(order)}"
        )
    if len(set(order)) != len(order):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return _view(a, "permute", lambda g: _reorder(g, order), _saved_dims=tuple(order))


def _reorder(g: Geometry, order: Sequence[int]) -> Geometry:
    shape, st, off = g
    return tuple(shape[k] for k in order), tuple(st[k] for k in order), off


def transpose(a: Any, dim0: int, dim1: int) -> Any:
    return _swap(a, dim0, dim1, "transpose")


def _swap(a: Any, dim0: int, dim1: int, key: str) -> Any:
    n = len(a.shape)
    d0, d1 = (normalize_dim(dim0, n), normalize_dim(dim1, n)) if n else (0, 0)
    order = list(range(n))
    if n:
        order[d0], order[d1] = order[d1], order[d0]
    return _view(a, key, lambda g: _reorder(g, order), _saved_dim0=d0, _saved_dim1=d1)


def t(a: Any) -> Any:
    if len(a.shape) > 2:
        raise RuntimeError(
            f"t() expects a tensor with <= 2 dimensions, but self is {len(a.shape)}D"
        )
    return _swap(a, 0, -1, "t") if len(a.shape) == 2 else _view(a, "t", lambda g: g)


def big_t(a: Any) -> Any:
    if len(a.shape) != 2:
        warnings.warn(
            "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
            "deprecated and it will throw an error in a future release. Consider `x.mT` to "
            "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to "
            "reverse the dimensions of a tensor. (Triggered internally at "
            "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)",
            UserWarning,
            stacklevel=2,  # the line that reads x.T
        )
    return permute(a, *reversed(range(len(a.shape))))


def expand(a: Any, *sizes: Any) -> Any:
    want = int_list("expand", sizes)
    n, extra = len(a.shape), len(want) - len(a.shape)
    for k in range(max(extra, 0)):
        if want[k] < 0:
            raise RuntimeError(
                f"The expanded size of the tensor ({want[k]}) isn't allowed in a leading, "
                f"non-existing dimension {k}"
            )
    if extra < 0:
        raise RuntimeError(
            f"expand(torch.FloatTensor{{{list(a.shape)}}}, size={list(want)}): the number of "
            f"sizes provided ({len(want)}) must be greater or equal to the number of dimensions "
            f"in the tensor ({len(a.shape)})"
        )

    def how(g: Geometry) -> Geometry:
        shape, st, off = g
        out_shape, out_st = list(want[:extra]), [0] * extra
        for k in range(n):
            w, have = want[extra + k], shape[k]
            if w == -1:
                w = have
            if have != w and (have != 1 or w < 0):
                raise RuntimeError(
                    f"The expanded size of the tensor ({w}) must match the existing size "
                    f"({have}) at non-singleton dimension {extra + k}.  Target sizes: "
                    f"{list(want)}.  Tensor sizes: {list(a.shape)}"
                )
            out_shape.append(w)
            out_st.append(st[k] if have == w else 0)
        return tuple(out_shape), tuple(out_st), off

    return _view(a, "expand", how)


# bytes per element, by dtype name (PyTorch's element_size)
ELEMENT_SIZES = {"float32": 4, "float64": 8, "int64": 8, "int32": 4, "float16": 2, "bool": 1}


def data_ptr(a: Any) -> int:
    """An address for the tensor's first element: the storage's plus offset * element size.

    The storage's is its identity, spread out so that no two storages' ranges meet: what a
    program can see (which tensors share memory, and how far apart) is PyTorch's."""
    return (id(a.storage_key) << 20) + a.storage_offset() * ELEMENT_SIZES[a.dtype.name]


def contiguous(a: Any) -> Any:
    return a if a.is_contiguous() else kernels.copy(a, "clone")  # row-major, whatever a's layout


# Tensor's view methods, as Tensor takes them (tensor.py adds each to the class)
METHODS: dict[str, Any] = {
    "view": view,
    "reshape": reshape,
    "flatten": flatten,
    "unsqueeze": unsqueeze,
    "squeeze": squeeze,
    "permute": permute,
    "transpose": transpose,
    "t": t,
    "T": property(big_t),
    "expand": expand,
    "contiguous": contiguous,
    "data_ptr": data_ptr,
}
del _op
