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
MAX_POOL = node_class("MaxPool2DWithIndicesBackward0", 1, {"_saved_self": 0}, "find")
AVG_POOL = node_class("AvgPool2DBackward0", 1, {"_saved_self": 0}, "find")
ADAPTIVE = node_class("AdaptiveAvgPool2DBackward0", 1, {"_saved_self": 0}, "find")


def _pair(v: Any) -> tuple[int, int]:
    return (int(v), int(v)) if isinstance(v, int) else (int(v[0]), int(v[1]))


def _batched(input: Tensor, what: str) -> tuple[Tensor, bool]:
    if input.dim() not in (3, 4):
        raise RuntimeError(
            f"Expected 3D (unbatched) or 4D (batched) input to {what}, but got input of size: "
            f"{list(input.shape)}"
        )
    return (input.unsqueeze(0), True) if input.dim() == 3 else (input, False)


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


def conv2d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, dilation: Any = 1, groups: int = 1,
) -> Tensor:  # fmt: skip
    """Each output element: the kernel's weights dotted with the input patch under it, + bias."""
    x, unbatched = _batched(input, "conv2d")
    n, c, h, w = x.shape
    o, cg, kh, kw = weight.shape
    if c != cg * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {list(weight.shape)}, expected "
            f"input{list(x.shape)} to have {cg * groups} channels, but got {c} channels instead"
        )
    (sh, sw), (dh, dw) = _pair(stride), _pair(dilation)
    if padding == "valid":
        (top, bottom), (left, right) = (0, 0), (0, 0)
    elif padding == "same":
        (top, bottom), (left, right) = _same_padding(kh, dh), _same_padding(kw, dw)
    else:
        (top, left) = _pair(padding)
        bottom, right = top, left
    hp, wp = h + top + bottom, w + left + right
    ekh, ekw = dh * (kh - 1) + 1, dw * (kw - 1) + 1
    if hp < ekh or wp < ekw:
        raise RuntimeError(
            f"Calculated padded input size per channel: ({hp} x {wp}). Kernel size: ({ekh} x "
            f"{ekw}). Kernel size can't be greater than actual input size"
        )
    oh, ow = (hp - ekh) // sh + 1, (wp - ekw) // sw + 1
    xs, ws = x.elements(), weight.elements()
    bs = bias.elements() if bias is not None else None
    per_group = o // groups
    vals = []
    for b in range(n):
        for k in range(o):
            g = k // per_group
            for i in range(oh):
                for j in range(ow):
                    wv, xv = [], []
                    for ci in range(cg):
                        plane = (b * c + g * cg + ci) * h
                        for u in range(kh):
                            r = i * sh - top + u * dh
                            if not 0 <= r < h:
                                continue  # the zero padding adds nothing
                            for v in range(kw):
                                col = j * sw - left + v * dw
                                if 0 <= col < w:
                                    wv.append(ws[((k * cg + ci) * kh + u) * kw + v])
                                    xv.append(xs[(plane + r) * w + col])
                    if not wv:  # a window all in the padding: 0 * a weight, as PyTorch
                        # multiplies the padding's zeros (0 on the graph, nan for an inf weight)
                        wv, xv = [ws[k * cg * kh * kw]], [Value(0.0, requires_grad=False)]
                    out = vdot(wv, xv)
                    vals.append(out + bs[k] if bs is not None else out)
    inputs = (x, weight) if bias is None else (x, weight, bias)
    saved = {
        "_saved_stride": (sh, sw), "_saved_padding": (top, left), "_saved_dilation": (dh, dw),
        "_saved_groups": groups, "_saved_transposed": False, "_saved_output_padding": (0, 0),
        "_saved_input": x, "_saved_weight": weight,
    }  # fmt: skip
    r = result(_rounded(vals, x.dtype), (n, o, oh, ow), x.dtype, CONV, inputs, **saved)
    return r.squeeze(0) if unbatched else r


def _pool_size(size: int, k: int, s: int, p: int, d: int, ceil_mode: bool) -> int:
    span = size + 2 * p - d * (k - 1) - 1
    out = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= size + p:  # the last window must start inside
        out -= 1
    return out


def _windows(x: Tensor, kernel: Any, stride: Any, padding: Any, dilation: Any,
             ceil_mode: bool) -> tuple[Any, ...]:  # fmt: skip
    (kh, kw) = _pair(kernel)
    (sh, sw) = _pair(stride) if stride not in (None, ()) else (kh, kw)
    (ph, pw), (dh, dw) = _pair(padding), _pair(dilation)
    if 0 in (sh, sw):
        raise RuntimeError("stride should not be zero")
    if ph > (dh * (kh - 1) + 1) // 2 or pw > (dw * (kw - 1) + 1) // 2:
        raise RuntimeError(
            f"pad should be at most half of effective kernel size, but got pad={ph}, "
            f"kernel_size={kh} and dilation={dh}"
        )
    _, c, h, w = x.shape
    oh, ow = _pool_size(h, kh, sh, ph, dh, ceil_mode), _pool_size(w, kw, sw, pw, dw, ceil_mode)
    if oh < 1 or ow < 1:
        raise RuntimeError(
            f"Given input size: ({c}x{h}x{w}). Calculated output size: ({c}x{oh}x{ow}). "
            "Output size is too small"
        )
    return (kh, kw), (sh, sw), (ph, pw), (dh, dw), (oh, ow)


def max_pool2d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
    ceil_mode: bool = False, return_indices: bool = False,
) -> Any:  # fmt: skip
    """Each output element: a copy of the largest element of its window (the first of equal
    ones; a nan wins), so the gradient goes to that one place."""
    x, unbatched = _batched(input, "max_pool2d")
    (kh, kw), (sh, sw), (ph, pw), (dh, dw), (oh, ow) = _windows(
        x, kernel_size, stride, padding, dilation, ceil_mode
    )
    n, c, h, w = x.shape
    xs, vals, where = x.elements(), [], []
    for plane in range(n * c):
        for i in range(oh):
            for j in range(ow):
                best, at = -math.inf, -1
                for u in range(kh):
                    r = i * sh - ph + u * dh
                    for v in range(kw):
                        col = j * sw - pw + v * dw
                        if 0 <= r < h and 0 <= col < w:
                            d = xs[(plane * h + r) * w + col].data
                            if at < 0 or d > best or d != d:  # PyTorch's kernel's test
                                best, at = d, r * w + col
                vals.append(apply(COPIES["select"], (xs[plane * h * w + at],)))
                where.append(at)
    shape = (n, c, oh, ow)
    idx = tensor(nest(where, shape), dtype=int64)
    saved = {
        "_saved_kernel_size": (kh, kw), "_saved_stride": (sh, sw), "_saved_padding": (ph, pw),
        "_saved_dilation": (dh, dw), "_saved_ceil_mode": ceil_mode, "_saved_result1": idx,
    }  # fmt: skip
    out = result(vals, shape, x.dtype, MAX_POOL, (x,), **saved)
    if unbatched:
        out, idx = out.squeeze(0), idx.squeeze(0)
    return (out, idx) if return_indices else out


def avg_pool2d(
    input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
    ceil_mode: bool = False, count_include_pad: bool = True, divisor_override: int | None = None,
) -> Tensor:  # fmt: skip
    """Each output element: the mean of its window (its sum over PyTorch's divisor)."""
    x, unbatched = _batched(input, "avg_pool2d")
    (kh, kw), (sh, sw), (ph, pw), _, (oh, ow) = _windows(
        x, kernel_size, stride, padding, 1, ceil_mode
    )
    n, c, h, w = x.shape
    xs, vals = x.elements(), []
    for plane in range(n * c):
        for i in range(oh):
            for j in range(ow):
                r0, c0 = i * sh - ph, j * sw - pw
                r1, c1 = min(r0 + kh, h + ph), min(c0 + kw, w + pw)
                padded = (r1 - r0) * (c1 - c0)
                r0, c0, r1, c1 = max(r0, 0), max(c0, 0), min(r1, h), min(c1, w)
                inside = [xs[(plane * h + r) * w + q] for r in range(r0, r1) for q in range(c0, c1)]
                div = divisor_override or (padded if count_include_pad else len(inside))
                vals.append(vsum(inside) / div)
    saved = {
        "_saved_kernel_size": (kh, kw), "_saved_stride": (sh, sw), "_saved_padding": (ph, pw),
        "_saved_ceil_mode": ceil_mode, "_saved_count_include_pad": count_include_pad,
        "_saved_divisor_override": divisor_override,
    }  # fmt: skip
    out = result(_rounded(vals, x.dtype), (n, c, oh, ow), x.dtype, AVG_POOL, (x,), **saved)
    return out.squeeze(0) if unbatched else out


def adaptive_avg_pool2d(input: Tensor, output_size: Any) -> Tensor:
    """The mean of ``output_size`` windows that tile the input (PyTorch's start/end rule)."""
    x, unbatched = _batched(input, "adaptive_avg_pool2d")
    n, c, h, w = x.shape
    oh, ow = _pair(output_size)
    oh, ow = oh or h, ow or w
    xs, vals = x.elements(), []
    for plane in range(n * c):
        for i in range(oh):
            r0, r1 = (i * h) // oh, -(-((i + 1) * h) // oh)
            for j in range(ow):
                c0, c1 = (j * w) // ow, -(-((j + 1) * w) // ow)
                inside = [xs[(plane * h + r) * w + q] for r in range(r0, r1) for q in range(c0, c1)]
                vals.append(vsum(inside) / len(inside))
    out = result(_rounded(vals, x.dtype), (n, c, oh, ow), x.dtype, ADAPTIVE, (x,))
    return out.squeeze(0) if unbatched else out


ADAPTIVE_MAX = node_class("AdaptiveMaxPool2DBackward0", 1, {"_saved_self": 0}, "find")


def adaptive_max_pool2d(input: Tensor, output_size: Any, return_indices: bool = False) -> Any:
    """The largest element of each of ``output_size`` windows that tile the input (PyTorch's
    start/end rule; the first of equal ones, a nan wins), and where it is."""
    x, unbatched = _batched(input, "adaptive_max_pool2d")
    n, c, h, w = x.shape
    oh, ow = _pair(output_size) if not isinstance(output_size, int) else (output_size,) * 2
    oh, ow = oh or h, ow or w
    xs, vals, where = x.elements(), [], []
    for plane in range(n * c):
        for i in range(oh):
            r0, r1 = (i * h) // oh, -(-((i + 1) * h) // oh)
            for j in range(ow):
                c0, c1 = (j * w) // ow, -(-((j + 1) * w) // ow)
                best, at = -math.inf, -1
                for r in range(r0, r1):
                    for q in range(c0, c1):
                        d = xs[(plane * h + r) * w + q].data
                        if at < 0 or d > best or d != d:
                            best, at = d, r * w + q
                vals.append(apply(COPIES["select"], (xs[plane * h * w + at],)))
                where.append(at)
    shape = (n, c, oh, ow)
    idx = tensor(nest(where, shape), dtype=int64)
    out = result(vals, shape, x.dtype, ADAPTIVE_MAX, (x,), _saved_result1=idx)
    if unbatched:
        out, idx = out.squeeze(0), idx.squeeze(0)
    return (out, idx) if return_indices else out


class AdaptiveMaxPool2d(Module):
    """``adaptive_max_pool2d`` as a layer: any input size to ``output_size``."""

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def forward(self, input: Tensor) -> Any:
        return adaptive_max_pool2d(input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class Conv2d(Module):
    """A 2-d convolution, initialised as PyTorch's (kaiming-uniform with a = sqrt(5), the bias
    uniform in ±1/sqrt(fan_in), from the seeded generator)."""

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
        self.kernel_size, self.stride = _pair(kernel_size), _pair(stride)
        self.padding = padding if isinstance(padding, str) else _pair(padding)
        self.dilation, self.padding_mode = _pair(dilation), padding_mode
        self.transposed, self.output_padding = False, (0, 0)
        fan_in = in_channels // groups * self.kernel_size[0] * self.kernel_size[1]
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
            return conv2d(padded, self.weight, self.bias, self.stride, 0, self.dilation,
                          self.groups)  # fmt: skip
        return conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                      self.groups)  # fmt: skip

    def extra_repr(self) -> str:
        return conv_repr(self)


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


class AvgPool2d(Module):
    """``avg_pool2d`` as a layer."""

    def __init__(
        self, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
        count_include_pad: bool = True, divisor_override: int | None = None,
    ) -> None:  # fmt: skip
        super().__init__()
        self.kernel_size, self.stride = kernel_size, stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, input: Tensor) -> Tensor:
        return avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                          self.count_include_pad, self.divisor_override)  # fmt: skip

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2d(Module):
    """``adaptive_avg_pool2d`` as a layer: any input size to ``output_size``."""

    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool2d(input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"
