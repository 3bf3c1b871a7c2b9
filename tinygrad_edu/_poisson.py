"""The count samplers: ``torch.poisson(rates)``, a count drawn for each rate, and
``torch.binomial(count, prob)``, the successes of ``count`` trials, with PyTorch's numbers
from the seeded generator (``_torch_cpu/random_transforms``). On a graph poisson's node is
``PoissonBackward0``, whose gradient is 0; binomial's is ``NotImplemented``, as PyTorch's
(a backward through it fails).

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> torch.poisson(torch.tensor([1.0, 4.0, 20.0]))
tensor([ 2.,  5., 17.])
>>> torch.binomial(torch.tensor([10.0, 100.0]), torch.tensor([0.5, 0.3]))
tensor([ 5., 26.])
"""

from __future__ import annotations

from typing import Any

from ._more_ops import named
from ._tensor.dtype import C_NAMES
from ._tensor.shape import broadcast
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import node_class, result
from ._torch_cpu.random_transforms import binomial as draw_binomial
from ._torch_cpu.random_transforms import poisson as draw
from .core.engine import apply
from .core.grad_mode import STATE
from .core.ops import Op

__all__ = ["FUNCTIONS", "binomial", "poisson"]


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


def _no_derivative(*xs: Any) -> tuple[Any, ...]:
    raise RuntimeError("derivative for aten::binomial is not implemented")


# each draw's node: PyTorch has no derivative for binomial (its node is "NotImplemented")
_BINOMIAL = Op(key="binomial", name="NotImplemented", forward=lambda n, p: 0.0,
               local=_no_derivative, expr="binomial({0}, {1})", dlocal=("0", "0"), slots=2,
               method=None)  # fmt: skip


def binomial(count: Any, prob: Any, generator: Any = None) -> Any:
    """The successes of ``count`` trials of probability ``prob`` each (broadcast together)."""
    if not count.dtype.is_floating_point:
        raise ValueError(
            "binomial only supports floating-point dtypes for count, got: "
            f"{C_NAMES[count.dtype][0]}"
        )
    if prob.dtype is not count.dtype:
        raise RuntimeError(
            f"Found dtype {C_NAMES[prob.dtype][0]} but expected {C_NAMES[count.dtype][0]}"
        )
    shape, ic, ip = broadcast(count.shape, prob.shape)
    ns, ps = count.numbers(), prob.numbers()
    pairs = [(ns[i], ps[j]) for i, j in zip(ic, ip)]
    got = draw_binomial(generator, [n for n, _ in pairs], [p for _, p in pairs],
                        count.dtype.name)  # fmt: skip
    if not (STATE.enabled and (count.requires_grad or prob.requires_grad)):
        return tensor(got, dtype=count.dtype).reshape(shape)
    vals = []
    for i, j, x in zip(ic, ip, got):
        v = apply(_BINOMIAL, (count.flat[i], prob.flat[j]))
        v.data = x
        vals.append(v)
    return result(vals, shape, count.dtype, node_class(_BINOMIAL.name, 2), (count, prob))


FUNCTIONS: dict[str, Any] = {"binomial": binomial, "poisson": poisson}
