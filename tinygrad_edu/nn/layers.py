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

from collections.abc import Sequence
from typing import Any

from .._tensor.arguments import int_list, nonnegative
from .._tensor.dtype import get_default_dtype
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, tensor
from .._torch_cpu import random as draws
from . import functional as F  # noqa: N812 - PyTorch users' name
from .activation import ReLU
from .containers import Sequential
from .module import Module
from .parameter import Parameter, UninitializedParameter

__all__ = ["Dropout", "Flatten", "Identity", "LazyLinear", "Linear", "TensorMLP"]


class Linear(Module):
    """``x @ weight.T + bias``, ``weight`` of shape (out, in), initialised as PyTorch's
    (kaiming-uniform with a = sqrt(5), the bias uniform in ±1/sqrt(in), from the seeded
    generator, so ``manual_seed`` gives PyTorch's numbers)."""

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        device: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self._init_parameters(bias, dtype)

    def _init_parameters(self, bias: bool, dtype: Any) -> None:
        n, m = self.in_features, self.out_features
        nonnegative(int_list("empty", ((m, n),)))  # PyTorch's torch.empty((out, in)) checks
        dt = dtype or get_default_dtype()
        w, b = draws.linear_init(None, n, m, bias, dt.name)
        self.weight = Parameter(tensor(nest(w, (m, n)), dtype=dt))
        if bias:
            self.bias = Parameter(tensor(b, dtype=dt))
        else:
            self.register_parameter("bias", None)

    def forward(self, input: Tensor) -> Tensor:
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        bias = self.bias is not None
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={bias}"


class LazyLinear(Linear):
    """A ``Linear`` whose ``in_features`` is the last dim of its first input: its parameters
    are drawn then (not when it is made), and it becomes a ``Linear``, as in PyTorch."""

    def __init__(
        self, out_features: int, bias: bool = True, device: Any = None, dtype: Any = None
    ) -> None:
        Module.__init__(self)
        self.in_features, self.out_features = 0, out_features
        self._lazy = bias
        self.weight = UninitializedParameter(dtype=dtype or get_default_dtype())
        self.register_parameter(
            "bias", UninitializedParameter(dtype=self.weight.dtype) if bias else None
        )

    def forward(self, input: Tensor) -> Tensor:
        bias = self.__dict__.pop("_lazy")
        self.in_features = input.shape[-1]
        self._init_parameters(bias, self.weight.dtype)  # the dtype it was made or moved to
        self.__class__ = Linear
        return Linear.forward(self, input)


class Identity(Module):
    """Its input, unchanged (its arguments are ignored, as PyTorch's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def forward(self, input: Any) -> Any:
        return input


class Flatten(Module):
    """Flattens dims ``start_dim`` to ``end_dim`` (by default all but the batch dim)."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, x: Tensor) -> Tensor:
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


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
