"""``Normal(loc, scale)``: the Gaussian, reparameterised (``rsample`` keeps the graph)."""

from __future__ import annotations

import math
from typing import Any

from .._tensor.dtype import Size
from .._tensor.ops.sampling import normal
from .._tensor.tensor import Tensor
from ..core.grad_mode import no_grad
from . import constraints
from .distribution import Distribution
from .utils import LOG_SQRT_2PI, broadcast_all

__all__ = ["Normal"]


class Normal(Distribution):
    """``Normal(0.0, 1.0).sample((3,))`` draws as ``torch.normal`` does, bit for bit."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init__(self, loc: Any, scale: Any, validate_args: bool | None = None) -> None:
        self.loc, self.scale = broadcast_all(loc, scale)
        numbers = not isinstance(loc, Tensor) and not isinstance(scale, Tensor)
        super().__init__(Size(()) if numbers else self.loc.size(), validate_args=validate_args)

    @property
    def mean(self) -> Tensor:
        return self.loc

    @property
    def mode(self) -> Tensor:
        return self.loc

    @property
    def stddev(self) -> Tensor:
        return self.scale

    @property
    def variance(self) -> Tensor:
        return self.stddev.pow(2)

    def sample(self, sample_shape: Any = ()) -> Tensor:
        shape = self._extended_shape(sample_shape)
        with no_grad():
            return normal(self.loc.expand(*shape), self.scale.expand(*shape))

    def rsample(self, sample_shape: Any = ()) -> Tensor:
        shape = self._extended_shape(sample_shape)
        eps = normal(0.0, 1.0, shape, dtype=self.loc.dtype)
        return self.loc + eps * self.scale

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        var = self.scale**2
        return -((value - self.loc) ** 2) / (2 * var) - self.scale.log() - LOG_SQRT_2PI

    def cdf(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 * (1 + ((value - self.loc) * self.scale.reciprocal() / math.sqrt(2)).erf())

    def entropy(self) -> Tensor:
        return 0.5 + 0.5 * math.log(2 * math.pi) + self.scale.log()
