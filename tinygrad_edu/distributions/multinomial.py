"""``Multinomial(total_count, probs)``: how many of ``total_count`` draws fall in each class."""

from __future__ import annotations

from typing import Any

from .._tensor.dtype import Size
from .._tensor.tensor import Tensor, tensor
from . import constraints
from .categorical import Categorical
from .distribution import Distribution
from .utils import as_size

__all__ = ["Multinomial"]


class Multinomial(Distribution):
    """d2l's coin tosses: ``Multinomial(100, torch.tensor([0.5, 0.5])).sample()``."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    def __init__(
        self, total_count: int = 1, probs: Tensor | None = None, logits: Tensor | None = None,
        validate_args: bool | None = None,
    ) -> None:  # fmt: skip
        if not isinstance(total_count, int):
            raise NotImplementedError("inhomogeneous total_count is not supported")
        self.total_count = total_count
        self._categorical = Categorical(probs=probs, logits=logits)
        batch, event = self._categorical.batch_shape, self._categorical.param_shape[-1:]
        super().__init__(batch, event, validate_args=validate_args)

    @property
    def probs(self) -> Tensor:
        return self._categorical.probs

    @property
    def logits(self) -> Tensor:
        return self._categorical.logits

    @property
    def param_shape(self) -> Size:
        return self._categorical.param_shape

    @property
    def mean(self) -> Tensor:
        return self.probs * self.total_count

    @property
    def variance(self) -> Tensor:
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, sample_shape: Any = ()) -> Tensor:
        shape = as_size(sample_shape)
        s = 1
        for n in shape:
            s *= int(n)
        rows = self._categorical.draws(self.total_count * s)
        k = self.param_shape[-1]
        # PyTorch draws total_count * s indices per row and counts them with scatter_add_:
        # draw t * s + i of a row is the t-th toss of sample i
        counts = [[0] * k for _ in range(s * len(rows))]
        for r, drawn in enumerate(rows):
            for j, c in enumerate(drawn):
                counts[(j % s) * len(rows) + r][c] += 1
        flat = [float(c) for row in counts for c in row]
        out = tensor(flat, dtype=self.probs.dtype)
        return out.reshape(*self._extended_shape(shape))
