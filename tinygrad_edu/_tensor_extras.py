"""More of ``Tensor``'s methods and their ``torch.f`` forms: batched products into a sum
(``addbmm``, ``baddbmm``), sliding windows (``unfold``), writes of a tensor into a slice, a
select or a diagonal (``slice_scatter``, ``select_scatter``, ``diagonal_scatter``),
``mvlgamma``, ``i0``, the bit shifts (``<<``, ``>>``, ``bitwise_left_shift``, ...),
``adjoint``/``mH`` and the activations PyTorch also has as methods (``hardshrink``,
``prelu``), each under PyTorch's node name.

>>> import tinygrad_edu as torch
>>> torch.arange(6.0).unfold(0, 3, 2)
tensor([[0., 1., 2.],
        [2., 3., 4.]])
>>> torch.tensor([1, -8]) << 2, torch.tensor([1, -8]) >> 1
(tensor([  4, -32]), tensor([ 0, -4]))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ._more_ops import named
from ._special_ops import lgamma, special
from ._tensor.dtype import int64
from ._tensor.kernels import stack
from ._tensor.ops.inplace import adopt
from ._tensor.shape import normalize_dim
from ._tensor.tensor import tensor
from ._tensor.tensor_graph import is_tensor, node_class, result
from .nn import more_functional as MF  # noqa: N812

__all__ = ["FUNCTIONS", "METHODS", "i0_number", "i1_number"]


def addbmm(input: Any, batch1: Any, batch2: Any, *, beta: float = 1, alpha: float = 1) -> Any:
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])`` (``AddbmmBackward0``)."""
    prod = batch1.bmm(batch2).sum(0)
    r = (input * beta if beta != 1 else input) + (prod * alpha if alpha != 1 else prod)
    return named("AddbmmBackward0", r, (input, batch1, batch2))


def baddbmm(input: Any, batch1: Any, batch2: Any, *, beta: float = 1, alpha: float = 1) -> Any:
    """``beta * input + alpha * (batch1 @ batch2)``, batch by batch (``BaddbmmBackward0``)."""
    prod = batch1.bmm(batch2)
    r = (input * beta if beta != 1 else input) + (prod * alpha if alpha != 1 else prod)
    return named("BaddbmmBackward0", r, (input, batch1, batch2))


def unfold(input: Any, dimension: int, size: int, step: int) -> Any:
    """Every window of ``size`` along ``dimension``, ``step`` apart: that dim becomes the
    windows' count and a last dim of ``size`` is added (``UnfoldBackward0``)."""
    d = normalize_dim(dimension, max(input.dim(), 1))
    n = input.shape[d] if input.dim() else 1
    if size > n:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {n} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    if not input.dim():  # a number: one window of it
        return named("UnfoldBackward0", input.reshape(1), (input,))
    windows = [input.narrow(d, i * step, size) for i in range((n - size) // step + 1)]
    r = stack(windows, d).movedim(d + 1, -1)
    return named("UnfoldBackward0", r, (input,))


def _scatter_into(input: Any, where: Any, src: Any, name: str) -> Any:
    """``input`` with ``src`` written at the flat positions ``where`` holds (row-major)."""
    if tuple(src.shape) != tuple(where.shape):
        raise RuntimeError(
            f"expected src to have a size equal to the slice of self. src size = "
            f"{list(src.shape)}, slice size = {list(where.shape)}"
        )
    vals = [v * 1 for v in input.flat]
    for p, v in zip(where.reshape(-1).tolist(), src.flat):
        vals[int(p)] = v * 1
    return result(vals, input.shape, input.dtype, node_class(name, -1, {}, "find"), (input, src))


def _positions(input: Any) -> Any:
    return tensor(list(range(input.numel())), dtype=int64).reshape(input.shape)


def select_scatter(input: Any, src: Any, dim: int, index: int) -> Any:
    """``input`` with ``input.select(dim, index)`` replaced by ``src``
    (``SelectScatterBackward0``)."""
    return _scatter_into(input, _positions(input).select(dim, index), src,
                         "SelectScatterBackward0")  # fmt: skip


def slice_scatter(input: Any, src: Any, dim: int = 0, start: Any = None, end: Any = None,
                  step: int = 1) -> Any:  # fmt: skip
    """``input`` with the slice ``start:end:step`` of ``dim`` replaced by ``src``
    (``SliceScatterBackward0``)."""
    d = normalize_dim(dim, input.dim())
    key = (slice(None),) * d + (slice(start, end, step),)
    return _scatter_into(input, _positions(input)[key], src, "SliceScatterBackward0")


def diagonal_scatter(input: Any, src: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Any:
    """``input`` with its diagonal replaced by ``src`` (``DiagonalScatterBackward0``)."""
    where = _positions(input).diagonal(offset, dim1, dim2)
    return _scatter_into(input, where, src, "DiagonalScatterBackward0")


def mvlgamma(input: Any, p: int) -> Any:
    """The log of the multivariate gamma function of dimension ``p``:
    ``p(p-1)/4 log(pi) + sum_j lgamma(x - j/2)`` (``MvlgammaBackward0``)."""
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    if any(v <= (p - 1) / 2 for v in input.reshape(-1).tolist()):
        raise RuntimeError("All elements must be greater than (p-1)/2")
    r = lgamma(input)
    for j in range(1, p):
        r = r + lgamma(input - j / 2)
    return named("MvlgammaBackward0", r + p * (p - 1) / 4 * math.log(math.pi), (input,))


def i0_number(x: float) -> float:
    """The modified Bessel function of the first kind of order 0, by its power series."""
    term, total, k, q = 1.0, 1.0, 0, x * x / 4
    while term > total * 1e-17 and k < 1000:
        k += 1
        term *= q / (k * k)
        total += term
    return total


def i1_number(x: float) -> float:
    """I1, the derivative of I0, by its power series."""
    term = x / 2
    total, k, q = term, 0, x * x / 4
    while abs(term) > abs(total) * 1e-17 and k < 1000:
        k += 1
        term *= q / (k * (k + 1))
        total += term
    return total


i0 = special("I0Backward0", i0_number, i1_number)


def _ints(input: Any, other: Any, what: str) -> tuple[list[int], list[int], Any]:
    if input.is_floating_point() or (is_tensor(other) and other.is_floating_point()):
        raise NotImplementedError(f"\"{what}\" not implemented for 'Float'")
    o = other if is_tensor(other) else tensor(other, dtype=input.dtype)
    shape = (input + o).shape
    xs = [int(v) for v in input.expand(shape).reshape(-1).tolist()]
    return xs, [int(v) for v in o.expand(shape).reshape(-1).tolist()], shape


def bitwise_left_shift(input: Any, other: Any) -> Any:
    """Each integer shifted left by ``other`` bits (``a * 2**b``)."""
    xs, ys, shape = _ints(input, other, "lshift_cpu")
    return tensor([_wrap(x << y) for x, y in zip(xs, ys)], dtype=input.dtype).reshape(shape)


def bitwise_right_shift(input: Any, other: Any) -> Any:
    """Each integer shifted right by ``other`` bits, rounding down (its sign kept)."""
    xs, ys, shape = _ints(input, other, "rshift_cpu")
    return tensor([x >> y for x, y in zip(xs, ys)], dtype=input.dtype).reshape(shape)


def _wrap(v: int) -> int:
    return (v + 2**63) % 2**64 - 2**63  # int64 arithmetic wraps


def _inplace(fn: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return adopt(self, lambda before: fn(before, *args, **kwargs))

    method.__name__ = f"{fn.__name__}_"
    return method


def _adjoint(self: Any) -> Any:
    return self.transpose(-2, -1)  # real tensors: the conjugate is the tensor itself


FUNCTIONS: dict[str, Any] = {
    "addbmm": addbmm, "baddbmm": baddbmm, "select_scatter": select_scatter,
    "slice_scatter": slice_scatter, "diagonal_scatter": diagonal_scatter, "mvlgamma": mvlgamma,
    "i0": i0, "bitwise_left_shift": bitwise_left_shift,
    "bitwise_right_shift": bitwise_right_shift, "adjoint": _adjoint,
}  # fmt: skip
METHODS: dict[str, Any] = {
    **FUNCTIONS,
    "unfold": unfold,
    "mH": property(_adjoint),
    "hardshrink": lambda self, lambd=0.5: MF.hardshrink(self, lambd),
    "prelu": lambda self, weight: MF.prelu(self, weight),
    "heaviside_": lambda self, values: adopt(self, lambda before: before.heaviside(values)),
    "__lshift__": bitwise_left_shift,
    "__rshift__": bitwise_right_shift,
    "__ilshift__": _inplace(bitwise_left_shift),
    "__irshift__": _inplace(bitwise_right_shift),
    **{f"{n}_": _inplace(FUNCTIONS[n]) for n in (
        "addbmm", "baddbmm", "mvlgamma", "i0", "bitwise_left_shift", "bitwise_right_shift")},
}  # fmt: skip
