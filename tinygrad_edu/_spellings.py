"""PyTorch's other names for what the tensor already does, and the small shape ops tutorials
use beside them: ``absolute``, ``negative``, ``positive``, ``arccos``..., ``fix``,
``swapaxes``, ``movedim``, ``ravel``, ``broadcast_to``, ``tile``, ``diff``, ``cross``,
``meshgrid``, ``mT``, ``nbytes``, and the constants ``torch.pi``, ``e``, ``inf``, ``nan``.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
>>> torch.absolute(x).grad_fn.name(), x.mT.grad_fn.name(), torch.tile(x, (2,)).shape
('AbsBackward0', 'TransposeBackward0', torch.Size([2, 4]))
>>> torch.diff(torch.tensor([1, 3, 2])), torch.cross(torch.eye(3)[0], torch.eye(3)[1], dim=0)
(tensor([ 2, -1]), tensor([0., 0., 1.]))
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from ._tensor.dtype import bool_, float64, int64
from ._tensor.kernels import stack
from ._tensor.ops.reductions import cat
from ._tensor.ops.selection import where
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result

__all__ = ["CONSTANTS", "FUNCTIONS", "METHODS", "PROPERTIES", "cross", "diff", "meshgrid"]
__all__ += ["movedim", "tile"]

CONSTANTS: dict[str, Any] = {
    "pi": math.pi,
    "e": math.e,
    "inf": math.inf,
    "nan": math.nan,
    "newaxis": None,
}


def movedim(input: Any, source: Any, destination: Any) -> Any:
    """The dims ``source`` moved to the places ``destination`` (a view: ``PermuteBackward0``)."""
    n = input.dim()
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    if len(src) != len(dst):
        raise RuntimeError(
            "movedim: Invalid source or destination dims: source "
            f"({src} dims) should contain the same number of dims as destination ({dst} dims)"
        )
    src = [normalize_dim(d, n) for d in src]
    dst = [normalize_dim(d, n) for d in dst]
    order: list[int | None] = [None] * n
    for s, d in zip(src, dst):
        order[d] = s
    rest = iter(d for d in range(n) if d not in src)
    return input.permute([next(rest) if o is None else o for o in order])


def tile(input: Any, *dims: Any) -> Any:
    """``input`` repeated ``dims`` times along each dim (ones prepended to the shorter of the
    two: ``RepeatBackward0``)."""
    reps = list(dims[0]) if len(dims) == 1 and not isinstance(dims[0], int) else list(dims)
    reps = [1] * (input.dim() - len(reps)) + reps
    return input.repeat(*reps)


def diff(input: Any, n: int = 1, dim: int = -1, prepend: Any = None, append: Any = None) -> Any:
    """The ``n``-th forward difference along ``dim``: ``x[1:] - x[:-1]`` (``SubBackward0``)."""
    d = normalize_dim(dim, input.dim())
    if prepend is not None or append is not None:
        parts = [p for p in (prepend, input, append) if p is not None]
        input = cat(parts, d)
    for _ in range(n):
        m = input.shape[d]
        if m == 0:
            break
        later, earlier = input.narrow(d, 1, m - 1), input.narrow(d, 0, m - 1)
        input = later.logical_xor(earlier) if input.dtype is bool_ else later - earlier
    return input


def cross(input: Any, other: Any, dim: int | None = None) -> Any:
    """The cross product of 3-vectors along ``dim`` (the first of size 3 if None, as PyTorch's
    deprecated default: ``LinalgCrossBackward0``)."""
    if dim is None:
        warnings.warn(
            "Using torch.cross without specifying the dim arg is deprecated.\n"
            "Please either pass the dim explicitly or simply use torch.linalg.cross.\n"
            "The default value of dim will change to agree with that of linalg.cross in a "
            "future release.",
            UserWarning,
            stacklevel=2,
        )
        dim = next((i for i, s in enumerate(input.shape) if s == 3), -1)
    return linalg_cross(input, other, dim)


def linalg_cross(input: Any, other: Any, dim: int = -1) -> Any:
    """``torch.linalg.cross``: the cross product along ``dim`` (of size 3)."""
    d = normalize_dim(dim, input.dim())
    if input.shape[d] != 3 or other.shape[d] != 3:
        raise RuntimeError(
            f"linalg.cross: inputs dimension {dim} must have length 3. Got "
            f"{input.shape[d]} and {other.shape[d]}"
        )
    a = [input.select(d, i) for i in range(3)]
    b = [other.select(d, i) for i in range(3)]
    parts = [a[(i + 1) % 3] * b[(i + 2) % 3] - a[(i + 2) % 3] * b[(i + 1) % 3] for i in range(3)]
    r = stack(parts, d)
    if r.grad_fn is None:
        return r
    node = node_class("LinalgCrossBackward0", 2, {"_saved_self": 0, "_saved_other": 1}, "find")
    return result(r.elements(), r.shape, r.dtype, node, (input, other), _saved_dim=d)


def meshgrid(*tensors: Any, indexing: str | None = None) -> tuple[Any, ...]:
    """Coordinate grids: tensor ``i`` expanded along every other one's dim (``"ij"``, the
    default with PyTorch's warning) or with the first two dims swapped (``"xy"``)."""
    ts = list(tensors[0]) if len(tensors) == 1 and not is_tensor(tensors[0]) else list(tensors)
    if indexing is None:
        warnings.warn(
            "torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
            "argument.",
            UserWarning,
            stacklevel=2,
        )
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise ValueError(
            f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}'
        )
    swap = indexing == "xy" and len(ts) >= 2
    if swap:
        ts[0], ts[1] = ts[1], ts[0]
    shape = [t.numel() for t in ts]
    grids = []
    for i, t in enumerate(ts):
        view = [1] * len(ts)
        view[i] = -1
        grids.append(t.reshape(view).expand(*shape))
    if swap:  # PyTorch's: the first two swapped in, and their grids swapped back
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def select(input: Any, dim: int, index: int) -> Any:
    """``input[..., index, ...]`` at dim ``dim`` (a view: ``SelectBackward0``)."""
    return input[(slice(None),) * normalize_dim(dim, input.dim()) + (index,)]


def _view_(name: str) -> Any:
    """``t.unsqueeze_(0)`` and the other in-place view ops: ``t`` itself takes the view's
    shape and strides over the same storage."""

    def method(self: Any, *args: Any) -> Any:
        if self.requires_grad:
            raise NotImplementedError(f"{name}_ on a tensor that requires grad is not supported")
        v = getattr(self, name)(*args)
        self.flat, self.shape = v.flat, v.shape
        self.set_geometry(v.stride(), v.storage_offset(), v)
        return self

    method.__name__ = f"{name}_"
    return method


def unflatten(input: Any, dim: int, sizes: Any) -> Any:
    """``input`` with dim ``dim`` viewed as ``sizes`` (one of them may be -1)."""
    d = normalize_dim(dim, input.dim())
    shape = list(input.shape)
    return input.view(*shape[:d], *sizes, *shape[d + 1 :])


def bincount(input: Any, weights: Any = None, minlength: int = 0) -> Any:
    """How many times each value 0, 1, ... occurs in a 1-d tensor of non-negative ints (or
    the sum of their ``weights``)."""
    if input.dim() != 1 or input.dtype.is_floating_point:
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    vals = [int(v) for v in input.tolist()]
    if any(v < 0 for v in vals):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    n = max([minlength, *(v + 1 for v in vals)])
    if weights is None:
        counts = [0] * n
        for v in vals:
            counts[v] += 1
        return tensor(counts, dtype=int64)
    sums = [0.0] * n
    for v, w in zip(vals, weights.tolist()):
        sums[v] += w
    return tensor(sums, dtype=weights.dtype if weights.dtype.is_floating_point else float64)


def heaviside(input: Any, values: Any) -> Any:
    """The step function: 0 below zero, 1 above, ``values`` at zero (no gradient, as PyTorch)."""
    x = input.detach()
    step = (x > 0).to(x.dtype)
    return where(x == 0, values.detach().to(x.dtype).expand(*x.shape), step)


def _ravel(self: Any) -> Any:
    return self.contiguous().view(-1)


def _alias(name: str) -> Any:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return getattr(self, name)(*args, **kwargs)

    method.__name__ = name
    return method


# PyTorch's second names of methods the tensor has (both forms follow from both_forms)
METHODS: dict[str, Any] = {
    **{
        new: _alias(old)
        for new, old in {
            "absolute": "abs",
            "absolute_": "abs_",
            "negative": "neg",
            "negative_": "neg_",
            "arccos": "acos",
            "arccos_": "acos_",
            "arcsin": "asin",
            "arcsin_": "asin_",
            "arctan": "atan",
            "arctan_": "atan_",
            "arcsinh": "asinh",
            "arcsinh_": "asinh_",
            "arctanh": "atanh",
            "arctanh_": "atanh_",
            "fix": "trunc",
            "fix_": "trunc_",
            "swapaxes": "transpose",
            "swapdims": "transpose",
            "multiply_": "mul_",
            "subtract_": "sub_",
            "divide_": "div_",
            "true_divide_": "div_",
            "broadcast_to": "expand",
        }.items()
    },
    "positive": lambda self: self,
    "movedim": movedim,
    "moveaxis": movedim,
    "ravel": _ravel,
    "tile": tile,
    "diff": diff,
    "cross": cross,
    "select": select,
    "bincount": bincount,
    "heaviside": heaviside,
    "unflatten": unflatten,
    **{
        f"{n}_": _view_(n)
        for n in ("unsqueeze", "squeeze", "t", "transpose", "swapaxes", "swapdims")
    },
    "get_device": lambda self: -1,
}
PROPERTIES: dict[str, Any] = {
    "mT": property(lambda self: self.transpose(-2, -1), doc="The last two dims swapped."),
    "nbytes": property(lambda self: self.numel() * self.element_size(), doc="Bytes of data."),
    "itemsize": property(lambda self: self.element_size(), doc="Bytes per element."),
    "is_cpu": property(lambda self: True, doc="Every tensor here is on the CPU."),
}
FUNCTIONS: dict[str, Any] = {"meshgrid": meshgrid, **CONSTANTS}
