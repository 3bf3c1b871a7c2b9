"""Padding that repeats the input's own elements: ``F.pad``'s ``reflect``, ``replicate`` and
``circular`` modes and their layers (``ReflectionPad1d``/``2d``/``3d``,
``ReplicationPad1d``/``2d``/``3d``, ``CircularPad1d``/``2d``/``3d``).

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[[0.0, 1.0, 2.0]]], requires_grad=True)
>>> torch.nn.ReflectionPad1d(2)(x)
tensor([[[2., 1., 0., 1., 2., 1., 0.]]], grad_fn=<ReflectionPad1DBackward0>)
>>> torch.nn.ReplicationPad1d((1, 2))(x)
tensor([[[0., 0., 1., 2., 2., 2.]]], grad_fn=<ReplicationPad1DBackward0>)

Each element of a reflected or replicated result is a copy of one input element (the one its
position mirrors, or the nearest edge), so the gradient of an input element is the sum of the
gradients of its copies: one node, PyTorch's ``ReflectionPad2DBackward0``... over the input.
Circular padding is what PyTorch's kernel does: the input written into the middle of a new
tensor, then each border written from the far side of it, so its node is ``CopySlices``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from .._tensor.dtype import C_NAMES, bool_
from .._tensor.ops.views import copy_op, slice_
from .._tensor.tensor import Tensor
from .._tensor.tensor_graph import node_class, result
from ..core.engine import Value, apply
from ..core.grad_mode import STATE
from .module import Module

__all__ = ["CircularPad1d", "CircularPad2d", "CircularPad3d", "ReflectionPad1d"]
__all__ += ["ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d"]
__all__ += ["ReplicationPad3d", "circular_pad", "conv_padding", "edge_pad", "pad_mode"]

_DIMS = {2: 1, 4: 2, 6: 3}  # the length of ``pad`` -> the number of padded dims

# the copy each output element is (its scalar node) and the tensor node, by (mode, dims)
_COPY = {
    (mode, n): copy_op(f"{kernel}_pad{n}d", f"{name}Pad{n}DBackward0")
    for mode, kernel, name in (("reflect", "reflection", "Reflection"),
                               ("replicate", "replication", "Replication"))
    for n in (1, 2, 3)
}  # fmt: skip
_NODE = {key: node_class(op.name, 1, {"_saved_self": 0}, "find") for key, op in _COPY.items()}


def pad_mode(input: Tensor, pad: Sequence[int], mode: str, value: float | None) -> Tensor:
    """``F.pad(input, pad, mode, value)`` for the modes that repeat elements, with PyTorch's
    checks (its ``_pad_enum``): which pad length goes with which input dims, no ``value``."""
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    n, d = _DIMS.get(len(pad), 0), input.dim()
    if not n or d not in (n + 1, n + 2):
        raise NotImplementedError(
            f"Padding size {len(pad)} is not supported for {d}D input tensor.\n"
            "Supported combinations for non-constant padding:\n"
            "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
            "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
            "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)"
        )
    pad = tuple(int(p) for p in pad)
    if mode == "circular":
        return circular_pad(input, pad)
    return edge_pad(input, pad, mode)


def _source(i: int, size: int, mode: str) -> int:
    """The input index that output index ``i`` (counted from the input's start) copies."""
    if mode == "replicate":
        return min(max(i, 0), size - 1)
    if i < 0:
        i = -i
    return 2 * (size - 1) - i if i >= size else i


def edge_pad(input: Tensor, pad: tuple[int, ...], mode: str) -> Tensor:
    """Reflection (``mode="reflect"``) or replication (``"replicate"``) padding of the last
    ``len(pad) // 2`` dims, as PyTorch's ``reflection_pad*d``/``replication_pad*d`` kernels."""
    n = len(pad) // 2
    kernel = f"{'reflection' if mode == 'reflect' else 'replication'}_pad{n}d"
    if input.dtype is bool_:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{C_NAMES[bool_][0]}'")
    shape = tuple(input.shape)
    lead = len(shape) - n
    if any(s == 0 for s in shape[1 if lead == 2 else 0 :]):
        raise RuntimeError(
            f"Expected {n + 1}D or {n + 2}D (batch mode) tensor with possibly 0 batch size and "
            f"other non-zero dimensions for input, but got: {list(shape)}"
        )
    sizes = shape[lead:]
    # pad is (left, right) of the last dim first; the sizes are first dim first
    pairs = [(pad[2 * (n - 1 - k)], pad[2 * (n - 1 - k) + 1]) for k in range(n)]
    if mode == "reflect":
        for k in reversed(range(n)):  # PyTorch checks the width, then the height, the depth
            left, right = pairs[k]
            if not (left < sizes[k] and right < sizes[k]):
                raise RuntimeError(
                    f"Argument #{4 + 2 * (n - 1 - k)}: Padding size should be less than the "
                    "corresponding input dimension, but got: padding "
                    f"({left}, {right}) at dimension {lead + k} of input {list(shape)}"
                )
    out_sizes = [s + left + right for s, (left, right) in zip(sizes, pairs)]
    _check_output(sizes, out_sizes, list(shape), mode)
    # each output position's input element, one padded dim at a time
    axes = [
        [_source(o - left, s, mode) for o in range(m)]
        for s, m, (left, _) in zip(sizes, out_sizes, pairs)
    ]
    strides = [1] * n
    for k in range(n - 2, -1, -1):
        strides[k] = strides[k + 1] * sizes[k + 1]
    plane = strides[0] * sizes[0]
    offsets = [sum(i * st for i, st in zip(ix, strides)) for ix in itertools.product(*axes)]
    xs = input.elements()
    planes = len(xs) // plane if plane else 0
    pos = [p * plane + off for p in range(planes) for off in offsets]
    op = _COPY[(mode, n)]
    if STATE.enabled and input.requires_grad:
        vals = [apply(op, (xs[p],)) for p in pos]
    else:  # a copy, never the input's own elements
        vals = [Value(xs[p].data, requires_grad=False) for p in pos]
    out_shape = (*shape[:lead], *out_sizes)
    return result(vals, out_shape, input.dtype, _NODE[(mode, n)], (input,), _saved_padding=pad)


def _check_output(sizes: Sequence[int], out: Sequence[int], shape: list[int], mode: str) -> None:
    if len(sizes) == 1 and out[0] < 1:
        raise RuntimeError(f"input (W: {sizes[0]}) is too small. Calculated output W: {out[0]}")
    if len(sizes) == 2 and out[0] < 1 and out[1] < 1:
        gap = " " if mode == "replicate" else ""  # PyTorch's two messages differ by a space
        raise RuntimeError(
            f"input (H: {sizes[0]}, W: {sizes[1]}{gap}) is too small. Calculated output H: "
            f"{out[0]} W: {out[1]}"
        )
    if any(m < 0 for m in out):
        full = [*shape[: len(shape) - len(out)], *out]
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(out)}: {full}")


def circular_pad(input: Tensor, pad: tuple[int, ...]) -> Tensor:
    """Circular padding as PyTorch's ``_pad_circular``: the input (cropped where a pad is
    negative) written into the middle of a new tensor, then, dim by dim from the last, the
    left border copied from the right end of the result and the right border from its left."""
    n = len(pad) // 2
    shape = tuple(input.shape)
    lead = len(shape) - n
    out_shape = list(shape)
    for k in range(n):
        left, right = pad[2 * k], pad[2 * k + 1]
        d = len(shape) - 1 - k
        if left > shape[d] or right > shape[d]:
            raise RuntimeError("Padding value causes wrapping around more than once.")
        out_shape[d] = shape[d] + left + right
        if out_shape[d] < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
    out = input.new_empty(out_shape)

    def key(d: int, s: slice) -> tuple[Any, ...]:
        return (*(slice(None),) * d, s)

    inner_out: list[slice] = [slice(None)] * lead
    inner_in: list[slice] = [slice(None)] * lead
    for d in range(lead, len(shape)):
        k = len(shape) - 1 - d
        left, right = pad[2 * k], pad[2 * k + 1]
        inner_out.append(slice(max(left, 0), out_shape[d] - max(right, 0)))
        inner_in.append(slice(max(-left, 0), shape[d] - max(-right, 0)))
    source = input
    for d in range(lead, len(shape)):  # PyTorch's kernel slices every padded dim
        source = slice_(source, d, inner_in[d])
    out[tuple(inner_out)] = source
    for k in range(n):
        d = len(shape) - 1 - k
        left, right = pad[2 * k], pad[2 * k + 1]
        size = out_shape[d]
        if left > 0:
            src = slice(size - left - max(right, 0), size - max(right, 0))
            out[key(d, slice(0, left))] = out[key(d, src)]
        if right > 0:
            src = slice(max(left, 0), max(left, 0) + right)
            out[key(d, slice(size - right, size))] = out[key(d, src)]
    return out


def conv_padding(m: Any) -> list[int]:
    """A convolution layer's padding as ``F.pad`` takes it, last dim first (PyTorch's
    ``_reversed_padding_repeated_twice``), for a ``padding_mode`` other than zeros."""
    k = len(m.kernel_size)
    if m.padding == "valid":
        return [0, 0] * k
    if m.padding == "same":
        out = []
        for d, size in zip(reversed(m.dilation), reversed(m.kernel_size)):
            total = d * (size - 1)  # the extra one of an even kernel on the far side
            out += [total // 2, total - total // 2]
        return out
    return [p for p in reversed(m.padding) for _ in (0, 1)]


def _ntuple(p: Any, n: int) -> tuple[Any, ...]:
    return tuple(p) if isinstance(p, (tuple, list)) else (p,) * n


class _ReflectionPadNd(Module):
    """What every ``ReflectionPad*d`` is: ``F.pad(x, padding, "reflect")``."""

    mode = "reflect"
    _dims = 1

    def __init__(self, padding: Any) -> None:
        Module.__init__(self)  # not super(): the other two kinds share this method
        self.padding = _ntuple(padding, 2 * self._dims)

    def forward(self, input: Tensor) -> Tensor:
        return pad_mode(input, self.padding, self.mode, None)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _ReplicationPadNd(Module):
    """What every ``ReplicationPad*d`` is: ``F.pad(x, padding, "replicate")``."""

    mode = "replicate"
    _dims = 1
    __init__ = _ReflectionPadNd.__init__
    forward = _ReflectionPadNd.forward
    extra_repr = _ReflectionPadNd.extra_repr


class _CircularPadNd(Module):
    """What every ``CircularPad*d`` is: ``F.pad(x, padding, "circular")``, the input's dims
    checked first."""

    mode = "circular"
    _dims = 1
    __init__ = _ReflectionPadNd.__init__
    extra_repr = _ReflectionPadNd.extra_repr

    def forward(self, input: Tensor) -> Tensor:
        d, n = input.dim(), self._dims
        if d not in (n + 1, n + 2):
            raise ValueError(f"expected {n + 1}D or {n + 2}D input (got {d}D input)")
        return pad_mode(input, self.padding, self.mode, None)


class ReflectionPad1d(_ReflectionPadNd):
    """Pads the last dim with its reflection (the edge element not repeated)."""


class ReflectionPad2d(_ReflectionPadNd):
    """Pads the last two dims with their reflection: ``(left, right, top, bottom)``."""

    _dims = 2


class ReflectionPad3d(_ReflectionPadNd):
    """Pads the last three dims with their reflection."""

    _dims = 3


class ReplicationPad1d(_ReplicationPadNd):
    """Pads the last dim with copies of its edge elements."""


class ReplicationPad2d(_ReplicationPadNd):
    """Pads the last two dims with copies of their edge elements."""

    _dims = 2


class ReplicationPad3d(_ReplicationPadNd):
    """Pads the last three dims with copies of their edge elements."""

    _dims = 3


class CircularPad1d(_CircularPadNd):
    """Pads the last dim with the elements of its other end (the input wrapped around)."""


class CircularPad2d(_CircularPadNd):
    """Pads the last two dims circularly: ``(left, right, top, bottom)``."""

    _dims = 2


class CircularPad3d(_CircularPadNd):
    """Pads the last three dims circularly."""

    _dims = 3
