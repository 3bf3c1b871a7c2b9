"""``torch.igamma(a, x)`` and ``torch.igammac(a, x)``: the regularized lower and upper
incomplete gamma functions P(a, x) and Q(a, x) = 1 - P(a, x), with the in-place forms.

>>> import tinygrad_edu as torch
>>> torch.igamma(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 5.0]))
tensor([0.6321, 0.9596])

PyTorch differentiates them in ``x`` only (``grad * x^(a-1) e^-x / Gamma(a)``, negated for
igammac); a backward that needs the gradient in ``a`` fails with its NotImplementedError.
The numbers are computed in float64 (the power series below x = a + 1, Legendre's continued
fraction above) and rounded to the dtype; PyTorch's float32 kernel works in float32, so a
float32 result may differ from PyTorch's in the last digits (its relative error is ~1e-6).
"""

from __future__ import annotations

import math
from typing import Any

from ._more_ops import named
from ._tensor.dtype import C_NAMES
from ._tensor.ops.conversions import result_type
from ._tensor.ops.inplace import adopt
from ._tensor.shape import broadcast
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from .core.engine import apply
from .core.ops import Op

__all__ = ["FUNCTIONS", "METHODS", "igamma", "igamma_number", "igammac", "igammac_number"]

_EPS = 2.220446049250313e-16
_TINY = 1e-300


def _edge(a: float, x: float, lower: bool) -> float | None:
    """P (``lower``) or Q where ATen answers without computing: the ends of the domain."""
    if a != a or x != x or x < 0 or a < 0:
        return math.nan
    if a == 0:
        return (1.0 if lower else 0.0) if x > 0 else math.nan
    if x == 0:
        return 0.0 if lower else 1.0
    if math.isinf(a):
        return math.nan if math.isinf(x) else (0.0 if lower else 1.0)
    if math.isinf(x):
        return 1.0 if lower else 0.0
    return None


def _log_prefactor(a: float, x: float) -> float:
    # log(x^a e^-x / Gamma(a)), the factor both expansions share
    return a * math.log(x) - x - math.lgamma(a)


def _series(a: float, x: float) -> float:
    """P(a, x) = x^a e^-x / Gamma(a + 1) * sum x^n / ((a + 1) ... (a + n))."""
    term = total = 1.0 / a
    n = a
    for _ in range(100_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(_log_prefactor(a, x))


def _continued_fraction(a: float, x: float) -> float:
    """Q(a, x) by Legendre's continued fraction, evaluated by the modified Lentz method."""
    b = x + 1 - a
    c, d = 1 / _TINY, 1 / b if b != 0 else 1 / _TINY
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return h * math.exp(_log_prefactor(a, x))


def igamma_number(a: float, x: float) -> float:
    """P(a, x), the regularized lower incomplete gamma function."""
    e = _edge(a, x, True)
    if e is not None:
        return e
    return _series(a, x) if x < a + 1 else 1 - _continued_fraction(a, x)


def igammac_number(a: float, x: float) -> float:
    """Q(a, x) = 1 - P(a, x), the regularized upper incomplete gamma function."""
    e = _edge(a, x, False)
    if e is not None:
        return e
    return 1 - _series(a, x) if x < a + 1 else _continued_fraction(a, x)


def _no_input_grad(name: str) -> Op:
    def local(*xs: Any) -> tuple[Any, ...]:
        raise NotImplementedError(f"the derivative for '{name}: input' is not implemented.")

    return Op(key=f"{name}_input", name="NotImplemented", forward=lambda a: 0.0, local=local,
              expr=f"{name}_input({{0}})", dlocal=("0",), method=None)  # fmt: skip


_NO_INPUT_GRAD = {name: _no_input_grad(name) for name in ("igamma", "igammac")}


def _incomplete(name: str, input: Any, other: Any) -> Any:
    if not is_tensor(other):
        raise TypeError(
            f"{name}(): argument 'other' (position 2) must be Tensor, not {type(other).__name__}"
        )
    dt = result_type(input, other)
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{C_NAMES[dt][0]}'")
    a, x = input.to(dt), other.to(dt)
    shape, ia, ix = broadcast(a.shape, x.shape)
    an, xn = a.numbers(), x.numbers()
    number = igamma_number if name == "igamma" else igammac_number
    exact = tensor([number(an[i], xn[j]) for i, j in zip(ia, ix)], dtype=dt)
    if not (input.requires_grad or other.requires_grad):
        return exact.reshape(shape)
    # PyTorch's gradient in x, from the dtype's tensor ops: grad * exp((a-1) log x - x - lgamma a)
    ad, xd = a.detach(), x.detach()
    slope = ((ad - 1) * xd.log() - xd - ad.lgamma()).exp()
    r = x * (slope if name == "igamma" else -slope)
    if input.requires_grad:  # a backward through a fails, as PyTorch's not_implemented
        op = _NO_INPUT_GRAD[name]
        zeros = [apply(op, (v,)) for v in a.flat]
        r = r + result(zeros, a.shape, dt, node_class(op.name), (a,))
    for v, e in zip(r.flat, exact.flat):
        v.data = e.data
    return named(f"{name.capitalize()}Backward0", r, (input, other))


def igamma(input: Any, other: Any) -> Any:
    """P(input, other), the regularized lower incomplete gamma function (``IgammaBackward0``)."""
    return _incomplete("igamma", input, other)


def igammac(input: Any, other: Any) -> Any:
    """Q(input, other) = 1 - P, the regularized upper incomplete gamma function
    (``IgammacBackward0``)."""
    return _incomplete("igammac", input, other)


def _inplace(fn: Any) -> Any:
    def method(self: Any, other: Any) -> Any:
        if is_tensor(other):
            shape = broadcast(self.shape, other.shape)[0]
            if tuple(shape) != tuple(self.shape):
                raise RuntimeError(
                    f"output with shape {list(self.shape)} doesn't match the broadcast shape "
                    f"{list(shape)}"
                )
        return adopt(self, lambda before: fn(before, other))

    method.__name__ = f"{fn.__name__}_"
    return method


FUNCTIONS: dict[str, Any] = {"igamma": igamma, "igammac": igammac}
METHODS: dict[str, Any] = {**FUNCTIONS, "igamma_": _inplace(igamma), "igammac_": _inplace(igammac)}
