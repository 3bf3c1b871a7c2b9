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

from collections.abc import Callable
from typing import Any

from . import kernels
from .engine import INFIX
from .ops import OPS
from .tensor import Tensor, dot, matmul

__all__ = ["NN_FUNCTIONAL", "TORCH", "dot", "elementwise", "matmul", "mean", "sum"]


def elementwise(key: str) -> Callable[..., Tensor]:
    """The table's op ``key`` on a tensor, as a torch-level function (``torch.exp(t)``)."""
    op = OPS[key]
    params = [n for n, _ in op.params]
    if op.infix and op.arity == 2:  # torch.add(a, b) is a + b; torch.pow(a, 2) is a ** 2
        python = INFIX[op.infix]
        infix = lambda input, other: python(input, other)
        infix.__name__ = infix.__qualname__ = op.method_name or key
        return infix

    def fn(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        if not isinstance(input, Tensor):
            raise TypeError(
                f"{op.method_name}(): argument 'input' must be Tensor, not {type(input).__name__}"
            )
        given = [*args, *(kwargs.pop(n) for n in params[len(args) :] if n in kwargs)]
        if kwargs or len(given) > len(params):
            raise TypeError(f"{op.method_name}() got an unexpected argument")
        return kernels.unary(key, input, *given)

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


def sum(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    return input.sum(*args, **kwargs)  # type: ignore[no-any-return]


def mean(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    return input.mean(*args, **kwargs)  # type: ignore[no-any-return]


def __getattr__(name: str) -> Any:
    # torch.exp and the rest are the table's: reachable as attributes of this module too
    if name in TORCH:
        return TORCH[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
