"""The torch-level functions: ``torch.sum(t)`` is ``t.sum()``, ``torch.exp(t)`` is ``t.exp()``.

>>> import tinygrad_edu as torch
>>> torch.sum(torch.tensor([1.0, 2.0, 3.0]))
tensor(6.)
>>> torch.log1p(torch.tensor([0.0]))
tensor([0.])

The elementwise ones come from the op table: every op PyTorch has as ``torch.f`` is in
``TORCH``, every one it has in ``torch.nn.functional`` is in ``NN_FUNCTIONAL``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...core.engine import INFIX
from ...core.grad_mode import STATE, no_grad
from ...core.ops import OPS
from .. import kernels, tensor
from ..arguments import operand_arg, operands
from ..dtype import C_NAMES, store
from ..tensor import Tensor
from . import matrices
from .inplace import write

__all__ = [
    "NN_FUNCTIONAL", "TORCH", "dot", "elementwise", "into", "matmul", "mean", "sum", "with_out",
]  # fmt: skip


def into(out: Tensor | None, r: Tensor, name: str, *inputs: Any) -> Tensor:
    """``out=``: the result written into ``out`` (which is returned), as PyTorch's ``out=``
    variants do; they take no part in autograd."""
    if out is None:
        return r
    if any(isinstance(x, Tensor) and x.requires_grad for x in inputs) and STATE.enabled:
        raise RuntimeError(
            f"{name}(): functions with out=... arguments don't support automatic "
            "differentiation, but one of the arguments requires grad."
        )
    if r.dtype.is_floating_point and not out.dtype.is_floating_point:
        raise RuntimeError(
            f"result type {C_NAMES[r.dtype][0]} can't be cast to the desired output type "
            f"{C_NAMES[out.dtype][0]}"
        )
    if tuple(out.shape) != tuple(r.shape):
        raise NotImplementedError(
            f"{name}(out=...) of another shape: give out the shape {list(r.shape)}"
        )
    write(out, [store(out.dtype, v.data) for v in r.flat])
    return out


def with_out(fn: Callable[..., Tensor]) -> Callable[..., Tensor]:
    """``fn`` that also takes ``out=`` (``torch.matmul(a, b, out=c)``): computed, then written
    into ``out`` by ``into``."""

    @functools.wraps(fn)
    def call(*args: Any, out: Tensor | None = None, **kwargs: Any) -> Tensor:
        if out is None:
            return fn(*args, **kwargs)
        with no_grad():
            r = fn(*args, **kwargs)
        return into(out, r, fn.__name__, *args, *kwargs.values())

    return call


dot = with_out(tensor.dot)
matmul = with_out(matrices.matmul)


def elementwise(key: str) -> Callable[..., Tensor]:
    """The table's op ``key`` on a tensor, as a torch-level function (``torch.exp(t)``)."""
    op = OPS[key]
    params = [n for n, _ in op.params]
    name = op.method_name or key
    if op.infix and op.arity == 2:  # torch.add(a, b) is a + b; torch.pow(a, 2) is a ** 2
        python = INFIX[op.infix]

        def infix(input: Any, other: Any, *, out: Tensor | None = None) -> Tensor:
            if name == "pow":
                operands(name, (input, other))  # torch.pow(t, "a"), torch.pow("a", t)
            operand_arg(name, input, "input", 1)
            operand_arg(name, other, "other", 2)
            return into(out, python(input, other), name, input, other)

        infix.__name__ = infix.__qualname__ = name
        return infix

    def fn(input: Tensor, *args: Any, out: Tensor | None = None, **kwargs: Any) -> Tensor:
        if not isinstance(input, Tensor):
            raise TypeError(
                f"{op.method_name}(): argument 'input' must be Tensor, not {type(input).__name__}"
            )
        given = [*args, *(kwargs.pop(n) for n in params[len(args) :] if n in kwargs)]
        if kwargs or len(given) > len(params):
            raise TypeError(f"{op.method_name}() got an unexpected argument")
        return into(out, kernels.unary(key, input, *given), name, input)

    fn.__name__ = fn.__qualname__ = op.method_name or key
    return fn


TORCH: dict[str, Callable[..., Tensor]] = {
    op.method_name: elementwise(op.key)
    for op in OPS.values()
    if op.method_name and "torch" in op.where
}
NN_FUNCTIONAL: dict[str, Callable[..., Tensor]] = {
    op.method_name: TORCH.get(op.method_name) or elementwise(op.key)
    for op in OPS.values()
    if op.method_name and "functional" in op.where
}


@with_out
def sum(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    return input.sum(*args, **kwargs)  # type: ignore[no-any-return]


@with_out
def mean(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    return input.mean(*args, **kwargs)  # type: ignore[no-any-return]


def __getattr__(name: str) -> Any:
    # torch.exp and the rest are the table's: reachable as attributes of this module too
    if name in TORCH:
        return TORCH[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
