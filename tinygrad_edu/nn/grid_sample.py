"""The spatial transformer's two ops: ``F.affine_grid`` (the sampling grid an affine matrix
makes: each output pixel's normalized ``(x, y, 1)`` times ``theta``) and ``F.grid_sample``
(each output pixel reads the input where the grid points: bilinear, nearest or bicubic, with
zeros, border or reflection padding), computed as ATen's CPU kernel computes them.

>>> import tinygrad_edu as torch
>>> theta = torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
>>> torch.nn.functional.affine_grid(theta, [1, 1, 1, 2], align_corners=False)
tensor([[[[-0.5000,  0.0000],
          [ 0.5000,  0.0000]]]])
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

from .._tensor.dtype import float64
from .._tensor.ops.factories import linspace
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu.float32_libm import f32, fma, fma32
from ..core.engine import Value, apply, in_float32_format
from ..core.ops import NARY
from .functional_ops import fused

__all__ = ["GRID_SAMPLE_INTERPOLATION_MODES", "GRID_SAMPLE_PADDING_MODES", "affine_grid"]
__all__ += ["affine_grid_generator", "grid_sample", "grid_sampler", "grid_sampler_2d"]
__all__ += ["grid_sampler_3d"]

GRID_SAMPLE_INTERPOLATION_MODES = {"bilinear": 0, "nearest": 1, "bicubic": 2}
GRID_SAMPLE_PADDING_MODES = {"zeros": 0, "border": 1, "reflection": 2}

_CHANGED = (
    "Default grid_sample and affine_grid behavior has changed to align_corners=False since "
    "1.3.0. Please specify align_corners=True if the old behavior is desired. See the "
    "documentation of grid_sample for details."
)
_A = -0.75  # the cubic convolution's constant (ATen's, as OpenCV's)


def _keep(x: float) -> float:
    return x


class _Axis:
    """Where one spatial axis of the input is read for a grid value, and its derivative
    (ATen's ComputeLocation for one size, padding mode and align_corners)."""

    def __init__(self, size: int, padding: int, align: bool, rd: Callable[[float], float]):
        self.size, self.padding, self.align, self.rd = size, padding, align, rd
        self.fm = fma if rd is _keep else fma32
        self.max_val = float(size - 1)
        self.scale = rd((size - 1) / 2) if align else rd(size / 2)
        self.low = 0.0 if align else -0.5
        self.twice_span = float(2 * (size - 1)) if align else float(2 * size)
        self.empty = size <= 1 if align else size <= 0

    def unnormalize(self, g: float) -> float:
        rd = self.rd
        if self.align:
            return rd(rd(g + 1.0) * self.scale)
        return self.fm(rd(g + 1.0), self.scale, -0.5)

    def clip(self, x: float) -> tuple[float, float]:
        """The coordinate clipped into the image, and 1.0 when it was strictly inside."""
        lo = 0.0 if x != x else max(x, 0.0)  # a NaN clips to 0, as ATen's operand order does
        res = min(lo, self.max_val)
        return res, 1.0 if lo != 0.0 and res != self.max_val else 0.0

    def reflect(self, x: float) -> tuple[float, float]:
        """The coordinate reflected by the borders, and the sign it comes back with."""
        rd = self.rd
        if self.align and self.empty:
            return 0.0, 0.0
        t = self.twice_span
        d = rd(x - self.low)
        a = abs(d)
        extra = self.fm(-float(math.trunc(rd(a / t))), t, a)
        other = rd(t - extra)
        flip = extra > other
        sign = -1.0 if flip != (d < 0) else 1.0
        got = other if flip else extra
        return (rd(got + self.low) if not self.align else got), sign

    def pad(self, x: float) -> tuple[float, float]:
        """``x`` after the padding mode, and d(result)/dx."""
        if self.padding == 0:
            return x, 1.0
        sign = 1.0
        if self.padding == 2:
            x, sign = self.reflect(x)
        x, inside = self.clip(x)
        return x, sign * inside

    def locate(self, g: float) -> tuple[float, float]:
        """The input coordinate of grid value ``g``, and its derivative by ``g``."""
        x, d = self.pad(self.unnormalize(g))
        return x, self.rd(d * self.scale)


def _fm(rd: Callable[[float], float]) -> Callable[[float, float, float], float]:
    return fma if rd is _keep else fma32


def _cubic(t: float, rd: Callable[[float], float]) -> list[float]:
    """The four cubic-convolution weights at fractional offset ``t``, rounded as PyTorch's
    build computes them (found by comparing: only the inner weights' final ``+ 1`` is fused
    into an FMA)."""
    a, fm = _A, _fm(rd)

    def outer(x: float) -> float:
        return rd(rd(rd(rd(rd(rd(a * x) - 5 * a) * x) + 8 * a) * x) - 4 * a)

    def inner(x: float) -> float:
        return fm(rd(rd(rd((a + 2) * x) - (a + 3)) * x), x, 1.0)

    return [outer(rd(t + 1.0)), inner(t), inner(rd(1.0 - t)), outer(rd(2.0 - t))]


def _cubic_slopes(t: float, rd: Callable[[float], float]) -> list[float]:
    """d weight / d t for the four weights (minus ATen's get_cubic_coefficients_grad)."""
    a, fm = _A, _fm(rd)
    x0, x1, x2, x3 = rd(-1.0 - t), -t, rd(1.0 - t), rd(2.0 - t)
    c0 = fm(fm(-3 * a, x0, -10 * a), x0, -8 * a)
    c1 = rd(fm(-3 * (a + 2), x1, -2 * (a + 3)) * x1)
    c2 = rd(fm(3 * (a + 2), x2, -2 * (a + 3)) * x2)
    c3 = fm(fm(3 * a, x3, -10 * a), x3, 8 * a)
    return [-c0, -c1, -c2, -c3]


def _fused_dot(ws: list[float], xs: list[float], rd: Callable[[float], float]) -> float:
    """``w0*x0 + w1*x1 + ...`` as the kernel's vector code: the first product rounded, each
    further one fused into the running sum."""
    fm = _fm(rd)
    acc = rd(ws[0] * xs[0])
    for w, x in zip(ws[1:], xs[1:]):
        acc = fm(w, x, acc)
    return acc


def _row_dot(ws: list[float], xs: list[float], rd: Callable[[float], float]) -> float:
    """The bicubic mode's four taps of one row, as PyTorch's build adds them (found by
    comparing): the first product fused onto the second, the last two added unfused."""
    acc = _fm(rd)(ws[0], xs[0], rd(ws[1] * xs[1]))
    return rd(rd(acc + rd(ws[2] * xs[2])) + rd(ws[3] * xs[3]))


def _num(v: Any) -> float:
    return v.data if isinstance(v, Value) else float(v)


def _lin(parts: list[tuple[Any, float]], value: float) -> Any:
    """A Value of number ``value`` whose derivative by each part's Value is its float: a
    kernel's own number, differentiated with the kernel's own local slopes."""
    ws = [d for _, d in parts]
    xs = [v for v, _ in parts]
    return apply(NARY["affine"], (*ws, *xs, 0.0), result=value)


def _dot(ws: list[Any], xs: list[Any], value: float) -> Any:
    return apply(NARY["dot"], (*ws, *xs), result=value)


def grid_sampler_2d(
    input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool
) -> Tensor:
    """``input`` (N, C, H, W) read at ``grid`` (N, Ho, Wo, 2) of normalized ``(x, y)``."""
    n, c, h, w = input.shape
    _, ho, wo, _ = grid.shape
    rd = _keep if input.dtype is float64 else f32
    ax, ay = _Axis(w, padding_mode, align_corners, rd), _Axis(h, padding_mode, align_corners, rd)
    xs, gs = input.elements(), grid.elements()
    out: list[Any] = [None] * (n * c * ho * wo)
    made: list[Any] = []
    sample = {0: _bilinear, 1: _nearest, 2: _bicubic}[interpolation_mode]
    for b in range(n):
        planes = [xs[(b * c + ch) * h * w : (b * c + ch + 1) * h * w] for ch in range(c)]
        for p in range(ho * wo):
            k = (b * ho * wo + p) * 2
            got = sample(ax, ay, gs[k], gs[k + 1], planes, made)
            for ch, v in enumerate(got):
                out[(b * c + ch) * ho * wo + p] = v
    if input.dtype is not float64:
        in_float32_format(made)
    node = node_class("GridSampler2DBackward0", -1, {"_saved_input": 0, "_saved_grid": 1}, "find")
    return result(out, (n, c, ho, wo), input.dtype, node, (input, grid),
                  _saved_align_corners=bool(align_corners),
                  _saved_interpolation_mode=int(interpolation_mode),
                  _saved_padding_mode=int(padding_mode))  # fmt: skip


def _nearest(ax: _Axis, ay: _Axis, gx: Any, gy: Any, planes: list[list[Any]],
             made: list[Any]) -> list[Any]:  # fmt: skip
    """One output point of the nearest mode: the element the point rounds to (half to even)."""
    x, y = ax.locate(gx.data)[0], ay.locate(gy.data)[0]
    j, i = round(x) if x == x else 0, round(y) if y == y else 0
    inside = 0 <= j < ax.size and 0 <= i < ay.size
    got = []
    for plane in planes:
        v = plane[i * ax.size + j] if inside else 0.0
        # the grid on the graph with slope 0: its grad is zeros, as ATen's
        got.append(_dot([v, gx, gy], [1.0, 0.0, 0.0], _num(v)))
    return got


def _bilinear(ax: _Axis, ay: _Axis, gx: Any, gy: Any, planes: list[list[Any]],
              made: list[Any]) -> list[Any]:  # fmt: skip
    """One output point of the bilinear mode: its four neighbours, each weighted by the
    area of the rectangle the point makes with the opposite neighbour."""
    rd = ax.rd
    x, dx = ax.locate(gx.data)
    y, dy = ay.locate(gy.data)
    px, py = _lin([(gx, dx)], x), _lin([(gy, dy)], y)
    x0, y0 = math.floor(x), math.floor(y)
    fw, fn = rd(x - x0), rd(y - y0)
    west, north = _lin([(px, 1.0)], fw), _lin([(py, 1.0)], fn)
    east, south = _lin([(west, -1.0)], rd(1.0 - fw)), _lin([(north, -1.0)], rd(1.0 - fn))
    corners = [(y0, x0, south, east), (y0, x0 + 1, south, west), (y0 + 1, x0, north, east),
               (y0 + 1, x0 + 1, north, west)]  # fmt: skip
    weights = [_lin([(u, v.data), (v, u.data)], rd(u.data * v.data)) for _, _, u, v in corners]
    made += [px, py, west, north, east, south, *weights]
    h, w = ay.size, ax.size
    got = []
    for plane in planes:
        vals = [plane[i * w + j] if 0 <= i < h and 0 <= j < w else 0.0 for i, j, _, _ in corners]
        got.append(_dot(weights, vals, _fused_dot([_num(v) for v in vals],
                                                  [_num(v) for v in weights], rd)))  # fmt: skip
    return got


def _bicubic(ax: _Axis, ay: _Axis, gx: Any, gy: Any, planes: list[list[Any]],
             made: list[Any]) -> list[Any]:  # fmt: skip
    """One output point of the bicubic mode: 4x4 taps around the unclipped location, each
    tap's position padded on its own."""
    rd = ax.rd
    x, y = ax.unnormalize(gx.data), ay.unnormalize(gy.data)
    px, py = _lin([(gx, ax.scale)], x), _lin([(gy, ay.scale)], y)
    fx, fy = math.floor(x), math.floor(y)
    tx, ty = rd(x - fx), rd(y - fy)
    vx, vy = _lin([(px, 1.0)], tx), _lin([(py, 1.0)], ty)
    cx = [_lin([(vx, s)], v) for v, s in zip(_cubic(tx, rd), _cubic_slopes(tx, rd))]
    cy = [_lin([(vy, s)], v) for v, s in zip(_cubic(ty, rd), _cubic_slopes(ty, rd))]
    made += [px, py, vx, vy, *cx, *cy]

    def index(axis: _Axis, k: float) -> int | None:
        q = axis.pad(k)[0]
        i = int(q) if q == q else 0
        return i if 0 <= i < axis.size else None

    cols = [index(ax, float(fx + k)) for k in range(-1, 3)]
    rows = [index(ay, float(fy + k)) for k in range(-1, 3)]
    got = []
    for plane in planes:
        lines = []
        for i in rows:
            taps = [plane[i * ax.size + j] if i is not None and j is not None else 0.0
                    for j in cols]  # fmt: skip
            acc = _row_dot([_num(v) for v in cx], [_num(v) for v in taps], rd)
            lines.append(_dot(cx, taps, acc))
        acc = _fused_dot([_num(v) for v in cy], [_num(v) for v in lines], rd)
        made.extend(lines)
        got.append(_dot(cy, lines, acc))
    return got


# -- the 3-d sampler: GridSampler.cpp's scalar loop (built without FMA: each op rounded) -----


def _source_index(g: float, size: int, padding: int, align: bool,
                  rd: Callable[[float], float]) -> tuple[float, float]:  # fmt: skip
    """GridSampler.h's grid_sampler_compute_source_index and its slope by ``g``."""
    if align:
        x, slope = rd(rd(rd(g + 1.0) / 2.0) * float(size - 1)), (size - 1) / 2
    else:
        x, slope = rd(rd(rd(rd(g + 1.0) * float(size)) - 1.0) / 2.0), size / 2
    if padding == 2:
        lo2, hi2 = (0, 2 * (size - 1)) if align else (-1, 2 * size - 1)
        if lo2 == hi2:
            return 0.0, 0.0
        low, span = rd(lo2 / 2), rd((hi2 - lo2) / 2)
        sign = -1.0 if x < low else 1.0
        a = abs(rd(x - low))
        extra = math.fmod(a, span)
        flips = math.floor(rd(a / span))
        x = rd(extra + low) if flips % 2 == 0 else rd(rd(span - extra) + low)
        slope *= sign if flips % 2 == 0 else -sign
    if padding in (1, 2):
        inside = 0.0 < x < size - 1
        x = min(float(size - 1), max(x, 0.0)) if x == x else float(size - 1)
        slope *= 1.0 if inside else 0.0
    return x, rd(slope)


def grid_sampler_3d(
    input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool
) -> Tensor:
    """``input`` (N, C, D, H, W) read at ``grid`` (N, Do, Ho, Wo, 3) of normalized
    ``(x, y, z)``: trilinear (mode 0) or nearest (mode 1)."""
    n, c, d, h, w = input.shape
    _, do, ho, wo, _ = grid.shape
    rd = _keep if input.dtype is float64 else f32
    xs, gs = input.elements(), grid.elements()
    points = do * ho * wo
    out: list[Any] = [None] * (n * c * points)
    made: list[Any] = []
    for b in range(n):
        vols = [xs[(b * c + ch) * d * h * w : (b * c + ch + 1) * d * h * w] for ch in range(c)]
        for p in range(points):
            k = (b * points + p) * 3
            coords = [_source_index(gs[k + i].data, size, padding_mode, align_corners, rd)
                      for i, size in enumerate((w, h, d))]  # fmt: skip
            if interpolation_mode == 1:
                got = _nearest_3d(coords, gs[k : k + 3], (d, h, w), vols)
            else:
                got = _trilinear(coords, gs[k : k + 3], (d, h, w), vols, made, rd)
            for ch, v in enumerate(got):
                out[(b * c + ch) * points + p] = v
    if input.dtype is not float64:
        in_float32_format(made)
    node = node_class("GridSampler3DBackward0", -1, {"_saved_input": 0, "_saved_grid": 1}, "find")
    return result(out, (n, c, do, ho, wo), input.dtype, node, (input, grid),
                  _saved_align_corners=bool(align_corners),
                  _saved_interpolation_mode=int(interpolation_mode),
                  _saved_padding_mode=int(padding_mode))  # fmt: skip


def _nearest_3d(coords: list[tuple[float, float]], g: list[Any], dims: tuple[int, int, int],
                vols: list[list[Any]]) -> list[Any]:  # fmt: skip
    (x, _), (y, _), (z, _) = coords
    d, h, w = dims
    j, i, m = (round(v) if v == v else 0 for v in (x, y, z))  # nearbyint: half to even
    inside = 0 <= j < w and 0 <= i < h and 0 <= m < d
    got = []
    for vol in vols:
        v = vol[(m * h + i) * w + j] if inside else 0.0
        got.append(_dot([v, *g], [1.0, 0.0, 0.0, 0.0], _num(v)))  # the grid's grad: zeros
    return got


def _trilinear(coords: list[tuple[float, float]], g: list[Any], dims: tuple[int, int, int],
               vols: list[list[Any]], made: list[Any],
               rd: Callable[[float], float]) -> list[Any]:  # fmt: skip
    """The eight corners around the point, each weighted by the volume of the box the point
    makes with the opposite corner, added in ATen's order (tnw, tne, tsw, tse, bnw, ...)."""
    d, h, w = dims
    pos = [_lin([(gv, slope)], x) for gv, (x, slope) in zip(g, coords)]
    lows = [math.floor(x) for x, _ in coords]
    # per axis: the distance to the far corner (weight of the low one) and to the near one
    far = [_lin([(q, -1.0)], rd(float(lo + 1) - x)) for q, lo, (x, _) in zip(pos, lows, coords)]
    near = [_lin([(q, 1.0)], rd(x - float(lo))) for q, lo, (x, _) in zip(pos, lows, coords)]
    made += [*pos, *far, *near]
    corners, weights = [], []
    for dz in (0, 1):
        for dy in (0, 1):
            for dx in (0, 1):
                parts = [near[0] if dx else far[0], near[1] if dy else far[1],
                         near[2] if dz else far[2]]  # fmt: skip
                a, b_, c_ = (p.data for p in parts)
                wv = _lin([(parts[0], b_ * c_), (parts[1], a * c_), (parts[2], a * b_)],
                          rd(rd(a * b_) * c_))  # fmt: skip
                made.append(wv)
                corners.append((lows[2] + dz, lows[1] + dy, lows[0] + dx))
                weights.append(wv)
    got = []
    for vol in vols:
        vals, acc = [], 0.0
        for (m, i, j), wv in zip(corners, weights):
            inside = 0 <= j < w and 0 <= i < h and 0 <= m < d
            v = vol[(m * h + i) * w + j] if inside else 0.0
            if inside:
                acc = rd(acc + rd(_num(v) * wv.data))
            vals.append(v)
        got.append(_dot(weights, vals, acc))
    return got


def grid_sampler(
    input: Tensor, grid: Tensor, interpolation_mode: int, padding_mode: int, align_corners: bool
) -> Tensor:
    """``grid_sample`` with its modes as numbers (bilinear 0, nearest 1, bicubic 2; zeros 0,
    border 1, reflection 2): the 2-d sampler for a 4-d input."""
    _check(input, grid, interpolation_mode)
    if input.dim() == 4:
        return grid_sampler_2d(input, grid, interpolation_mode, padding_mode, align_corners)
    return grid_sampler_3d(input, grid, interpolation_mode, padding_mode, align_corners)


def _check(input: Tensor, grid: Tensor, mode: int) -> None:
    if input.dtype != grid.dtype:
        raise RuntimeError(
            "grid_sampler(): expected input and grid to have same dtype, but input has "
            f"{input.dtype} and grid has {grid.dtype}"
        )
    if input.dim() == 5:
        if grid.dim() != 5 or grid.shape[-1] != 3:
            raise RuntimeError(
                "grid_sampler(): expected grid to have size 3 in last dimension, but got grid "
                f"with sizes {list(grid.shape)}"
            )
        if mode == 2:
            raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    elif input.dim() != 4:
        raise RuntimeError(
            "grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, "
            f"but got input with sizes {list(input.shape)} and grid with sizes "
            f"{list(grid.shape)}"
        )
    elif grid.dim() != 4 or grid.shape[-1] != 2:
        raise RuntimeError(
            "grid_sampler(): expected grid to have size 2 in last dimension, but got grid with "
            f"sizes {list(grid.shape)}"
        )
    if input.shape[0] != grid.shape[0]:
        raise RuntimeError(
            "grid_sampler(): expected grid and input to have same batch size, but got input "
            f"with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
        )


def grid_sample(
    input: Tensor, grid: Tensor, mode: str = "bilinear", padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Tensor:  # fmt: skip
    """Each output pixel ``(i, j)`` reads ``input`` at ``grid[n, i, j]`` (x then y, -1 to 1
    across the image), interpolated by ``mode``, outside the image as ``padding_mode`` says."""
    if mode not in GRID_SAMPLE_INTERPOLATION_MODES:
        raise ValueError(
            "nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or "
            f"'bicubic', but got: '{mode}'"
        )
    if padding_mode not in GRID_SAMPLE_PADDING_MODES:
        raise ValueError(
            "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
            f"'reflection', but got: '{padding_mode}'"
        )
    if align_corners is None:
        warnings.warn(_CHANGED, stacklevel=2)
        align_corners = False
    return grid_sampler(input, grid, GRID_SAMPLE_INTERPOLATION_MODES[mode],
                        GRID_SAMPLE_PADDING_MODES[padding_mode], align_corners)  # fmt: skip


def _steps(like: Tensor, n: int, align: bool) -> list[float]:
    """ATen's linspace_from_neg_one: -1 to 1 in ``n`` steps, pulled in to the pixel centres
    when the corners are not aligned."""
    if n <= 1:
        return [0.0]
    r = linspace(-1.0, 1.0, n, dtype=like.dtype)
    return (r if align else r * (n - 1) / n).tolist()


def affine_grid_generator(theta: Tensor, size: list[int], align_corners: bool) -> Tensor:
    """The (N, H, W, 2) grid: each pixel's ``(x, y, 1)`` times ``theta[n]`` transposed; for a
    5-D size the (N, D, H, W, 3) grid of ``(x, y, z, 1)``."""
    if len(size) == 5:
        n, _, d, h, w = (int(s) for s in size)
        xs, ys = _steps(theta, w, align_corners), _steps(theta, h, align_corners)
        zs = _steps(theta, d, align_corners)
        base = tensor([[[x, y, z, 1.0] for z in zs for y in ys for x in xs]], dtype=theta.dtype)
        grid = base.expand(n, d * h * w, 4).bmm(theta.transpose(1, 2)).reshape(n, d, h, w, 3)
        return fused("AffineGridGeneratorBackward0", grid, (theta,))
    n, _, h, w = (int(s) for s in size)
    xs, ys = _steps(theta, w, align_corners), _steps(theta, h, align_corners)
    base = tensor([[[x, y, 1.0] for y in ys for x in xs]], dtype=theta.dtype)
    grid = base.expand(n, h * w, 3).bmm(theta.transpose(1, 2)).reshape(n, h, w, 2)
    return fused("AffineGridGeneratorBackward0", grid, (theta,))


def affine_grid(theta: Tensor, size: list[int], align_corners: bool | None = None) -> Tensor:
    """The sampling grid of the affine maps ``theta`` (N, 2, 3) for an output of ``size``
    (N, C, H, W), to hand to ``grid_sample``."""
    if align_corners is None:
        warnings.warn(_CHANGED, stacklevel=2)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(
                f"Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. "
                f"Got {theta.shape}."
            )
        spatial = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(
                f"Expected a batch of 3D affine matrices of shape Nx3x4 for size {size}. "
                f"Got {theta.shape}."
            )
        spatial = size[-3:]
    else:
        raise NotImplementedError(
            "affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
            f"respectively. Got size {size}."
        )
    if align_corners and min(spatial) == 1:
        warnings.warn(
            "Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
            "align_corners=True. This is not an intended use case of affine_grid. See the "
            "documentation of affine_grid for details.",
            stacklevel=2,
        )
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    return affine_grid_generator(theta, size, align_corners)
