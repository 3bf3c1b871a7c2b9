"""Layers that make a signal larger: the transposed convolutions (``conv_transpose1d``/``2d``,
``ConvTranspose1d``/``2d``: each input element spreads its kernel-weighted copies over the
output) and ``F.interpolate``/``nn.Upsample`` (nearest, linear and bilinear, with PyTorch's
rule for where each output element reads the input).

>>> import tinygrad_edu as torch
>>> torch.nn.functional.interpolate(torch.tensor([[[1.0, 2.0]]]), scale_factor=2)
tensor([[[1., 1., 2., 2.]]])
"""

from __future__ import annotations

import math
import warnings
from itertools import product
from typing import Any

from .._tensor.dtype import Size, get_default_dtype
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu import random as draws
from ..core.engine import Value, vdot
from .conv import ntuple, rounded_values, window_taps
from .functional_ops import fused
from .module import Module
from .parameter import Parameter

__all__ = ["ConvTranspose1d", "ConvTranspose2d", "Upsample", "conv_transpose1d"]
__all__ += ["UpsamplingBilinear2d", "UpsamplingNearest2d", "conv_transpose2d", "interpolate"]
__all__ += ["upsample", "upsample_bilinear", "upsample_nearest"]
__all__ += ["ConvTranspose3d", "conv_transpose3d", "conv_transpose_nd"]

CONV = node_class("ConvolutionBackward0", -1, {}, "find")


def _pair(v: Any) -> tuple[int, int]:
    return (int(v), int(v)) if isinstance(v, int) else (int(v[0]), int(v[1]))


def conv_transpose_nd(
    input: Tensor, weight: Tensor, bias: Tensor | None, stride: Any, padding: Any,
    output_padding: Any, groups: int, dilation: Any, nd: int,
) -> Tensor:  # fmt: skip
    """The gradient of an ``nd``-d convolution as an op: the input element at ``i`` adds
    ``x * weight[u]`` into output ``i*stride - padding + u*dilation`` (per dim)."""
    unbatched = input.dim() == nd + 1
    x = input.unsqueeze(0) if unbatched else input
    if x.dim() != nd + 2:
        raise RuntimeError(
            f"Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to "
            f"conv_transpose{nd}d, but got input of size: {list(input.shape)}"
        )
    n, c, *sizes = x.shape
    cin, cog, *ks = weight.shape
    if c != cin:
        raise RuntimeError(
            f"Given transposed=1, weight of size {list(weight.shape)}, expected input"
            f"{list(x.shape)} to have {cin} channels, but got {c} channels instead"
        )
    st, pd = ntuple(stride, nd), ntuple(padding, nd)
    op, dil = ntuple(output_padding, nd), ntuple(dilation, nd)
    outs = [(h - 1) * s - 2 * p + d * (k - 1) + o + 1
            for h, s, p, d, k, o in zip(sizes, st, pd, dil, ks, op)]  # fmt: skip
    cg = cin // groups
    cout = cog * groups
    area, oarea, karea = math.prod(sizes), math.prod(outs), math.prod(ks)
    xs, ws = x.elements(), weight.elements()
    bs = bias.elements() if bias is not None else None
    # where each input position's kernel taps land in the output (a window walk over the
    # output: the same rule as a convolution's, read the other way)
    spread = [window_taps(at, outs, ks, st, pd, dil) for at in product(*map(range, sizes))]
    # each output element's (weight, input) pairs, gathered in the input's order
    pairs: list[list[tuple[Any, Any]]] = [[] for _ in range(n * cout * oarea)]
    for b in range(n):
        for ci in range(cin):
            g = ci // cg
            for pos, taps in enumerate(spread):
                xv = xs[(b * c + ci) * area + pos]
                for co in range(cog):
                    wb, ob = (ci * cog + co) * karea, (b * cout + g * cog + co) * oarea
                    for wo, oo in taps:
                        pairs[ob + oo].append((ws[wb + wo], xv))
    vals = []
    zero = Value(0.0, requires_grad=False)
    for idx, got in enumerate(pairs):
        k = (idx // oarea) % cout
        wv = [p[0] for p in got] or [ws[0]]
        xv = [p[1] for p in got] or [zero]  # no input reaches it: 0 * a weight, on the graph
        out = vdot(wv, xv)
        vals.append(out + bs[k] if bs is not None else out)
    inputs = (x, weight) if bias is None else (x, weight, bias)
    r = result(rounded_values(vals, x.dtype), (n, cout, *outs), x.dtype, CONV, inputs)
    return r.squeeze(0) if unbatched else r


def conv_transpose2d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1,
) -> Tensor:  # fmt: skip
    """The gradient of a convolution as an op: input element ``(i, j)`` adds
    ``x * weight[u, v]`` into output ``(i*stride - padding + u*dilation, ...)``."""
    return conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups,
                             dilation, 2)  # fmt: skip


def conv_transpose3d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1,
) -> Tensor:  # fmt: skip
    """The 3-d transposed convolution: input element ``(t, i, j)`` adds its kernel-weighted
    copies into the output at ``(t, i, j)*stride - padding + (u, v, w)*dilation``."""
    return conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups,
                             dilation, 3)  # fmt: skip


def conv_transpose1d(
    input: Tensor, weight: Tensor, bias: Tensor | None = None, stride: Any = 1,
    padding: Any = 0, output_padding: Any = 0, groups: int = 1, dilation: Any = 1,
) -> Tensor:  # fmt: skip
    """``conv_transpose2d`` over a height of 1."""
    one = lambda v: int(v) if isinstance(v, int) else int(v[0])
    unbatched = input.dim() == 2
    x = input.unsqueeze(0) if unbatched else input
    r = conv_transpose2d(x.unsqueeze(2), weight.unsqueeze(2), bias, (1, one(stride)),
                         (0, one(padding)), (0, one(output_padding)), groups,
                         (1, one(dilation))).squeeze(2)  # fmt: skip
    inputs = (x, weight) if bias is None else (x, weight, bias)
    r = fused("ConvolutionBackward0", r, inputs)
    return r.squeeze(0) if unbatched else r


class _ConvTranspose(Module):
    """A transposed convolution, initialised as PyTorch's: the weight (in, out/groups, *k)
    kaiming-uniform with a = sqrt(5) over its fan-in (out/groups * kernel), the bias uniform in
    ±1/sqrt(fan_in)."""

    _dims = 2

    def __init__(
        self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1,
        padding: Any = 0, output_padding: Any = 0, groups: int = 1, bias: bool = True,
        dilation: Any = 1, padding_mode: str = "zeros", device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        t = self._tuple
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        self.kernel_size, self.stride, self.padding = t(kernel_size), t(stride), t(padding)
        self.output_padding, self.dilation = t(output_padding), t(dilation)
        self.padding_mode, self.transposed = padding_mode, True
        dt = dtype or get_default_dtype()
        shape = (in_channels, out_channels // groups, *self.kernel_size)
        fan_in = out_channels // groups * math.prod(self.kernel_size)
        wb, bb = draws.linear_init_bounds(fan_in)
        name = "float64" if dt.name == "float64" else "float32"
        self.weight = Parameter(tensor(nest(draws.uniform(None, math.prod(shape), -wb, wb, name),
                                            shape), dtype=dt))  # fmt: skip
        if bias:
            self.bias = Parameter(tensor(draws.uniform(None, out_channels, -bb, bb, name),
                                         dtype=dt))  # fmt: skip
        else:
            self.register_parameter("bias", None)

    def _tuple(self, v: Any) -> tuple[int, ...]:
        return (int(v),) * self._dims if isinstance(v, int) else tuple(int(a) for a in v)

    def forward(self, input: Tensor, output_size: Any = None) -> Tensor:
        return conv_transpose_nd(input, self.weight, self.bias, self.stride, self.padding,
                                 self._output_padding(input, output_size), self.groups,
                                 self.dilation, self._dims)  # fmt: skip

    def _output_padding(self, input: Tensor, output_size: Any) -> tuple[int, ...]:
        """PyTorch's ``_ConvTransposeNd._output_padding``: the output padding that makes the
        asked ``output_size`` (within a stride of the smallest), or the layer's own."""
        if output_size is None:
            return self.output_padding
        n = self._dims
        lead = 2 if input.dim() == n + 2 else 1
        size = list(output_size)
        if len(size) == lead + n:
            size = size[lead:]
        if len(size) != n:
            raise ValueError(
                f"ConvTranspose{n}D: for {input.dim()}D input, output_size must have {n} "
                f"or {lead + n} elements (got {len(size)})"
            )
        lows = [(input.shape[d + lead] - 1) * self.stride[d] - 2 * self.padding[d]
                + self.dilation[d] * (self.kernel_size[d] - 1) + 1 for d in range(n)]  # fmt: skip
        highs = [lo + s - 1 for lo, s in zip(lows, self.stride)]
        for want, lo, hi in zip(size, lows, highs):
            if want < lo or want > hi:
                raise ValueError(
                    f"requested an output size of {size}, but valid sizes range from {lows} to "
                    f"{highs} (for an input of {Size(input.shape[2:])})"
                )
        return tuple(int(want) - lo for want, lo in zip(size, lows))

    def extra_repr(self) -> str:
        zero, one = (0,) * self._dims, (1,) * self._dims
        s = f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}"
        s += f", stride={self.stride}"
        if self.padding != zero:
            s += f", padding={self.padding}"
        if self.dilation != one:
            s += f", dilation={self.dilation}"
        if self.output_padding != zero:
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        return s


class ConvTranspose2d(_ConvTranspose):
    """``conv_transpose2d`` as a layer (the upsampling half of an autoencoder or a GAN)."""


class ConvTranspose3d(_ConvTranspose):
    """``conv_transpose3d`` as a layer (the upsampling half of a volumetric network)."""

    _dims = 3


class ConvTranspose1d(_ConvTranspose):
    """``conv_transpose1d`` as a layer."""

    _dims = 1

    def forward(self, input: Tensor, output_size: Any = None) -> Tensor:
        return conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding,
                                self._output_padding(input, output_size), self.groups,
                                self.dilation)  # fmt: skip


# -- interpolation ---------------------------------------------------------------------------


def _source(dst: int, n_in: int, n_out: int, scale: float | None, align: bool,
            linear: bool) -> float:  # fmt: skip
    """Where output index ``dst`` reads the input (ATen's area_pixel_compute_source_index)."""
    if align:
        return dst * (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
    s = 1.0 / scale if scale else n_in / n_out
    if not linear:
        return min(math.floor(dst * s), n_in - 1)
    return max((dst + 0.5) * s - 0.5, 0.0)


def _taps(n_in: int, n_out: int, scale: float | None, align: bool,
          linear: bool) -> list[list[tuple[int, float]]]:  # fmt: skip
    """For each output index: the input indices it reads and their weights."""
    out = []
    for d in range(n_out):
        src = _source(d, n_in, n_out, scale, align, linear)
        if not linear:
            out.append([(int(src), 1.0)])
            continue
        i0 = min(int(src), n_in - 1)
        i1 = i0 + (1 if i0 < n_in - 1 else 0)
        lam = src - i0
        out.append([(i0, 1.0 - lam), (i1, lam)])
    return out


def interpolate(
    input: Tensor, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
    align_corners: bool | None = None, recompute_scale_factor: bool | None = None,
    antialias: bool = False,
) -> Tensor:  # fmt: skip
    """Resize the last one or two dims: ``nearest`` (each output the input element it falls
    on), ``linear`` (1-d) or ``bilinear`` (2-d, the two or four neighbours weighted by
    distance); ``align_corners`` maps the corner elements onto each other."""
    spatial = input.dim() - 2
    modes = {"nearest": (1, 2), "linear": (1,), "bilinear": (2,)}
    if mode not in modes or spatial not in modes[mode] or antialias:
        raise NotImplementedError(
            f"interpolate: mode={mode!r} of a {input.dim()}-D input is not built here "
            "(nearest 3-D/4-D, linear 3-D, bilinear 4-D are)"
        )
    linear = mode != "nearest"
    if align_corners is not None and not linear:
        raise ValueError(
            "align_corners option can only be set with the interpolating modes: linear | "
            "bilinear | bicubic | trilinear"
        )
    align = bool(align_corners)
    ins = list(input.shape[2:])
    if (size is None) == (scale_factor is None):
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        outs = [int(size)] * spatial if isinstance(size, int) else [int(s) for s in size]
        scales: list[float | None] = [None] * spatial
    else:
        fs = [float(scale_factor)] * spatial if not isinstance(scale_factor, (list, tuple)) \
            else [float(s) for s in scale_factor]  # fmt: skip
        outs = [math.floor(n * f) for n, f in zip(ins, fs)]
        scales = [None if recompute_scale_factor else f for f in fs]
    taps = [_taps(n, m, s, align, linear) for n, m, s in zip(ins, outs, scales)]
    xs = input.elements()
    planes = input.shape[0] * input.shape[1]
    vals = []
    if spatial == 1:
        (n,), (m,) = ins, outs
        for p in range(planes):
            for d in range(m):
                vals.append(_mix([(xs[p * n + i], wt) for i, wt in taps[0][d]], linear))
    else:
        (h, w), (oh, ow) = ins, outs
        for p in range(planes):
            for r in range(oh):
                for c in range(ow):
                    got = [(xs[(p * h + i) * w + j], wi * wj)
                           for i, wi in taps[0][r] for j, wj in taps[1][c]]  # fmt: skip
                    vals.append(_mix(got, linear))
    name = {"nearest": f"UpsampleNearest{spatial}DBackward0", "linear": "UpsampleLinear1DBackward0",
            "bilinear": "UpsampleBilinear2DBackward0"}[mode]  # fmt: skip
    shape = (*input.shape[:2], *outs)
    return result(rounded_values(vals, input.dtype), shape, input.dtype,
                  node_class(name, 1, {}, "find"), (input,))  # fmt: skip


def _mix(got: list[tuple[Any, float]], linear: bool) -> Any:
    if not linear:
        return got[0][0] * 1  # a copy of the element (its own Value: writes stay apart)
    return vdot([Value(wt, requires_grad=False) for _, wt in got], [v for v, _ in got])


class Upsample(Module):
    """``interpolate`` as a layer, to ``size`` or by ``scale_factor``."""

    def __init__(self, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                 align_corners: bool | None = None,
                 recompute_scale_factor: bool | None = None) -> None:  # fmt: skip
        super().__init__()
        self.name = type(self).__name__
        self.size, self.mode, self.align_corners = size, mode, align_corners
        if isinstance(scale_factor, (list, tuple)):
            self.scale_factor: Any = tuple(float(f) for f in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input: Tensor) -> Tensor:
        return interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                           self.recompute_scale_factor)  # fmt: skip

    def extra_repr(self) -> str:
        info = (f"scale_factor={self.scale_factor!r}" if self.scale_factor is not None
                else f"size={self.size!r}")  # fmt: skip
        return f"{info}, mode={self.mode!r}"


class UpsamplingNearest2d(Upsample):
    """``Upsample(mode="nearest")`` (deprecated in PyTorch, still met in tutorials)."""

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """``Upsample(mode="bilinear", align_corners=True)`` (deprecated in PyTorch)."""

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


def _deprecated(name: str) -> None:
    warnings.warn(
        f"`nn.functional.{name}` is deprecated. Use `nn.functional.interpolate` instead.",
        stacklevel=3,
    )


def upsample(input: Tensor, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
             align_corners: bool | None = None) -> Tensor:  # fmt: skip
    """``interpolate``, under its old name (with PyTorch's warning)."""
    _deprecated("upsample")
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:
    """``interpolate(mode="nearest")``, under its old name (with PyTorch's warning)."""
    _deprecated("upsample_nearest")
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: Tensor, size: Any = None, scale_factor: Any = None) -> Tensor:
    """``interpolate(mode="bilinear", align_corners=True)``, under its old name."""
    _deprecated("upsample_bilinear")
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)
