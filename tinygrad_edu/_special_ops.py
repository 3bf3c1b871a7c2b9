"""More of ``torch``'s functions: the special functions (``lgamma``, ``digamma``, ``erfinv``,
``acosh``), ``logaddexp2``, ``logcumsumexp``, ``ldexp``, ``renorm``, ``diag_embed``,
``diagflat``, ``msort``, ``masked_scatter``, ``index_put``, ``narrow_copy``, and the number
tests and integer helpers (``isposinf``, ``isneginf``, ``gcd``, ``lcm``, ``frexp``,
``nextafter``, ``unique_consecutive``), with the in-place forms PyTorch has.

A special function's numbers are computed in float64 and rounded to the tensor's dtype; its
gradient is the input times a constant (the derivative at each element), so the one backward
pass gives ``grad * f'(x)`` under PyTorch's node name.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([0.5, 1.0, 3.0], requires_grad=True)
>>> x.lgamma()
tensor([0.5724, 0.0000, 0.6931], grad_fn=<LgammaBackward0>)
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import Any

from ._more_ops import logaddexp, named
from ._tensor.dtype import bool_, float32, float64, int32, int64
from ._tensor.ops.inplace import adopt
from ._tensor.ops.selection import where
from ._tensor.ops.writeback import CopySlices
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from .core.engine import Value

__all__ = ["FUNCTIONS", "METHODS", "digamma_number", "erfinv_number", "special", "trigamma_number"]

_LN2 = math.log(2.0)


# -- the special functions on numbers --------------------------------------------------------


def digamma_number(x: float) -> float:
    """psi(x) = d/dx log Gamma(x): the recurrence up to x >= 6, then the asymptotic series
    (-inf at 0 and nan at the negative integers, as PyTorch)."""
    if x != x or x == -math.inf:
        return math.nan
    if x == 0:
        return math.copysign(math.inf, -x)
    if x < 0:
        if x == math.floor(x):
            return math.nan
        return digamma_number(1 - x) - math.pi / math.tan(math.pi * x)
    if x == math.inf:
        return math.inf
    acc = 0.0
    while x < 6:
        acc -= 1 / x
        x += 1
    f = 1 / (x * x)
    series = f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f * (1 / 132)))))
    return acc + math.log(x) - 0.5 / x - series


def trigamma_number(x: float) -> float:
    """psi'(x), the derivative of digamma: the recurrence, then the asymptotic series."""
    if x != x:
        return math.nan
    if x <= 0 and x == math.floor(x):
        return math.inf
    if x < 0:  # reflection: psi'(1-x) + psi'(x) = pi^2 / sin^2(pi x)
        return -trigamma_number(1 - x) + (math.pi / math.sin(math.pi * x)) ** 2
    acc = 0.0
    while x < 6:
        acc += 1 / (x * x)
        x += 1
    f = 1 / (x * x)
    series = 1 / x + f / 2 + f / x * (1 / 6 - f * (1 / 30 - f * (1 / 42 - f / 30)))
    return acc + series


def erfinv_number(y: float) -> float:
    """The x with erf(x) = y: Newton's steps from a rational first guess (inf at +-1, nan
    outside [-1, 1])."""
    if y != y or not -1 <= y <= 1:
        return math.nan
    if abs(y) == 1:
        return math.copysign(math.inf, y)
    a = 0.147  # Winitzki's approximation, then Newton on erf(x) - y
    ln = math.log(1 - y * y)
    t = 2 / (math.pi * a) + ln / 2
    x = math.copysign(math.sqrt(math.sqrt(t * t - ln / a) - t), y)
    for _ in range(4):
        err = math.erf(x) - y
        x -= err / (2 / math.sqrt(math.pi) * math.exp(-x * x))
    return x


def _lgamma(x: float) -> float:
    if x != x:
        return x
    if x <= 0 and x == math.floor(x):
        return math.inf
    return math.lgamma(x) if math.isfinite(x) else math.inf


def _acosh(x: float) -> float:
    return math.acosh(x) if x >= 1 else math.nan


def _acosh_slope(x: float) -> float:
    return 1 / math.sqrt(x * x - 1) if x > 1 else (math.inf if x == 1 else math.nan)


def _erfinv_slope(x: float) -> float:
    e = erfinv_number(x)
    return math.sqrt(math.pi) / 2 * math.exp(e * e) if math.isfinite(e) else math.inf


def special(name: str, value: Callable[[float], float], slope: Callable[[float], float]) -> Any:
    """The unary function ``value`` with derivative ``slope``, under PyTorch's node ``name``."""

    def fn(input: Any) -> Any:
        xs = input.reshape(-1).tolist()
        dt = input.dtype if input.dtype in (float32, float64) else float32
        x = input if input.dtype is dt else input.to(dt)
        slopes = tensor([_finite(slope, v) for v in xs], dtype=dt).reshape(input.shape)
        r = x * slopes  # its grad: the derivative at each element, times the upstream
        exact = tensor([value(v) for v in xs], dtype=dt)
        for v, e in zip(r.flat, exact.flat):
            v.data = e.data
        return named(name, r, (input,))

    fn.__name__ = name[: -len("Backward0")].lower()
    return fn


def _finite(slope: Callable[[float], float], v: float) -> float:
    try:
        return slope(v)
    except (ValueError, OverflowError, ZeroDivisionError):
        return math.nan


lgamma = special("LgammaBackward0", _lgamma, digamma_number)
digamma = special("DigammaBackward0", digamma_number, trigamma_number)
erfinv = special("ErfinvBackward0", erfinv_number, _erfinv_slope)
acosh = special("AcoshBackward0", _acosh, _acosh_slope)


# -- arithmetic made of the engine's ops ----------------------------------------------------


def logaddexp2(input: Any, other: Any) -> Any:
    """``log2(2**input + 2**other)``, without overflow (``Logaddexp2Backward0``)."""
    return named("Logaddexp2Backward0", logaddexp(input * _LN2, other * _LN2) / _LN2,
                 (input, other))  # fmt: skip


def logcumsumexp(input: Any, dim: int) -> Any:
    """``log(cumsum(exp(input)))`` along ``dim``, shifted by the line's largest element so
    nothing overflows (``LogcumsumexpBackward0``)."""
    d = normalize_dim(dim, max(input.dim(), 1))
    m = input.detach().amax(d, keepdim=True) if input.dim() else input.detach()
    m = where(m.isinf(), m * 0, m)
    return named("LogcumsumexpBackward0", (input - m).exp().cumsum(d).log() + m, (input,))


def ldexp(input: Any, other: Any) -> Any:
    """``input * 2**other`` (``LdexpBackward0``; its grad is ``grad * pow(2, other)`` in
    ``other``'s dtype, as PyTorch computes it: 0 for a negative integer exponent)."""
    two = other if is_tensor(other) else tensor(other)
    dt = input.dtype if input.is_floating_point() else float32
    scale = (2.0 ** two.to(float64)).to(dt)
    if two.is_floating_point():
        return named("LdexpBackward0", input * scale, (input,))
    exps = two.expand((input + two).shape).reshape(-1).tolist()
    slope = tensor([float(2 ** int(e)) if e >= 0 else 0.0 for e in exps], dtype=dt)
    r = input * slope.reshape((input + two).shape)
    for v, e in zip(r.flat, (input * scale).flat):
        v.data = e.data
    return named("LdexpBackward0", r, (input,))


def renorm(input: Any, p: float, dim: int, maxnorm: float) -> Any:
    """Each slice along ``dim`` whose ``p``-norm is over ``maxnorm`` scaled down to it
    (``RenormBackward0``)."""
    d = normalize_dim(dim, input.dim())
    others = [k for k in range(input.dim()) if k != d]
    norm = (input.abs() ** p).sum(others, keepdim=True) ** (1.0 / p)
    factor = where(norm > maxnorm, maxnorm / (norm + 1e-7), norm * 0 + 1)
    return named("RenormBackward0", input * factor, (input,))


def narrow_copy(input: Any, dim: int, start: int, length: int) -> Any:
    """``input.narrow(dim, start, length)``, copied (``NarrowCopyBackward0``)."""
    return named("NarrowCopyBackward0", input.narrow(dim, start, length).clone(), (input,))


def msort(input: Any) -> Any:
    """``input`` sorted along its first dim (``SortBackward0``)."""
    return input.sort(dim=0).values


def _fresh(t: Any) -> list[Any]:
    return [v * 1 for v in t.flat]


def diag_embed(input: Any, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Any:
    """Each last-dim vector as the diagonal (``offset`` above it) of a square matrix of zeros
    (``DiagEmbedBackward0``)."""
    if (normalize_dim(dim1, input.dim() + 1), normalize_dim(dim2, input.dim() + 1)) != (
        input.dim() - 1, input.dim()):  # fmt: skip
        raise NotImplementedError("diag_embed: only the last two dims (dim1=-2, dim2=-1)")
    n = input.shape[-1] if input.dim() else 1
    size = n + abs(offset)
    rows = input.reshape(-1, n)
    vals: list[Any] = []
    zero = Value(0.0, requires_grad=False)
    for row in range(rows.shape[0]):
        src = rows.flat[row * n : (row + 1) * n]
        block = [zero] * (size * size)
        for i, v in enumerate(src):
            r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
            block[r * size + c] = v * 1
        vals += [b if b is not zero else Value(0.0, requires_grad=False) for b in block]
    shape = (*input.shape[:-1], size, size)
    return result(vals, shape, input.dtype, node_class("DiagEmbedBackward0", -1, {}, "find"),
                  (input,))  # fmt: skip


def diagflat(input: Any, offset: int = 0) -> Any:
    """The flattened input as the diagonal of a matrix (``DiagEmbedBackward0``)."""
    return diag_embed(input.reshape(-1), offset)


def masked_scatter(input: Any, mask: Any, source: Any) -> Any:
    """``input`` with the elements of ``source``, in order, where ``mask`` is True
    (``MaskedScatterBackward0``)."""
    m = mask.expand(input.shape).reshape(-1).tolist()
    need = sum(1 for b in m if b)
    if need > source.numel():
        raise RuntimeError("masked_scatter: expected source to have at least as many elements "
                           "as the ones in mask")  # fmt: skip
    vals, src, k = _fresh(input), source.flat, 0
    for i, b in enumerate(m):
        if b:
            vals[i] = src[k] * 1
            k += 1
    node = node_class("MaskedScatterBackward0", -1, {}, "find")
    return result(vals, input.shape, input.dtype, node, (input, source))


def index_put(input: Any, indices: Any, values: Any, accumulate: bool = False) -> Any:
    """``input`` with ``input[indices] = values`` (``+=`` with ``accumulate``, in order)
    (``IndexPutBackward0``)."""
    where_ = tensor(list(range(input.numel())), dtype=int64).reshape(input.shape)[tuple(indices)]
    pos = [int(v.data) for v in where_.flat]
    src = values.expand(where_.shape).reshape(-1) if is_tensor(values) else None
    vals = _fresh(input)
    for j, p in enumerate(pos):
        v = src.flat[j] if src is not None else Value(float(values), requires_grad=False)
        vals[p] = vals[p] + v if accumulate else v * 1
    inputs = (input, values) if is_tensor(values) else (input,)
    return result(vals, input.shape, input.dtype, node_class("IndexPutBackward0", -1, {}, "find"),
                  inputs)  # fmt: skip


def fill_diagonal_(input: Any, fill_value: float, wrap: bool = False) -> Any:
    """Write ``fill_value`` on the main diagonal, in place (for a tall matrix with ``wrap``,
    again every ``cols + 1`` rows) (``CopySlices``)."""
    if input.dim() < 2 or (input.dim() > 2 and len(set(input.shape)) != 1):
        raise RuntimeError("all dimensions of input must be of equal length")
    shape = list(input.shape)
    step = sum(math.prod(shape[k + 1 :]) for k in range(len(shape)))  # one step down each dim
    count = min(shape)  # the diagonal's length; a tall matrix with wrap goes on below it
    pos = list(range(0, input.numel(), step))
    if not (wrap and input.dim() == 2):
        pos = pos[:count]
    flat = tensor(pos, dtype=int64)

    def compute(before: Any) -> Any:
        r = index_put(before.reshape(-1), (flat,), fill_value).reshape(before.shape)
        if r.grad_fn is None:
            return r
        return result(r.flat, before.shape, before.dtype, CopySlices, (before, None))

    return adopt(input, compute)


# -- number tests and integers ---------------------------------------------------------------


def isposinf(input: Any) -> Any:
    """Where an element is +inf."""
    return tensor([v == math.inf for v in input.reshape(-1).tolist()], dtype=bool_).reshape(
        input.shape
    )


def isneginf(input: Any) -> Any:
    """Where an element is -inf."""
    return tensor([v == -math.inf for v in input.reshape(-1).tolist()], dtype=bool_).reshape(
        input.shape
    )


def _pairs(input: Any, other: Any) -> tuple[list[Any], list[Any], Any]:
    a, b = (input, other) if is_tensor(other) else (input, tensor(other))
    shape = (a + b).shape
    return a.expand(shape).reshape(-1).tolist(), b.expand(shape).reshape(-1).tolist(), shape


def gcd(input: Any, other: Any) -> Any:
    """The greatest common divisor of each pair of integers."""
    xs, ys, shape = _pairs(input, other)
    return tensor([math.gcd(int(x), int(y)) for x, y in zip(xs, ys)], dtype=input.dtype).reshape(
        shape
    )


def lcm(input: Any, other: Any) -> Any:
    """The least common multiple of each pair of integers (0 where either is 0)."""
    xs, ys, shape = _pairs(input, other)
    got = [abs(int(x) * int(y)) // math.gcd(int(x), int(y)) if x and y else 0
           for x, y in zip(xs, ys)]  # fmt: skip
    return tensor(got, dtype=input.dtype).reshape(shape)


def _next32(x: float, toward: float) -> float:
    if x != x or toward != toward:
        return math.nan
    if x == toward:
        return toward
    if x == 0:
        return math.copysign(struct.unpack("<f", struct.pack("<I", 1))[0], toward)
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits += 1 if (toward > x) == (x > 0) else -1
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def nextafter(input: Any, other: Any) -> Any:
    """The next number of the dtype after each element, toward ``other``."""
    xs, ys, shape = _pairs(input, other)
    step = math.nextafter if input.dtype is float64 else _next32
    return tensor([step(x, y) for x, y in zip(xs, ys)], dtype=input.dtype).reshape(shape)


class frexp_type(tuple):  # noqa: N801 - PyTorch's torch.return_types.frexp
    """``(mantissa, exponent)``, also by name."""

    __slots__ = ()

    def __new__(cls, mantissa: Any, exponent: Any) -> frexp_type:
        return super().__new__(cls, (mantissa, exponent))

    @property
    def mantissa(self) -> Any:
        return self[0]

    @property
    def exponent(self) -> Any:
        return self[1]

    def __repr__(self) -> str:
        return f"torch.return_types.frexp(\nmantissa={self[0]!r},\nexponent={self[1]!r})"


def frexp(input: Any) -> Any:
    """Each element as ``mantissa * 2**exponent``, the mantissa in [0.5, 1)."""
    pairs = [math.frexp(v) if math.isfinite(v) else (v, 0) for v in input.reshape(-1).tolist()]
    mant = tensor([m for m, _ in pairs], dtype=input.dtype).reshape(input.shape)
    return frexp_type(mant, tensor([e for _, e in pairs], dtype=int32).reshape(input.shape))


def unique_consecutive(input: Any, return_inverse: bool = False, return_counts: bool = False,
                       dim: Any = None) -> Any:  # fmt: skip
    """The elements with each run of equal ones kept once (of the flattened input), and where
    each element went and each run's length when asked."""
    if dim is not None:
        raise NotImplementedError("unique_consecutive(dim=): of the flattened input only")
    vals, inverse, counts = [], [], []
    for v in input.reshape(-1).tolist():
        if not vals or v != vals[-1]:
            vals.append(v)
            counts.append(0)
        counts[-1] += 1
        inverse.append(len(vals) - 1)
    out: list[Any] = [tensor(vals, dtype=input.dtype)]
    if return_inverse:
        out.append(tensor(inverse, dtype=int64).reshape(input.shape))
    if return_counts:
        out.append(tensor(counts, dtype=int64))
    return out[0] if len(out) == 1 else tuple(out)


def _inplace(fn: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return adopt(self, lambda before: fn(before, *args, **kwargs))

    method.__name__ = f"{fn.__name__}_"
    return method


FUNCTIONS: dict[str, Any] = {
    "lgamma": lgamma, "digamma": digamma, "erfinv": erfinv, "acosh": acosh, "arccosh": acosh,
    "logaddexp2": logaddexp2, "logcumsumexp": logcumsumexp, "ldexp": ldexp, "renorm": renorm,
    "narrow_copy": narrow_copy, "msort": msort, "diag_embed": diag_embed, "diagflat": diagflat,
    "masked_scatter": masked_scatter, "index_put": index_put, "isposinf": isposinf,
    "isneginf": isneginf, "gcd": gcd, "lcm": lcm, "nextafter": nextafter, "frexp": frexp,
    "unique_consecutive": unique_consecutive,
}  # fmt: skip
METHODS: dict[str, Any] = {
    **FUNCTIONS,
    "fill_diagonal_": fill_diagonal_,
    **{f"{n}_": _inplace(FUNCTIONS[n]) for n in (
        "lgamma", "digamma", "erfinv", "acosh", "arccosh", "ldexp", "renorm", "masked_scatter",
        "index_put", "gcd", "lcm", "nextafter")},
}  # fmt: skip
