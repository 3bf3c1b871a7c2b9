"""``Categorical(probs)`` or ``Categorical(logits=...)``: one of K classes, by weight."""

from __future__ import annotations

import sys
from typing import Any

from .._tensor.dtype import Size, int64
from .._tensor.ops.factories import full
from .._tensor.ops.sampling import multinomial
from .._tensor.shape import broadcast
from .._tensor.tensor import Tensor, tensor
from . import constraints
from .distribution import Distribution
from .utils import as_size, lazy_property, logits_to_probs, probs_to_logits

__all__ = ["Categorical"]


class Categorical(Distribution):
    """Class indices drawn with the weights of the last dimension (``torch.multinomial``)."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    def __init__(
        self, probs: Tensor | None = None, logits: Tensor | None = None,
        validate_args: bool | None = None,
    ) -> None:  # fmt: skip
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
        else:
            assert logits is not None
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        self._param = self.probs if probs is not None else self.logits
        self._num_events = self._param.size()[-1]
        batch = self._param.size()[:-1] if self._param.dim() > 1 else Size(())
        super().__init__(batch, validate_args=validate_args)

    @lazy_property
    def logits(self) -> Tensor:
        return probs_to_logits(self.probs)

    @lazy_property
    def probs(self) -> Tensor:
        return logits_to_probs(self.logits)

    @property
    def support(self) -> constraints.Constraint:  # type: ignore[override]
        return constraints.integer_interval(0, self._num_events - 1)

    @property
    def param_shape(self) -> Size:
        return self._param.size()

    @property
    def mean(self) -> Tensor:
        return full(self._extended_shape(), float("nan"), dtype=self.probs.dtype)

    @property
    def variance(self) -> Tensor:
        return full(self._extended_shape(), float("nan"), dtype=self.probs.dtype)

    @property
    def mode(self) -> Tensor:
        return self.probs.argmax(dim=-1)

    def draws(self, n: int) -> list[list[int]]:
        """``n`` class indices for each row of the batch, in the order they are drawn."""
        rows = self.probs.reshape(-1, self._num_events)
        return multinomial(rows, n, True).tolist()

    def sample(self, sample_shape: Any = ()) -> Tensor:
        shape = as_size(sample_shape)
        n = 1
        for s in shape:
            n *= int(s)
        rows = self.draws(n)
        # torch.multinomial(probs_2d, n, True).T: draw j of row r lands at [j, r]
        flat = [rows[r][j] for j in range(n) for r in range(len(rows))]
        return tensor(flat, dtype=int64).reshape(*self._extended_shape(shape))

    def log_prob(self, value: Tensor) -> Tensor:
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        shape = broadcast(value.shape, self.logits.shape)[0]
        value, log_pmf = value.expand(*shape[:-1], 1), self.logits.expand(*shape)
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self) -> Tensor:
        min_real = (
            -3.4028234663852886e38 if self.logits.dtype.name == "float32" else -sys.float_info.max
        )
        p_log_p = self.logits.clamp(min=min_real) * self.probs
        return -p_log_p.sum(-1)
