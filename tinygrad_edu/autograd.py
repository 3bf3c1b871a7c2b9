"""``torch.autograd``: ``grad``, anomaly mode and ``gradcheck``, for tensors.

>>> import tinygrad_edu as torch
>>> x = torch.tensor(2.0, requires_grad=True)
>>> torch.autograd.grad(x**3, x)
(tensor(12.),)
>>> w = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
>>> torch.autograd.gradcheck(lambda t: (t * t).sum(), (w,))
True
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from ._tensor_str import _float32
from .engine import Value, detect_anomaly, set_detect_anomaly
from .grad_mode import no_grad
from .gradcheck import GradcheckError
from .gradcheck import gradcheck as _scalar_gradcheck
from .tensor import Tensor, float32, float64, grad, tensor

__all__ = ["GradcheckError", "detect_anomaly", "grad", "gradcheck", "set_detect_anomaly"]


def gradcheck(
    func: Callable[..., Any],
    inputs: Any,
    *more: Value,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
) -> bool:
    """PyTorch's gradcheck: every Jacobian entry against central differences.

    A float32 input is perturbed and read back in float32, as in PyTorch, where that makes the
    check fail: use float64 inputs.  Called with Values, it is the scalar ``gradcheck``.
    """
    if isinstance(inputs, Value):
        return _scalar_gradcheck(func, inputs, *more, eps=eps, atol=atol, rtol=rtol,
                                 raise_exception=raise_exception)  # fmt: skip
    ins = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    wanted = [i for i, x in enumerate(ins) if isinstance(x, Tensor) and x.requires_grad]
    if not wanted:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, "
            "but none of them have requires_grad=True."
        )
    for i in wanted:
        if ins[i].dtype is not float64:
            warnings.warn(
                f"Input #{i} requires gradient and is not a double precision floating point or "
                "complex. This check will likely fail if all the inputs are not of double "
                "precision floating point or complex. ",
                UserWarning,
                stacklevel=2,
            )

    def outputs() -> list[Tensor]:
        out = func(*ins)
        return [out] if isinstance(out, Tensor) else list(out)

    for o, out in enumerate(outputs()):
        for i in wanted:
            x = ins[i]
            analytical = _analytical(out, x)
            numerical = _numerical(outputs, o, x, eps)
            ok = all(
                abs(a - n) <= atol + rtol * abs(n)
                for ra, rn in zip(analytical, numerical)
                for a, n in zip(ra, rn)
            )
            if not ok:
                if not raise_exception:
                    return False
                dt = out.dtype if out.dtype.is_floating_point else float32
                raise GradcheckError(
                    f"Jacobian mismatch for output {o} with respect to input {i},\n"
                    f"numerical:{tensor(numerical, dtype=dt)}\n"
                    f"analytical:{tensor(analytical, dtype=dt)}\n"
                )
    return True


def _analytical(out: Tensor, x: Tensor) -> list[list[float]]:
    """Rows are input elements, columns output elements (PyTorch's layout)."""
    cols = []
    for e in range(out.numel()):
        if not out.requires_grad:
            cols.append([0.0] * x.numel())
            continue
        onehot = [0.0] * out.numel()
        onehot[e] = 1.0
        seed = tensor(onehot, dtype=out.dtype).detach()
        seed = Tensor._make(seed._values, out.shape, out.dtype)
        (g,) = grad(out, x, grad_outputs=seed, retain_graph=True, allow_unused=True,
                    materialize_grads=True)  # fmt: skip
        cols.append([v.data for v in g._values])
    return [list(row) for row in zip(*cols)] if cols else [[] for _ in range(x.numel())]


def _numerical(
    outputs: Callable[[], list[Tensor]], o: int, x: Tensor, eps: float
) -> list[list[float]]:
    single = x.dtype is float32  # a float32 tensor holds and returns float32 numbers
    rnd = _float32 if single else float
    rows = []
    for v in x._values:
        old = v.data
        with no_grad():
            v.data = rnd(old + eps)
            hi = [rnd(e.data) for e in outputs()[o]._values]
            v.data = rnd(old - eps)
            lo = [rnd(e.data) for e in outputs()[o]._values]
        v.data = old
        rows.append([rnd(h - lw) / (2 * eps) for h, lw in zip(hi, lo)])
    return rows
