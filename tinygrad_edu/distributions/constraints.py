"""What a distribution's parameters and samples must satisfy, with PyTorch's names and reprs.

>>> from tinygrad_edu.distributions import constraints
>>> constraints.positive
GreaterThan(lower_bound=0.0)
"""

from __future__ import annotations

import math
from typing import Any

from .._tensor.tensor import Tensor

__all__ = [
    "Constraint",
    "boolean",
    "greater_than",
    "integer_interval",
    "interval",
    "less_than",
    "nonnegative_integer",
    "positive",
    "real",
    "real_vector",
    "simplex",
    "unit_interval",
]


def _elements(value: Any) -> list[float]:
    flat = value.reshape(-1).tolist() if isinstance(value, Tensor) else [value]
    return [float(v) for v in flat]


def _bound(b: Any) -> Any:
    return b.item() if isinstance(b, Tensor) and b.numel() == 1 else b


class Constraint:
    """A region of valid values; ``ok(value)`` says whether every element is inside it."""

    event_dim = 0

    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        raise NotImplementedError

    def bounds(self) -> list[tuple[float, ...]]:
        return [()]

    def ok(self, value: Any) -> bool:
        xs, bs = _elements(value), self.bounds()
        return all(self.holds(x, bs[i % len(bs)]) for i, x in enumerate(xs))

    def __repr__(self) -> str:
        return type(self).__name__.lstrip("_") + "()"


class _Real(Constraint):
    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return x == x  # nan is not real; inf is, as in PyTorch


class _Boolean(Constraint):
    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return x in (0.0, 1.0)


class _Bounded(Constraint):
    """Bounds that may be tensors (Uniform's low < high): checked element by element."""

    names: tuple[str, ...] = ()

    def __init__(self, *bounds: Any) -> None:
        for name, b in zip(self.names, bounds):
            setattr(self, name, b)

    def bounds(self) -> list[tuple[float, ...]]:
        cols = [_elements(getattr(self, n)) for n in self.names]
        return list(zip(*cols))

    def __repr__(self) -> str:
        args = ", ".join(f"{n}={_bound(getattr(self, n))}" for n in self.names)
        return f"{type(self).__name__.lstrip('_')}({args})"


class _GreaterThan(_Bounded):
    names = ("lower_bound",)

    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return bounds[0] < x


class _LessThan(_Bounded):
    names = ("upper_bound",)

    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return x < bounds[0]


class _Interval(_Bounded):
    names = ("lower_bound", "upper_bound")

    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return bounds[0] <= x <= bounds[1]


class _IntegerInterval(_Interval):
    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return x % 1 == 0 and bounds[0] <= x <= bounds[1]


class _IntegerGreaterThan(_GreaterThan):
    def holds(self, x: float, bounds: tuple[float, ...]) -> bool:
        return x % 1 == 0 and x >= bounds[0]


class _Simplex(Constraint):
    """Rows (the last dimension) of non-negative numbers that sum to 1 within 1e-6."""

    event_dim = 1

    def ok(self, value: Any) -> bool:
        rows = value.reshape(-1, value.shape[-1]).tolist()
        return all(min(r) >= 0 and abs(math.fsum(r) - 1) < 1e-6 for r in rows)


class IndependentConstraint(Constraint):
    """A constraint on each element, over the last ``reinterpreted_batch_ndims`` dimensions."""

    def __init__(self, base: Constraint, reinterpreted_batch_ndims: int) -> None:
        self.base, self.reinterpreted_batch_ndims = base, reinterpreted_batch_ndims
        self.event_dim = base.event_dim + reinterpreted_batch_ndims

    def ok(self, value: Any) -> bool:
        return self.base.ok(value)

    def __repr__(self) -> str:
        return f"IndependentConstraint({self.base!r}, {self.reinterpreted_batch_ndims})"


real = _Real()
boolean = _Boolean()
positive = _GreaterThan(0.0)
unit_interval = _Interval(0.0, 1.0)
simplex = _Simplex()
real_vector = IndependentConstraint(real, 1)
nonnegative_integer = _IntegerGreaterThan(0)
greater_than = _GreaterThan
less_than = _LessThan
interval = _Interval
integer_interval = _IntegerInterval
