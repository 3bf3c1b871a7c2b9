"""More of ``torch``'s arithmetic, made from the ops the engine has and shown under PyTorch's
node names: ``exp2``, ``erfc``, ``logit``, ``sinc``, ``copysign``, ``fmax``/``fmin``,
``float_power``, ``addmv``, ``addr``, ``aminmax``; statistics (``cov``, ``corrcoef``,
``histc``, as ATen's ``Correlation.cpp`` and histogram kernel compute them); and the in-place
forms PyTorch has of these and of the comparisons, ``cumsum``, ``tril``, ``lerp``, ...

>>> import tinygrad_edu as torch
>>> x = torch.tensor([0.0, 0.5, 3.0], requires_grad=True)
>>> x.exp2()
tensor([1.0000, 1.4142, 8.0000], grad_fn=<Exp2Backward0>)
>>> torch.cov(torch.tensor([[1.0, 2.0, 4.0], [0.0, 1.0, 0.0]]))
tensor([[ 2.3333, -0.1667],
        [-0.1667,  0.3333]])
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

from ._more_ops import named
from ._tensor.dtype import float64, int64
from ._tensor.ops.factories import linspace
from ._tensor.ops.inplace import adopt
from ._tensor.ops.selection import where
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor

__all__ = ["FUNCTIONS", "METHODS", "aminmax_type"]


def _like(x: Any, v: float) -> Any:
    """A tensor of ``v`` shaped and typed as ``x``, without a graph."""
    return x.detach() * 0 + v


def exp2(input: Any) -> Any:
    """``2 ** input`` (``Exp2Backward0``)."""
    return named("Exp2Backward0", 2.0**input, (input,))


def erfc(input: Any) -> Any:
    """``1 - erf(input)``, each number computed directly (no cancellation) (``ErfcBackward0``)."""
    r = 1 - input.erf()
    exact = tensor([math.erfc(v) for v in input.reshape(-1).tolist()], dtype=r.dtype)
    for v, e in zip(r.flat, exact.flat):
        v.data = e.data
    return named("ErfcBackward0", r, (input,))


def logit(input: Any, eps: Any = None) -> Any:
    """``log(x / (1 - x))``, ``x`` clamped to ``[eps, 1 - eps]`` first when ``eps`` is given
    (``LogitBackward0``)."""
    x = input if eps is None else input.clamp(eps, 1 - eps)
    return named("LogitBackward0", (x / (1 - x)).log(), (input,))


def sinc(input: Any) -> Any:
    """``sin(pi x) / (pi x)``, 1 at 0 (``SincBackward0``)."""
    zero = input == 0
    p = where(zero, _like(input, 1.0), input * math.pi)  # no 0/0 at 0, forward or backward
    return named("SincBackward0", where(zero, _like(input, 1.0), p.sin() / p), (input,))


def copysign(input: Any, other: Any) -> Any:
    """``|input|`` with the sign of ``other`` (``CopysignBackward0``; ``1`` for a number).

    Its grad is ``grad * result / input``, 0 where ``input`` is 0, as PyTorch's formula."""
    xs = input.reshape(-1).tolist()
    if is_tensor(other):
        signs = (
            other.expand(input.shape).reshape(-1).tolist()
            if other.dim()
            else [other.item()] * len(xs)
        )
    else:
        signs = [other] * len(xs)
    exact = [math.copysign(x, s) for x, s in zip(xs, signs)]
    dt = input.dtype if input.is_floating_point() else None
    ratio = [e / x if x == x and x != 0 else (0.0 if x == 0 else x) for e, x in zip(exact, xs)]
    r = input * tensor(ratio, dtype=dt).reshape(input.shape)
    if not r.is_floating_point():
        r = r.float()
    for v, e in zip(r.flat, exact):  # -0.0 where the sign says so
        v.data = e if r.dtype is float64 else tensor([e], dtype=r.dtype).flat[0].data
    name = "CopysignBackward0" if is_tensor(other) else "CopysignBackward1"
    return named(name, r, (input,))


def fmax(input: Any, other: Any) -> Any:
    """The larger of each pair, a nan ignored where the other is a number (``FmaxBackward0``)."""
    keep = (input >= other) | other.isnan()
    return named("FmaxBackward0", where(keep, input, other), (input, other))


def fmin(input: Any, other: Any) -> Any:
    """The smaller of each pair, a nan ignored where the other is a number (``FminBackward0``)."""
    keep = (input <= other) | other.isnan()
    return named("FminBackward0", where(keep, input, other), (input, other))


def float_power(input: Any, exponent: Any) -> Any:
    """``input ** exponent`` in float64 (``PowBackward0``, ``PowBackward1``)."""
    base = input.double() if is_tensor(input) else tensor(float(input), dtype=float64)
    e = exponent.double() if is_tensor(exponent) else exponent
    return base**e


def addmv(input: Any, mat: Any, vec: Any, *, beta: float = 1, alpha: float = 1) -> Any:
    """``beta * input + alpha * (mat @ vec)`` (``AddmvBackward0``)."""
    prod = mat.mv(vec)
    r = (input * beta if beta != 1 else input) + (prod * alpha if alpha != 1 else prod)
    return named("AddmvBackward0", r, (input, mat, vec))


def addr(input: Any, vec1: Any, vec2: Any, *, beta: float = 1, alpha: float = 1) -> Any:
    """``beta * input + alpha * outer(vec1, vec2)`` (``AddrBackward0``)."""
    prod = vec1.unsqueeze(1) * vec2.unsqueeze(0)
    r = (input * beta if beta != 1 else input) + (prod * alpha if alpha != 1 else prod)
    return named("AddrBackward0", r, (input, vec1, vec2))


class aminmax_type(tuple):  # noqa: N801 - PyTorch's torch.return_types.aminmax
    """``(min, max)``, also as ``.min`` and ``.max``."""

    __slots__ = ()

    def __new__(cls, lo: Any, hi: Any) -> aminmax_type:
        return super().__new__(cls, (lo, hi))

    @property
    def min(self) -> Any:
        return self[0]

    @property
    def max(self) -> Any:
        return self[1]

    def __repr__(self) -> str:
        return f"torch.return_types.aminmax(\nmin={self[0]!r},\nmax={self[1]!r})"


def aminmax(input: Any, *, dim: Any = None, keepdim: bool = False) -> Any:
    """The smallest and the largest element, over ``dim`` or all (``AminmaxBackward0``)."""
    if dim is None:
        lo, hi = input.amin(), input.amax()
        if keepdim:
            lo, hi = lo.reshape([1] * input.dim()), hi.reshape([1] * input.dim())
    else:
        lo, hi = input.amin(dim, keepdim=keepdim), input.amax(dim, keepdim=keepdim)
    return aminmax_type(named("AminmaxBackward0", lo, (input,)),
                        named("AminmaxBackward0", hi, (input,)))  # fmt: skip


def cov(input: Any, *, correction: int = 1, fweights: Any = None, aweights: Any = None) -> Any:
    """The covariance matrix of the rows (variables) over the columns (observations), as
    ATen's ``cov`` computes it (``SqueezeBackward0``)."""
    if input.dim() > 2:
        raise RuntimeError(
            "cov(): expected input to have two or fewer dimensions but got an input with "
            f"{input.dim()} dimensions"
        )
    x = input.view(1, -1) if input.dim() < 2 else input
    n = x.shape[1]
    w = fweights
    if aweights is not None:
        w = aweights if w is None else w * aweights
    w_sum = w.sum() if w is not None else tensor(n, dtype=int64)
    if w is not None and w_sum.item() == 0:
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    avg = (x * w if w is not None else x).sum(1) / w_sum
    if w is None:
        norm = tensor(n - correction, dtype=int64)
    elif correction == 0:
        norm = w_sum
    elif aweights is None:
        norm = w_sum - correction
    elif fweights is None and n == 1 and correction == 1:
        norm = tensor(0, dtype=int64)
    else:
        norm = w_sum - correction * (w * aweights).sum() / w_sum
    if norm.item() <= 0:
        warnings.warn(
            "cov(): degrees of freedom is <= 0. Correction should be strictly less than the "
            "number of observations.",
            UserWarning,
            stacklevel=2,
        )
        norm = norm * 0
    if n == 1 and (fweights is None) != (aweights is None):
        x = x * 0 if x.is_floating_point() else (x * 0).float()
    else:
        x = x - avg.unsqueeze(1)
    c = x.mm((x * w if w is not None else x).t())
    return (c / norm).squeeze()


def corrcoef(input: Any) -> Any:
    """The Pearson correlation coefficients of the rows, clipped to [-1, 1]
    (``ClampBackward1``)."""
    if input.dim() > 2:
        raise RuntimeError(
            "corrcoef(): expected input to have two or fewer dimensions but got an input with "
            f"{input.dim()} dimensions"
        )
    c = cov(input)
    if c.dim() == 0:
        return c / c
    std = c.diagonal().sqrt()
    c = c / std.view(-1, 1)
    c = c / std.view(1, -1)
    return c.clip(-1, 1)


def histc(input: Any, bins: int = 100, min: float = 0, max: float = 0) -> Any:
    """How many elements fall in each of ``bins`` equal bins over ``[min, max]`` (the data's
    own range when both are 0); elements outside are left out, ``max`` goes in the last bin."""
    if bins <= 0:
        raise RuntimeError("torch.histogram(): bins must be > 0, but got ")
    data = input.reshape(-1).tolist()
    lo, hi = float(min), float(max)
    if lo == hi and data:
        lo, hi = float(input.min().item()), float(input.max().item())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    edges = linspace(lo, hi, bins + 1, dtype=input.dtype).tolist()
    counts = [0.0] * bins
    for x in data:
        if not edges[0] <= x <= edges[-1]:
            continue
        pos = int((x - edges[0]) * bins / (edges[-1] - edges[0]))
        pos = 0 if pos < 0 else bins - 1 if pos > bins - 1 else pos
        while pos > 0 and x < edges[pos]:  # the edges as the dtype holds them decide
            pos -= 1
        while pos < bins - 1 and x >= edges[pos + 1]:
            pos += 1
        counts[pos] += 1
    return tensor(counts, dtype=input.dtype)


def _inplace(name: str) -> Callable[..., Any]:
    """``t.name_(...)``: ``t.name(...)`` written back into ``t`` (its dtype kept)."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        if name == "float_power" and self.dtype is not float64:
            raise RuntimeError(
                f"the base given to float_power_ has dtype {_c_name(self)} but the "
                "operation's result requires dtype Double"
            )
        if name in _COMPARE:
            return adopt(self, lambda before: _compared(before, name, *args, **kwargs))
        return adopt(self, lambda before: getattr(before, name)(*args, **kwargs))

    method.__name__ = method.__qualname__ = f"{name}_"
    return method


# a comparison in place keeps the tensor's dtype and, on a graph, gives a node of zero grads
_COMPARE = {"eq": "Eq", "ne": "Ne", "lt": "Lt", "le": "Le", "gt": "Gt", "ge": "Ge",
            "greater": "Gt", "greater_equal": "Ge", "less": "Lt", "less_equal": "Le",
            "not_equal": "Ne"}  # fmt: skip


def _compared(t: Any, name: str, other: Any) -> Any:
    got = getattr(t, name)(other).to(t.dtype)
    if t.grad_fn is None and not t.requires_grad:
        return got
    r = t * 0  # its grads are zeros, as PyTorch's comparison node gives; its numbers got's
    for v, g in zip(r.flat, got.flat):
        v.data = g.data
    return named(f"{_COMPARE[name]}Backward{1 if is_tensor(other) else 0}", r, (t,))


def _c_name(t: Any) -> str:
    return {"float32": "Float", "float64": "Double", "int64": "Long"}.get(t.dtype.name, "")


FUNCTIONS: dict[str, Any] = {
    "exp2": exp2, "erfc": erfc, "logit": logit, "sinc": sinc, "copysign": copysign,
    "fmax": fmax, "fmin": fmin, "float_power": float_power, "addmv": addmv, "addr": addr,
    "aminmax": aminmax, "cov": cov, "corrcoef": corrcoef, "histc": histc,
}  # fmt: skip
# the in-place forms PyTorch has (Tensor.f_), each made from its out-of-place f
INPLACE = """
    exp2 erfc logit sinc copysign float_power addmv addr xlogy lerp eq ne lt le gt ge greater
    greater_equal less less_equal not_equal logical_and logical_or logical_xor logical_not
    bitwise_and bitwise_or bitwise_xor bitwise_not remainder fmod floor_divide tril triu cumsum
    cumprod addcmul addcdiv addmm atan2 arctan2 hypot deg2rad rad2deg nan_to_num
""".split()  # noqa: SIM905 - a table to read
METHODS: dict[str, Any] = {**FUNCTIONS, **{f"{n}_": _inplace(n) for n in INPLACE}}
