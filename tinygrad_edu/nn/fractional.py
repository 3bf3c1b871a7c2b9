"""Fractional max pooling (Graham, 2014): ``F.fractional_max_pool2d``/``3d`` and
``nn.FractionalMaxPool2d``/``3d``. Each plane's windows start at pseudo-random, increasing
offsets drawn from one uniform sample per spatial dim, so the output has any size between
the input's and the input's over the kernel; as PyTorch 2.13 computes them.

The samples are ``torch.rand(N, C, dims)`` when not given, so after ``manual_seed`` the
windows are PyTorch's; each offset is FractionalMaxPooling.h's ``generate_intervals`` in the
input's dtype: ``int((i + u) * alpha) - int(u * alpha)`` with
``alpha = (in - kernel) / (out - 1)``, the last window flush with the end.

>>> import tinygrad_edu as torch
>>> x = torch.arange(16.0).reshape(1, 1, 4, 4)
>>> samples = torch.tensor([[[0.5, 0.5]]])
>>> torch.nn.functional.fractional_max_pool2d(x, 2, output_size=2, _random_samples=samples)
tensor([[[[ 5.,  7.],
          [13., 15.]]]])
"""

from __future__ import annotations

import math
from typing import Any

from .._tensor.dtype import float64, int64
from .._tensor.ops.sampling import rand
from .._tensor.tensor import Tensor, tensor
from .._torch_cpu.float32_libm import f32
from .conv import ntuple
from .functional_ops import fused
from .module import Module

__all__ = ["FractionalMaxPool2d", "FractionalMaxPool3d", "fractional_max_pool2d"]
__all__ += ["fractional_max_pool2d_with_indices", "fractional_max_pool3d"]
__all__ += ["fractional_max_pool3d_with_indices"]

_DIM_NAMES = {2: ("height", "width"), 3: ("time", "height", "width")}


def _intervals(u: float, size: int, out: int, k: int, single: bool) -> list[int]:
    rd = f32 if single else float
    seq = [0] * out
    if out > 1:
        alpha = rd(rd(float(size - k)) / rd(float(out - 1)))
        for i in range(out - 1):
            seq[i] = math.trunc(rd(rd(i + u) * alpha)) - math.trunc(rd(u * alpha))
    if out > 0:
        seq[out - 1] = size - k
    return seq


def _pool(input: Tensor, kernel: Any, output_size: Any, output_ratio: Any, samples: Any,
          d: int) -> tuple[Tensor, Tensor]:  # fmt: skip
    name = f"fractional_max_pool{d}d"
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an output_ratio")
    if output_size is None:
        ratio = tuple(output_ratio) if isinstance(output_ratio, (tuple, list)) else (
            (output_ratio,) * d
        )  # fmt: skip
        if len(ratio) > d:
            raise ValueError(
                f"{name} requires output_ratio to either be a single Int or tuple of Ints."
            )
        output_size = [int(input.size(-d + i) * ratio[i]) for i in range(d)]
    if samples is None:  # drawn before ATen's checks, as the Python wrapper does
        samples = rand(1 if input.dim() == d + 1 else input.size(0), input.size(-d - 1), d,
                       dtype=input.dtype)  # fmt: skip
    ks, outs = list(ntuple(kernel, d)), list(ntuple(output_size, d))
    if input.dim() not in (d + 1, d + 2):
        raise RuntimeError(
            f"{name}(): Expected {d + 1}D or {d + 2}D tensor, but got: {list(input.shape)}"
        )
    batched = input.dim() == d + 2
    x = input if batched else input.unsqueeze(0)
    n, c, spatial = x.shape[0], x.shape[1], list(x.shape[2:])
    for name_k, k, o, size in zip(_DIM_NAMES[d], ks, outs, spatial):
        if o + k - 1 > size:
            raise RuntimeError(
                f"{name}(): pool {name_k} {k} too large relative to input {name_k} {size}"
            )
    us = samples.reshape(-1).tolist()
    single = input.dtype is not float64
    planes = math.prod(spatial)
    data = x.contiguous().reshape(n * c, planes).tolist()
    strides = [math.prod(spatial[i + 1 :]) for i in range(d)]
    picks: list[list[int]] = []
    for p in range(n * c):
        # the samples' order per plane: width, height (2-d); time, height, width (3-d)
        order = [1, 0] if d == 2 else [0, 1, 2]
        starts = [_intervals(us[p * d + order[i]], spatial[i], outs[i], ks[i], single)
                  for i in range(d)]  # fmt: skip
        row = []
        for pos in _grid(outs):
            origin = [starts[i][pos[i]] for i in range(d)]
            best, at = -math.inf, sum(o * s for o, s in zip(origin, strides))
            for off in _grid(ks):
                idx = sum((o + f) * s for o, f, s in zip(origin, off, strides))
                v = data[p][idx]
                if v > best or v != v:
                    best, at = v, idx
            row.append(at)
        picks.append(row)
    index = tensor(picks, dtype=int64)
    flat = x.reshape(n * c, planes).gather(1, index)
    out = flat.reshape(n, c, *outs)
    idx = index.reshape(n, c, *outs)
    if not batched:
        out, idx = out.squeeze(0), idx.squeeze(0)
    node = f"FractionalMaxPool{d}DBackward0"
    return fused(node, out, (input,), _saved_indices=idx), idx


def _grid(sizes: list[int]) -> list[tuple[int, ...]]:
    points: list[tuple[int, ...]] = [()]
    for s in sizes:
        points = [(*p, i) for p in points for i in range(s)]
    return points


def fractional_max_pool2d_with_indices(
    input: Tensor, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
    return_indices: bool = False, _random_samples: Tensor | None = None,
) -> tuple[Tensor, Tensor]:  # fmt: skip
    """The pooled planes and, for each output, the flat index of its maximum in its plane."""
    return _pool(input, kernel_size, output_size, output_ratio, _random_samples, 2)


def fractional_max_pool3d_with_indices(
    input: Tensor, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
    return_indices: bool = False, _random_samples: Tensor | None = None,
) -> tuple[Tensor, Tensor]:  # fmt: skip
    """The 3-d form: the samples' last dim is (time, height, width)."""
    return _pool(input, kernel_size, output_size, output_ratio, _random_samples, 3)


def fractional_max_pool2d(
    input: Tensor, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
    return_indices: bool = False, _random_samples: Tensor | None = None,
) -> Any:  # fmt: skip
    """Max over ``kernel_size`` windows at fractional strides, to ``output_size`` (or
    ``output_ratio`` of the input); with ``return_indices`` the indices too."""
    r = _pool(input, kernel_size, output_size, output_ratio, _random_samples, 2)
    return r if return_indices else r[0]


def fractional_max_pool3d(
    input: Tensor, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
    return_indices: bool = False, _random_samples: Tensor | None = None,
) -> Any:  # fmt: skip
    """``fractional_max_pool2d`` over (time, height, width)."""
    r = _pool(input, kernel_size, output_size, output_ratio, _random_samples, 3)
    return r if return_indices else r[0]


class _FractionalMaxPoolNd(Module):
    _d = 2

    def __init__(self, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
                 return_indices: bool = False, _random_samples: Any = None) -> None:  # fmt: skip
        super().__init__()
        d, cls = self._d, type(self).__name__
        if d == 3 and ((isinstance(kernel_size, int) and kernel_size <= 0) or (
            isinstance(kernel_size, (tuple, list)) and not all(k > 0 for k in kernel_size)
        )):  # fmt: skip
            raise ValueError(f"kernel_size must be greater than 0, but got {kernel_size}")
        self.kernel_size = ntuple(kernel_size, d)
        self.return_indices = return_indices
        self.register_buffer("_random_samples", _random_samples)
        self.output_size = ntuple(output_size, d) if output_size is not None else None
        self.output_ratio = (
            tuple(output_ratio) if isinstance(output_ratio, (tuple, list))
            else (output_ratio,) * d if output_ratio is not None else None
        )  # fmt: skip
        if output_size is None and output_ratio is None:
            raise ValueError(f"{cls} requires specifying either an output size, or a pooling ratio")
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if self.output_ratio is not None and not all(0 < r < 1 for r in self.output_ratio):
            raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")

    def forward(self, input: Tensor) -> Any:
        fn = fractional_max_pool2d if self._d == 2 else fractional_max_pool3d
        return fn(input, self.kernel_size, self.output_size, self.output_ratio,
                  self.return_indices, _random_samples=self._random_samples)  # fmt: skip


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    """Fractional max pooling over the last two dims (a module holds no parameters; its
    samples are drawn anew each call unless ``_random_samples`` is given)."""

    _d = 2


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    """Fractional max pooling over the last three dims."""

    _d = 3
