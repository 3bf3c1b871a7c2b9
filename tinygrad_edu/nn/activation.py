"""The activation modules of ``torch.nn``, from one table: each holds its arguments as
attributes, runs its ``torch.nn.functional`` function and prints them as PyTorch does.

>>> import tinygrad_edu as torch
>>> torch.nn.ELU(), torch.nn.GELU(), torch.nn.Hardtanh(-2, 2), torch.nn.ReLU(inplace=True)
(ELU(alpha=1.0), GELU(approximate='none'), Hardtanh(min_val=-2, max_val=2), ReLU(inplace=True))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._tensor.tensor import Tensor
from . import functional as F  # noqa: N812 - PyTorch users' name
from .module import Module

__all__ = [
    "CELU",
    "ELU",
    "GELU",
    "SELU",
    "Hardsigmoid",
    "Hardswish",
    "Hardtanh",
    "LeakyReLU",
    "LogSigmoid",
    "LogSoftmax",
    "Mish",
    "ReLU",
    "ReLU6",
    "SiLU",
    "Sigmoid",
    "Softmax",
    "Softmin",
    "Softplus",
    "Softsign",
    "Tanh",
    "Tanhshrink",
]


def _hardtanh_check(m: Any) -> None:
    if m.max_val <= m.min_val:
        raise AssertionError(f"max_val ({m.max_val}) must be greater than min_val ({m.min_val})")


def _shown(v: Any) -> str:
    return repr(v) if isinstance(v, str) else str(v)


def _activation(
    name: str,
    fn: Callable[..., Tensor],
    params: tuple[tuple[str, Any], ...] = (),
    *,
    inplace: bool = False,
    base: type[Module] = Module,
    check: Callable[[Any], None] | None = None,
    fixed: tuple[tuple[str, Any], ...] = (),
) -> type[Module]:
    """A module class ``name(params..., [inplace])`` whose forward is ``fn(x, params...)``;
    ``fixed`` are attributes it has but does not take (``ReLU6``'s ``min_val``)."""
    names = [p for p, _ in params] + (["inplace"] if inplace else [])
    defaults = dict(params, **({"inplace": False} if inplace else {}))

    def __init__(self: Module, *args: Any, **kwargs: Any) -> None:  # noqa: N807
        if len(args) > len(names):
            raise TypeError(
                f"{name}.__init__() takes from 1 to {len(names) + 1} positional arguments but "
                f"{len(args) + 1} were given"
            )
        for k in kwargs:
            if k not in names:
                raise TypeError(f"{name}.__init__() got an unexpected keyword argument '{k}'")
        Module.__init__(self)
        values = {**defaults, **dict(zip(names, args)), **kwargs}
        for k, v in (*fixed, *values.items()):
            setattr(self, k, v)
        if check is not None:
            check(self)

    def forward(self: Module, input: Tensor) -> Tensor:
        args = [getattr(self, p) for p, _ in params]
        return fn(input, *args, inplace=self.inplace) if inplace else fn(input, *args)

    def extra_repr(self: Module) -> str:
        shown = [f"{p}={_shown(getattr(self, p))}" for p, _ in params]
        return ", ".join(shown + (["inplace=True"] if inplace and self.inplace else []))

    doc = f"``torch.nn.{name}``: ``{fn.__name__}`` as a module, for ``Sequential``."
    attrs = {"__init__": __init__, "forward": forward, "extra_repr": extra_repr, "__doc__": doc}
    return type(name, (base,), {**attrs, "__module__": __name__})


ReLU = _activation("ReLU", F.relu, inplace=True)
Hardtanh = _activation(
    "Hardtanh", F.hardtanh, (("min_val", -1.0), ("max_val", 1.0)), inplace=True,
    check=_hardtanh_check,
)  # fmt: skip
ReLU6 = _activation(
    "ReLU6", F.relu6, inplace=True, base=Hardtanh, fixed=(("min_val", 0.0), ("max_val", 6.0))
)
Sigmoid = _activation("Sigmoid", F.sigmoid)
Hardsigmoid = _activation("Hardsigmoid", F.hardsigmoid, inplace=True)
Tanh = _activation("Tanh", F.tanh)
SiLU = _activation("SiLU", F.silu, inplace=True)
Mish = _activation("Mish", F.mish, inplace=True)
Hardswish = _activation("Hardswish", F.hardswish, inplace=True)
ELU = _activation("ELU", F.elu, (("alpha", 1.0),), inplace=True)
CELU = _activation("CELU", F.celu, (("alpha", 1.0),), inplace=True)
SELU = _activation("SELU", F.selu, inplace=True)
GELU = _activation("GELU", F.gelu, (("approximate", "none"),))
LeakyReLU = _activation("LeakyReLU", F.leaky_relu, (("negative_slope", 0.01),), inplace=True)
LogSigmoid = _activation("LogSigmoid", F.logsigmoid)
Softplus = _activation("Softplus", F.softplus, (("beta", 1.0), ("threshold", 20.0)))
Softsign = _activation("Softsign", F.softsign)
Tanhshrink = _activation("Tanhshrink", F.tanhshrink)
Softmax = _activation("Softmax", F.softmax, (("dim", None),))
LogSoftmax = _activation("LogSoftmax", F.log_softmax, (("dim", None),))
Softmin = _activation("Softmin", F.softmin, (("dim", None),))
