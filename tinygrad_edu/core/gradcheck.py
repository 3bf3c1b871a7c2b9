"""Check analytical gradients against central differences.

>>> from tinygrad_edu import Value, gradcheck
>>> gradcheck(lambda x, y: (x * y).tanh(), Value(0.5), Value(-1.5))
True
"""

from __future__ import annotations

from collections.abc import Callable

from .engine import Value
from .grad_mode import no_grad
from .gradients import grad

__all__ = ["GradcheckError", "gradcheck", "numerical_grad"]


class GradcheckError(RuntimeError):
    """Raised when an analytical gradient and its central difference disagree."""


def numerical_grad(fn: Callable[..., Value], inputs: list[Value], i: int, eps: float) -> float:
    """(f(x+eps) - f(x-eps)) / 2eps for input ``i``, the others held still."""
    x = inputs[i]
    old = x.data
    with no_grad():
        try:
            x.data = old + eps
            hi = fn(*inputs).data
            x.data = old - eps
            lo = fn(*inputs).data
        finally:
            x.data = old
    return (hi - lo) / (2 * eps)


def gradcheck(
    fn: Callable[..., Value],
    *inputs: Value,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
) -> bool:
    """True if d fn / d input agrees with central differences for every input that requires grad."""
    ins = list(inputs)
    wanted = [x for x in ins if isinstance(x, Value) and x.requires_grad]
    if not wanted:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, "
            "but none of them have requires_grad=True."
        )
    out = fn(*ins)
    if not isinstance(out, Value):
        raise TypeError(f"gradcheck: fn must return a Value, got {type(out).__name__}")
    analytical = grad([out], wanted) if out.requires_grad else [None] * len(wanted)
    for k, x in enumerate(wanted):
        a = analytical[k] if analytical[k] is not None else 0.0
        n = numerical_grad(fn, ins, ins.index(x), eps)
        if not abs(a - n) <= atol + rtol * abs(n):
            if not raise_exception:
                return False
            name = f" ({x.label})" if x.label else ""
            raise GradcheckError(
                f"Jacobian mismatch for output 0 with respect to input {ins.index(x)}{name},\n"
                f"numerical:{n!r}\nanalytical:{a!r}"
            )
    return True
