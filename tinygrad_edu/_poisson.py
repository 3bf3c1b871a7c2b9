"""``torch.poisson(rates)``: a count drawn for each rate, with PyTorch's numbers from the
seeded generator (``_torch_cpu/random_transforms.poisson``); on a graph its node is
``PoissonBackward0``, whose gradient is 0.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> torch.poisson(torch.tensor([1.0, 4.0, 20.0]))
tensor([ 2.,  5., 17.])
"""

from __future__ import annotations

from typing import Any

from ._more_ops import named
from ._tensor.dtype import C_NAMES
from ._tensor.tensor import tensor
from ._torch_cpu.random_transforms import poisson as draw

__all__ = ["FUNCTIONS", "poisson"]


def poisson(input: Any, generator: Any = None) -> Any:
    if not input.dtype.is_floating_point:
        raise NotImplementedError(
            f"\"poisson_cpu\" not implemented for '{C_NAMES[input.dtype][0]}'"
        )
    rates = input.reshape(-1).tolist()
    if any(not r >= 0 for r in rates):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    counts = tensor(draw(generator, rates), dtype=input.dtype).reshape(input.shape)
    if not input.requires_grad:
        return counts
    return named("PoissonBackward0", input * 0.0 + counts, (input,))


FUNCTIONS: dict[str, Any] = {"poisson": poisson}
