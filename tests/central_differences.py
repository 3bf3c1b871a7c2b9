"""The op tables' gradient check: a weighted sum of an op's outputs, differentiated by the engine
and by central differences on float64 inputs.

The weights (0.5, 0.75, 1.0, ...) differ per output, so a rule that swaps or drops outputs' shares
fails the check that a plain ``sum()`` would pass.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import tinygrad_edu as torch

Op = Callable[[torch.Tensor], torch.Tensor]


def weights(out: torch.Tensor) -> list[float]:
    return [0.5 + 0.25 * i for i in range(out.numel())]


def _leaf(xs: list[float], dtype: torch.dtype, shape: tuple[int, ...] | None) -> torch.Tensor:
    t = torch.tensor(xs, dtype=dtype)
    return t.reshape(*shape) if shape is not None else t


def weighted_sum(fn: Op, xs: list[float], *, shape: tuple[int, ...] | None = None) -> float:
    out = fn(_leaf(xs, torch.float64, shape))
    return float(sum(w * v for w, v in zip(weights(out), out.reshape(-1).tolist())))


def weighted_grad(
    fn: Op, xs: list[float], dtype: torch.dtype, *, shape: tuple[int, ...] | None = None
) -> torch.Tensor:
    """The grad of the weighted sum of ``fn``'s outputs at ``xs``, in ``dtype``."""
    t = _leaf(xs, dtype, shape).requires_grad_()
    out = fn(t)
    (out.reshape(-1) * torch.tensor(weights(out), dtype=out.dtype)).sum().backward()
    return t.grad


def assert_agrees_with_central_differences(
    name: str,
    fn: Op,
    xs: list[float],
    *,
    h: float,
    rel_tol: float,
    abs_tol: float,
    shape: tuple[int, ...] | None = None,
) -> None:
    got = weighted_grad(fn, xs, torch.float64, shape=shape).reshape(-1).tolist()
    for i in range(len(xs)):
        hi, lo = list(xs), list(xs)
        hi[i] += h
        lo[i] -= h
        numeric = (weighted_sum(fn, hi, shape=shape) - weighted_sum(fn, lo, shape=shape)) / (2 * h)
        assert math.isclose(got[i], numeric, rel_tol=rel_tol, abs_tol=abs_tol), (
            name,
            i,
            got,
            numeric,
        )
