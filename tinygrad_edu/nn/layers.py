"""The layers of ``torch.nn``: ``Linear``, containers, activations, ``Flatten``, ``Dropout``.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
Sequential(
  (0): Linear(in_features=2, out_features=3, bias=True)
  (1): ReLU()
)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .. import random as draws
from ..dtype import get_default_dtype
from ..shape import nest
from ..tensor import Tensor, tensor
from . import functional as F  # noqa: N812 - PyTorch users' name
from .module import Module
from .parameter import Parameter

__all__ = [
    "Dropout",
    "Flatten",
    "Identity",
    "LeakyReLU",
    "Linear",
    "LogSoftmax",
    "ModuleList",
    "ReLU",
    "Sequential",
    "Sigmoid",
    "Softmax",
    "Tanh",
    "TensorMLP",
]


class Linear(Module):
    """``x @ weight.T + bias``, ``weight`` of shape (out, in), initialised as PyTorch's
    (kaiming-uniform with a = sqrt(5), the bias uniform in ±1/sqrt(in), from the seeded
    generator, so ``manual_seed`` gives PyTorch's numbers)."""

    def __init__(
        self, in_features: int, out_features: int, bias: bool = True, *, dtype: Any = None
    ) -> None:
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        w, b = draws.linear_init(None, in_features, out_features, bias)
        dt = dtype or get_default_dtype()
        self.weight = Parameter(tensor(nest(w, (out_features, in_features)), dtype=dt))
        self.bias = Parameter(tensor(b, dtype=dt)) if bias else None

    def forward(self, x: Tensor) -> Tensor:
        return F.linear(x, self.weight, self.bias)

    def extra_repr(self) -> str:
        bias = self.bias is not None
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={bias}"


class Identity(Module):
    def forward(self, x: Any) -> Any:
        return x


class Flatten(Module):
    """Flattens dims ``start_dim`` to ``end_dim`` (by default all but the batch dim)."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, x: Tensor) -> Tensor:
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


def _activation(name: str, fn: Any, doc: str) -> type[Module]:
    def forward(self: Module, x: Tensor) -> Tensor:
        return fn(x)

    return type(name, (Module,), {"forward": forward, "__doc__": doc})


ReLU = _activation("ReLU", lambda x: x.relu(), "``relu`` as a module, for ``Sequential``.")
Tanh = _activation("Tanh", lambda x: x.tanh(), "``tanh`` as a module.")
Sigmoid = _activation("Sigmoid", lambda x: x.sigmoid(), "``sigmoid`` as a module.")


class LeakyReLU(Module):
    def __init__(self, negative_slope: float = 0.01) -> None:
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, x: Tensor) -> Tensor:
        return F.leaky_relu(x, self.negative_slope)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}"


class Softmax(Module):
    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, x: Tensor) -> Tensor:
        return F.softmax(x, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    def forward(self, x: Tensor) -> Tensor:
        return F.log_softmax(x, self.dim)


class Dropout(Module):
    """Zeroes elements with probability ``p`` in training mode (PyTorch's mask, seeded)."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.dropout(x, self.p, self.training)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Sequential(Module):
    """Modules applied in order: ``Sequential(Linear(2, 8), ReLU(), Linear(8, 1))``."""

    def __init__(self, *modules: Any) -> None:
        super().__init__()
        if len(modules) == 1 and isinstance(modules[0], OrderedDict):
            for k, m in modules[0].items():
                self.add_module(k, m)
        else:
            for i, m in enumerate(modules):
                self.add_module(str(i), m)

    def forward(self, x: Any) -> Any:
        for m in self._modules.values():
            x = m(x)
        return x

    def __getitem__(self, i: int | slice) -> Any:
        mods = list(self._modules.values())
        return Sequential(*mods[i]) if isinstance(i, slice) else mods[i]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def append(self, module: Module) -> Sequential:
        self.add_module(str(len(self)), module)
        return self


class ModuleList(Module):
    """A list of modules, registered (their parameters are the owner's)."""

    def __init__(self, modules: Iterable[Module] | None = None) -> None:
        super().__init__()
        for m in modules or ():
            self.append(m)

    def append(self, module: Module) -> ModuleList:
        self.add_module(str(len(self._modules)), module)
        return self

    def __getitem__(self, i: int) -> Module:
        return list(self._modules.values())[i]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())


class TensorMLP(Sequential):
    """micrograd's ``MLP(nin, nouts)`` on tensors: ``Linear`` layers with ``ReLU`` between."""

    def __init__(self, nin: int, nouts: Sequence[int], *, dtype: Any = None) -> None:
        sz = [nin, *nouts]
        modules: list[Module] = []
        for i in range(len(nouts)):
            modules.append(Linear(sz[i], sz[i + 1], dtype=dtype))
            if i != len(nouts) - 1:
                modules.append(ReLU())
        super().__init__(*modules)
