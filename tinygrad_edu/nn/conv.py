"""Convolution and pooling: ``conv2d``, ``max_pool2d``, ``avg_pool2d``, ``adaptive_avg_pool2d``
and their modules (``Conv2d``, ``MaxPool2d``, ``AvgPool2d``, ``AdaptiveAvgPool2d``).

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> conv = torch.nn.Conv2d(1, 2, 3)
>>> conv
Conv2d(1, 2, kernel_size=(3, 3), stride=(1, 1))
>>> conv(torch.ones(1, 1, 4, 4)).grad_fn.name()
'ConvolutionBackward0'

On scalar Values an output element is what the picture shows: one dot product of the kernel's
weights with the input's patch under it (plus the bias), a max-pooled element a copy of the
patch's largest element. Each op is one node, named as PyTorch names it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import product
from typing import Any

from .._tensor.dtype import float32, get_default_dtype, int64
from .._tensor.kernels import as_float32, float32_arithmetic
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu import random as draws
from ..core.engine import Value, apply, vdot, vsum
from ..core.ops import COPIES
from .module import Module
from .padding import conv_padding, pad_mode
from .parameter import Parameter

__all__ = ["AdaptiveMaxPool2d", "MaxPoolNd", "adaptive_max_pool2d", "conv_repr", "rounded_values"]
__all__ += ["AdaptiveAvgPoolNd", "AdaptiveMaxPoolNd", "AvgPoolNd", "ConvNd", "adaptive_avg_pool_nd"]
__all__ += ["adaptive_max_pool_nd", "adaptive_windows", "avg_pool_nd", "conv_nd", "max_pool_nd"]
__all__ += ["ntuple", "pool_input", "pool_windows", "window_taps"]
__all__ += [
    "AdaptiveAvgPool2d",
    "AvgPool2d",
    "Conv2d",
    "MaxPool2d",
    "adaptive_avg_pool2d",
    "avg_pool2d",
    "conv2d",
    "max_pool2d",
]

CONV = node_class("ConvolutionBackward0", -1, {}, "find")
# the pools' tensor nodes by their number of spatial dims, named as PyTorch names them
MAX_POOL = {
    n: node_class(f"MaxPool{n}DWithIndicesBackward0", 1, {"_saved_self": 0}, "find") for n in (2, 3)
}
AVG_POOL = {n: node_class(f"AvgPool{n}DBackward0", 1, {"_saved_self": 0}, "find") for n in (2, 3)}
ADAPTIVE = {
    n: node_class(f"AdaptiveAvgPool{n}DBackward0", 1, {"_saved_self": 0}, "find") for n in (2, 3)
}
ADAPTIVE_MAX = {
    n: node_class(f"AdaptiveMaxPool{n}DBackward0", 1, {"_saved_self": 0}, "find") for n in (2, 3)
}


def _pair(v: Any) -> tuple[int, int]:
    return (int(v), int(v)) if isinstance(v, int) else (int(v[0]), int(v[1]))


def ntuple(v: Any, n: int) -> tuple[int, ...]:
    """``v`` as ``n`` ints: an int repeated, or a sequence's first ``n`` (PyTorch's _ntuple)."""
    return (int(v),) * n if isinstance(v, int) else tuple(int(a) for a in v)[:n]


def _batched(input: Tensor, what: str, n: int = 2) -> tuple[Tensor, bool]:
    if input.dim() not in (n + 1, n + 2):
        raise RuntimeError(
            f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to {what}, but got input "
            f"of size: {list(input.shape)}"
        )
    return (input.unsqueeze(0), True) if input.dim() == n + 1 else (input, False)


def _rounded(vals: list[Value], dt: Any) -> list[Value]:
    if dt is float32 and float32_arithmetic():
        as_float32("conv", vals)
    return vals


def rounded_values(vals: list[Value], dt: Any) -> list[Value]:
    """The output Values of a fused op rounded to float32 when ``dt`` is float32 (in place)."""
    return _rounded(vals, dt)


def _same_padding(k: int, d: int) -> tuple[int, int]:
    total = d * (k - 1)  # PyTorch pads the extra one of an even kernel on the far side
    return total // 2, total - total // 2


def _strides(sizes: Sequence[int]) -> list[int]:
    """Row-major strides of ``sizes``: how far one step along each dim moves in a flat list."""
    out, step = [], 1
    for s in reversed(sizes):
        out.append(step)
        step *= s
    return out[::-1]


def window_taps(
    at: Sequence[int], sizes: Sequence[int], kernel: Sequence[int], stride: Sequence[int],
    lo: Sequence[int], dilation: Sequence[int],
) -> list[tuple[int, int]]:  # fmt: skip
    """The kernel taps of the window at output position ``at`` that fall inside an input of
    ``sizes`` (the padding skipped), in row-major kernel order: (kernel offset, input offset)
    pairs, both flat."""
    per_dim = []
    for o, size, k, s, p, d, ks, xs in zip(
        at, sizes, kernel, stride, lo, dilation, _strides(kernel), _strides(sizes)
    ):
        got = [(u * ks, r * xs) for u in range(k) if 0 <= (r := o * s - p + u * d) < size]
        per_dim.append(got)
    return [(sum(t[0] for t in combo), sum(t[1] for t in combo)) for combo in product(*per_dim)]


def conv_nd(
    input: Tensor, weight: Tensor, bias: Tensor | None, stride: Any, padding: Any,
    dilation: Any, groups: int, nd: int,
) -> Tensor:  # fmt: skip
    """An ``nd``-d convolution, PyTorch's ``convolution`` for any N: each output element the
    kernel's weights dotted with the input patch under it, + bias."""
    what = f"conv{nd}d"
    x, unbatched = _batched(input, what, nd)
    n, c, *sizes = x.shape
    o, cg, *ks = weight.shape
    if c != cg * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {list(weight.shape)}, expected "
            f"input{list(x.shape)} to have {cg * groups} channels, but got {c} channels instead"
        )
    st, dil = ntuple(stride, nd), ntuple(dilation, nd)
    if padding == "valid":
        pads = [(0, 0)] * nd
    elif padding == "same":
        pads = [_same_padding(k, d) for k, d in zip(ks, dil)]
    else:
        pads = [(p, p) for p in ntuple(padding, nd)]
    padded = [size + a + b for size, (a, b) in zip(sizes, pads)]
    eff = [d * (k - 1) + 1 for k, d in zip(ks, dil)]
    if any(p < e for p, e in zip(padded, eff)):
        raise RuntimeError(
            f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
            f"Kernel size: ({' x '.join(map(str, eff))}). Kernel size can't be greater than "
            "actual input size"
        )
    outs = [(p - e) // s + 1 for p, e, s in zip(padded, eff, st)]
    lo = [a for a, _ in pads]
    windows = [window_taps(at, sizes, ks, st, lo, dil) for at in product(*map(range, outs))]
    area, karea = math.prod(sizes), math.prod(ks)
    xs, ws = x.elements(), weight.elements()
    bs = bias.elements() if bias is not None else None
    per_group = o // groups
    vals = []
    zero = Value(0.0, requires_grad=False)
    for b in range(n):
        for k in range(o):
            g = k // per_group
            for taps in windows:
                wv, xv = [], []
                for ci in range(cg):
                    xb, wb = (b * c + g * cg + ci) * area, (k * cg + ci) * karea
                    for wo, xo in taps:
                        wv.append(ws[wb + wo])
                        xv.append(xs[xb + xo])
                if not wv:  # a window all in the padding: 0 * a weight, as PyTorch
                    # multiplies the padding's zeros (0 on the graph, nan for an inf weight)
                    wv, xv = [ws[k * cg * karea]], [zero]
                out = vdot(wv, xv)
                vals.append(out + bs[k] if bs is not None else out)
    inputs = (x, weight) if bias is None else (x, weight, bias)
    saved = {
        "_saved_stride": st, "_saved_padding": tuple(lo), "_saved_dilation": dil,
        "_saved_groups": groups, "_saved_transposed": False, "_saved_output_padding": (0,) * nd,
        "_saved_input": x, "_saved_weight": weight,
    }  # fmt: skip
    r = result(_rounded(vals, x.dtype), (n, o, *outs), x.dtype, CONV, inputs, **saved)
    return r.squeeze(0) if unbatched else r


def conv2d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, dilation: Any = 1, groups: int = 1,
) -> Tensor:  # fmt: skip
    """Each output element: the kernel's weights dotted with the input patch under it, + bias."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 2)


def _pool_size(size: int, k: int, s: int, p: int, d: int, ceil_mode: bool) -> int:
    span = size + 2 * p - d * (k - 1) - 1
    out = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= size + p:  # the last window must start inside
        out -= 1
    return out


def pool_input(input: Tensor, n: int) -> tuple[int, list[int]]:
    """An N-d pool's input checked as ATen checks it: the number of planes it pools (every
    leading dim) and its spatial sizes."""
    if input.dim() not in (n + 1, n + 2) or input.numel() == 0:
        raise RuntimeError(f"non-empty {n + 1}D or {n + 2}D (batch mode) tensor expected for input")
    sizes = list(input.shape[-n:])
    return math.prod(input.shape[:-n]), sizes


def pool_windows(
    x: Tensor, kernel: Any, stride: Any, padding: Any, dilation: Any, ceil_mode: bool, n: int,
) -> tuple[Any, ...]:  # fmt: skip
    """An N-d pool's kernel, stride, padding, dilation and output sizes, with ATen's checks."""
    ks = ntuple(kernel, n)
    st = ntuple(stride, n) if stride not in (None, ()) else ks
    pd, dil = ntuple(padding, n), ntuple(dilation, n)
    if 0 in st:
        raise RuntimeError("stride should not be zero")
    for p, k, d in zip(pd, ks, dil):
        if p > (d * (k - 1) + 1) // 2:
            raise RuntimeError(
                f"pad should be at most half of effective kernel size, but got pad={p}, "
                f"kernel_size={k} and dilation={d}"
            )
    c, sizes = x.shape[-n - 1], list(x.shape[-n:])
    outs = [_pool_size(*a, ceil_mode) for a in zip(sizes, ks, st, pd, dil)]
    if min(outs) < 1:
        raise RuntimeError(
            f"Given input size: ({'x'.join(map(str, [c, *sizes]))}). Calculated output size: "
            f"({'x'.join(map(str, [c, *outs]))}). Output size is too small"
        )
    return ks, st, pd, dil, outs


def _best(xs: list[Value], base: int, taps: Sequence[tuple[int, int]]) -> int:
    """The flat spatial index of a window's largest element (the first of equal ones, a nan
    wins: PyTorch's kernel's test)."""
    best, at = -math.inf, -1
    for _, xo in taps:
        d = xs[base + xo].data
        if at < 0 or d > best or d != d:
            best, at = d, xo
    return at


def max_pool_nd(
    input: Tensor, kernel_size: Any, stride: Any, padding: Any, dilation: Any,
    ceil_mode: bool, return_indices: bool, n: int,
) -> Any:  # fmt: skip
    """An N-d max pool: each output element a copy of the largest element of its window, so
    the gradient goes to that one place (``MaxPool{n}DWithIndicesBackward0``)."""
    planes, sizes = pool_input(input, n)
    ks, st, pd, dil, outs = pool_windows(input, kernel_size, stride, padding, dilation,
                                         ceil_mode, n)  # fmt: skip
    windows = [window_taps(at, sizes, ks, st, pd, dil) for at in product(*map(range, outs))]
    area = math.prod(sizes)
    xs, vals, where = input.elements(), [], []
    for plane in range(planes):
        for taps in windows:
            at = _best(xs, plane * area, taps)
            vals.append(apply(COPIES["select"], (xs[plane * area + at],)))
            where.append(at)
    shape = (*input.shape[:-n], *outs)
    idx = tensor(nest(where, shape), dtype=int64)
    saved = {
        "_saved_kernel_size": ks, "_saved_stride": st, "_saved_padding": pd,
        "_saved_dilation": dil, "_saved_ceil_mode": ceil_mode, "_saved_result1": idx,
    }  # fmt: skip
    out = result(vals, shape, input.dtype, MAX_POOL[n], (input,), **saved)
    return (out, idx) if return_indices else out


def max_pool2d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
    ceil_mode: bool = False, return_indices: bool = False,
) -> Any:  # fmt: skip
    """Each output element: a copy of the largest element of its window (the first of equal
    ones; a nan wins), so the gradient goes to that one place."""
    return max_pool_nd(input, kernel_size, stride, padding, dilation, ceil_mode,
                       return_indices, 2)  # fmt: skip


def avg_pool_nd(
    input: Tensor, kernel_size: Any, stride: Any, padding: Any, ceil_mode: bool,
    count_include_pad: bool, divisor_override: int | None, n: int,
) -> Tensor:  # fmt: skip
    """An N-d average pool: each output element the mean of its window (its sum over
    PyTorch's divisor)."""
    planes, sizes = pool_input(input, n)
    ks = ntuple(kernel_size, n)
    if n == 3 and any(s < k for s, k in zip(sizes, ks)):
        raise RuntimeError(
            f"input image (T: {sizes[0]} H: {sizes[1]} W: {sizes[2]}) smaller than kernel size "
            f"(kT: {ks[0]} kH: {ks[1]} kW: {ks[2]})"
        )
    ks, st, pd, _, outs = pool_windows(input, ks, stride, padding, 1, ceil_mode, n)
    area, steps = math.prod(sizes), _strides(sizes)
    xs, vals = input.elements(), []
    spans = []
    for at in product(*map(range, outs)):
        lo = [o * s - p for o, s, p in zip(at, st, pd)]
        hi = [min(a + k, size + p) for a, k, size, p in zip(lo, ks, sizes, pd)]
        whole = math.prod(b - a for a, b in zip(lo, hi))
        ranges = [range(max(a, 0), min(b, size)) for a, b, size in zip(lo, hi, sizes)]
        flat = [sum(i * s for i, s in zip(pos, steps)) for pos in product(*ranges)]
        spans.append((whole, flat))
    for plane in range(planes):
        for whole, flat in spans:
            inside = [xs[plane * area + f] for f in flat]
            div = divisor_override or (whole if count_include_pad else len(inside))
            vals.append(vsum(inside) / div)
    saved = {
        "_saved_kernel_size": ks, "_saved_stride": st, "_saved_padding": pd,
        "_saved_ceil_mode": ceil_mode, "_saved_count_include_pad": count_include_pad,
        "_saved_divisor_override": divisor_override,
    }  # fmt: skip
    shape = (*input.shape[:-n], *outs)
    return result(_rounded(vals, input.dtype), shape, input.dtype, AVG_POOL[n], (input,), **saved)


def avg_pool2d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
    ceil_mode: bool = False, count_include_pad: bool = True, divisor_override: int | None = None,
) -> Tensor:  # fmt: skip
    """Each output element: the mean of its window (its sum over PyTorch's divisor)."""
    return avg_pool_nd(input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                       divisor_override, 2)  # fmt: skip


def adaptive_windows(input: Tensor, output_size: Any, n: int, what: str) -> tuple[Any, ...]:
    """The planes, output sizes and flat windows (row-major spatial offsets) of an N-d
    adaptive pool: ``output_size`` windows that tile the input (PyTorch's start/end rule)."""
    if input.dim() not in (n + 1, n + 2):
        colon = ":" if what.startswith("adaptive_max") else ""
        raise RuntimeError(
            f"{what}(): Expected {n + 1}D or {n + 2}D tensor, but got{colon} {list(input.shape)}"
        )
    sizes = list(input.shape[-n:])
    asked = (output_size,) * n if isinstance(output_size, int) else tuple(output_size)
    outs = [int(a) if a is not None else s for a, s in zip(asked, sizes)]
    steps = _strides(sizes)
    windows = []
    for at in product(*map(range, outs)):
        ranges = [range((i * s) // o, -(-((i + 1) * s) // o)) for i, s, o in zip(at, sizes, outs)]
        windows.append([sum(i * t for i, t in zip(pos, steps)) for pos in product(*ranges)])
    return math.prod(input.shape[:-n]), outs, windows


def adaptive_avg_pool_nd(input: Tensor, output_size: Any, n: int) -> Tensor:
    """An N-d adaptive average pool (``AdaptiveAvgPool{n}DBackward0``)."""
    planes, outs, windows = adaptive_windows(input, output_size, n, f"adaptive_avg_pool{n}d")
    area = math.prod(input.shape[-n:])
    xs, vals = input.elements(), []
    for plane in range(planes):
        for flat in windows:
            inside = [xs[plane * area + f] for f in flat]
            vals.append(vsum(inside) / len(inside))
    shape = (*input.shape[:-n], *outs)
    return result(_rounded(vals, input.dtype), shape, input.dtype, ADAPTIVE[n], (input,))


def adaptive_avg_pool2d(input: Tensor, output_size: Any) -> Tensor:
    """The mean of ``output_size`` windows that tile the input (PyTorch's start/end rule)."""
    return adaptive_avg_pool_nd(input, output_size, 2)


def adaptive_max_pool_nd(input: Tensor, output_size: Any, return_indices: bool, n: int) -> Any:
    """An N-d adaptive max pool and where each maximum is (``AdaptiveMaxPool{n}DBackward0``)."""
    planes, outs, windows = adaptive_windows(input, output_size, n, f"adaptive_max_pool{n}d")
    area = math.prod(input.shape[-n:])
    xs, vals, where = input.elements(), [], []
    for plane in range(planes):
        for flat in windows:
            at = _best(xs, plane * area, [(0, f) for f in flat])
            vals.append(apply(COPIES["select"], (xs[plane * area + at],)))
            where.append(at)
    shape = (*input.shape[:-n], *outs)
    idx = tensor(nest(where, shape), dtype=int64)
    out = result(vals, shape, input.dtype, ADAPTIVE_MAX[n], (input,), _saved_result1=idx)
    return (out, idx) if return_indices else out


def adaptive_max_pool2d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """The largest element of each of ``output_size`` windows that tile the input (PyTorch's
    start/end rule; the first of equal ones, a nan wins), and where it is."""
    return adaptive_max_pool_nd(input, output_size, return_indices, 2)


class ConvNd(Module):
    """What every ``Conv*d`` layer is (PyTorch's ``_ConvNd``): an ``n``-d convolution,
    initialised as PyTorch's (kaiming-uniform with a = sqrt(5), the bias uniform in
    ±1/sqrt(fan_in), from the seeded generator)."""

    n = 2

    def __init__(
        self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1,
        padding: Any = 0, dilation: Any = 1, groups: int = 1, bias: bool = True,
        padding_mode: str = "zeros", device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        # a set, printed as PyTorch prints its own (the order is the hash seed's)
        modes = {"zeros", "reflect", "replicate", "circular"}
        if padding_mode not in modes:
            raise ValueError(
                f"padding_mode must be one of {modes}, but got padding_mode='{padding_mode}'"
            )
        if isinstance(padding, str) and padding not in ("same", "valid"):
            raise ValueError(
                # a set, printed as PyTorch prints its own (the order is the hash seed's)
                f"Invalid padding string '{padding}', should be one of {set(('valid', 'same'))}"
            )
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        t = self.n
        self.kernel_size, self.stride = ntuple(kernel_size, t), ntuple(stride, t)
        self.padding = padding if isinstance(padding, str) else ntuple(padding, t)
        self.dilation, self.padding_mode = ntuple(dilation, t), padding_mode
        self.transposed, self.output_padding = False, (0,) * t
        fan_in = in_channels // groups * math.prod(self.kernel_size)
        dt = dtype or get_default_dtype()
        weights, biases = draws.linear_init(None, fan_in, out_channels, bias, dt.name)
        shape = (out_channels, in_channels // groups, *self.kernel_size)
        self.weight = Parameter(tensor(nest(weights, shape), dtype=dt))
        if bias:
            self.bias = Parameter(tensor(biases, dtype=dt))
        else:
            self.register_parameter("bias", None)

    def forward(self, input: Tensor) -> Tensor:
        if self.padding_mode != "zeros":  # the input padded first, as PyTorch's _ConvNd
            padded = pad_mode(input, conv_padding(self), self.padding_mode, None)
            return conv_nd(padded, self.weight, self.bias, self.stride, 0, self.dilation,
                           self.groups, self.n)  # fmt: skip
        return conv_nd(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                       self.groups, self.n)  # fmt: skip

    def extra_repr(self) -> str:
        return conv_repr(self)


class Conv2d(ConvNd):
    """A 2-d convolution (``conv2d`` as a layer)."""


def conv_repr(m: Any) -> str:
    """A convolution layer's ``extra_repr``, as PyTorch's ``_ConvNd`` writes it for any n."""
    s = f"{m.in_channels}, {m.out_channels}, kernel_size={m.kernel_size}"
    s += f", stride={m.stride}"
    if m.padding != (0,) * len(m.padding):
        s += f", padding={m.padding}"
    if m.dilation != (1,) * len(m.dilation):
        s += f", dilation={m.dilation}"
    if m.groups != 1:
        s += f", groups={m.groups}"
    if m.bias is None:
        s += ", bias=False"
    if m.padding_mode != "zeros":
        s += f", padding_mode={m.padding_mode}"
    return s


class MaxPoolNd(Module):
    """What every ``MaxPool*d`` layer is (PyTorch's ``_MaxPoolNd``): its ``pool`` function
    with the layer's options (``stride`` defaults to the kernel size)."""

    pool: Any

    def __init__(
        self, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
        return_indices: bool = False, ceil_mode: bool = False,
    ) -> None:  # fmt: skip
        super().__init__()
        self.kernel_size, self.stride = kernel_size, stride if stride is not None else kernel_size
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def forward(self, input: Tensor) -> Any:
        return type(self).pool(input, self.kernel_size, self.stride, self.padding,
                               self.dilation, self.ceil_mode, self.return_indices)  # fmt: skip

    def extra_repr(self) -> str:
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )


class MaxPool2d(MaxPoolNd):
    """``max_pool2d`` as a layer (``stride`` defaults to the kernel size)."""

    pool = staticmethod(max_pool2d)


class AvgPoolNd(Module):
    """What every ``AvgPool*d`` layer with a divisor is: its ``pool`` function with the
    layer's options (``stride`` defaults to the kernel size)."""

    pool: Any

    def __init__(
        self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
        count_include_pad: bool = True, divisor_override: int | None = None,
    ) -> None:  # fmt: skip
        super().__init__()
        self.kernel_size, self.stride = kernel_size, stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, input: Tensor) -> Tensor:
        return type(self).pool(input, self.kernel_size, self.stride, self.padding,
                               self.ceil_mode, self.count_include_pad,
                               self.divisor_override)  # fmt: skip

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool2d(AvgPoolNd):
    """``avg_pool2d`` as a layer."""

    pool = staticmethod(avg_pool2d)


class AdaptiveAvgPoolNd(Module):
    """What every ``AdaptiveAvgPool*d`` layer is: its ``pool`` function to ``output_size``."""

    pool: Any

    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, input: Tensor) -> Tensor:
        return type(self).pool(input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2d(AdaptiveAvgPoolNd):
    """``adaptive_avg_pool2d`` as a layer: any input size to ``output_size``."""

    pool = staticmethod(adaptive_avg_pool2d)


class AdaptiveMaxPoolNd(Module):
    """What every ``AdaptiveMaxPool*d`` layer is: its ``pool`` function to ``output_size``."""

    pool: Any

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def forward(self, input: Tensor) -> Any:
        return type(self).pool(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2d(AdaptiveMaxPoolNd):
    """``adaptive_max_pool2d`` as a layer: any input size to ``output_size``."""

    pool = staticmethod(adaptive_max_pool2d)
