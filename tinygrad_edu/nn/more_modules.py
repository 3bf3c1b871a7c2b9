"""More of ``torch.nn``'s modules, as tutorials use them: ``PReLU``, ``Softshrink``,
``Hardshrink``, ``Threshold``, ``GLU``, ``Unflatten``, ``KLDivLoss``, ``CosineSimilarity``,
``PairwiseDistance``, ``ParameterList`` and ``ParameterDict``, with PyTorch's arguments,
parameters and reprs.

>>> import tinygrad_edu as torch
>>> torch.nn.PReLU(), torch.nn.Softshrink(), torch.nn.Unflatten(1, (2, 2))
(PReLU(num_parameters=1), Softshrink(0.5), Unflatten(dim=1, unflattened_size=(2, 2)))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .._tensor.dtype import C_NAMES, get_default_dtype
from .._tensor.ops.factories import full
from .._tensor.tensor import Tensor
from . import more_functional as MF  # noqa: N812
from .module import Module
from .parameter import Parameter

__all__ = ["GLU", "CosineSimilarity", "Hardshrink", "KLDivLoss", "PReLU", "PairwiseDistance"]
__all__ += ["ParameterDict", "ParameterList", "Softshrink", "Threshold", "Unflatten"]


class PReLU(Module):
    """``max(0, x) + weight * min(0, x)``, ``weight`` learnt (``init`` each, 0.25 by default)."""

    def __init__(
        self, num_parameters: int = 1, init: float = 0.25, device: Any = None, dtype: Any = None
    ) -> None:
        super().__init__()
        self.num_parameters, self.init = num_parameters, init
        self.weight = Parameter(full((num_parameters,), init, dtype=dtype or get_default_dtype()))

    def forward(self, input: Tensor) -> Tensor:
        return MF.prelu(input, self.weight)

    def extra_repr(self) -> str:
        return f"num_parameters={self.num_parameters}"


class Softshrink(Module):
    """``F.softshrink`` as a module."""

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = lambd

    def forward(self, input: Tensor) -> Tensor:
        return MF.softshrink(input, self.lambd)

    def extra_repr(self) -> str:
        return str(self.lambd)


class Hardshrink(Softshrink):
    """``F.hardshrink`` as a module."""

    def forward(self, input: Tensor) -> Tensor:
        return MF.hardshrink(input, self.lambd)


class Threshold(Module):
    """``F.threshold`` as a module: ``x`` above ``threshold``, else ``value``."""

    def __init__(self, threshold: float, value: float, inplace: bool = False) -> None:
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, input: Tensor) -> Tensor:
        return MF.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self) -> str:
        extra = ", inplace=True" if self.inplace else ""
        return f"threshold={self.threshold}, value={self.value}{extra}"


class GLU(Module):
    """``F.glu`` as a module."""

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        return MF.glu(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Unflatten(Module):
    """Dim ``dim`` unflattened into ``unflattened_size`` (a view)."""

    def __init__(self, dim: int | str, unflattened_size: Any) -> None:
        super().__init__()
        self.dim, self.unflattened_size = dim, unflattened_size

    def forward(self, input: Tensor) -> Tensor:
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self) -> str:
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


class KLDivLoss(Module):
    """``F.kl_div`` as a module (``reduction``, ``log_target``)."""

    def __init__(
        self,
        size_average: Any = None,
        reduce: Any = None,
        reduction: str = "mean",
        log_target: bool = False,
    ) -> None:
        super().__init__()
        self.reduction, self.log_target = reduction, log_target

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return MF.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class CosineSimilarity(Module):
    """``F.cosine_similarity`` along ``dim``."""

    def __init__(self, dim: int = 1, eps: float = 1e-8) -> None:
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1: Tensor, x2: Tensor) -> Tensor:
        return MF.cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(Module):
    """``F.pairwise_distance``: the ``p``-norm of each row's difference."""

    def __init__(self, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False) -> None:
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1: Tensor, x2: Tensor) -> Tensor:
        return MF.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


def _param_line(p: Any, name_style: str) -> str:
    size = "x".join(str(s) for s in p.shape)
    kind = (
        f"torch.{p.dtype.name}" if name_style == "dtype" else f"torch.{C_NAMES[p.dtype][0]}Tensor"
    )
    return f"Parameter containing: [{kind} of size {size}]"


class ParameterList(Module):
    """A list of parameters, registered as ``"0"``, ``"1"``, ... (PyTorch's repr)."""

    def __init__(self, values: Iterable[Any] | None = None) -> None:
        super().__init__()
        self._size = 0
        for v in values or ():
            self.append(v)

    def append(self, value: Any) -> ParameterList:
        self.register_parameter(str(self._size), _as_parameter(value))
        self._size += 1
        return self

    def extend(self, values: Iterable[Any]) -> ParameterList:
        for v in values:
            self.append(v)
        return self

    def __getitem__(self, idx: int) -> Any:
        n = self._size
        if not -n <= idx < n:
            raise IndexError(f"index {idx} is out of range")
        return self._parameters[str(idx % n)]

    def __setitem__(self, idx: int, value: Any) -> None:
        self.register_parameter(str(idx % self._size), _as_parameter(value))

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Any]:
        return (self._parameters[str(i)] for i in range(self._size))

    def extra_repr(self) -> str:
        return "\n".join(f"({i}): {_param_line(p, 'dtype')}" for i, p in enumerate(self))

    def __repr__(self) -> str:
        lines = [f"    {line}" for line in self.extra_repr().splitlines()]
        return "ParameterList(\n" + "\n".join(lines) + "\n)" if lines else "ParameterList()"


class ParameterDict(Module):
    """A dict of parameters, registered under their keys (PyTorch's repr)."""

    def __init__(self, parameters: Mapping[str, Any] | Iterable[Any] | None = None) -> None:
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def update(self, parameters: Mapping[str, Any] | Iterable[Any]) -> None:
        items = parameters.items() if isinstance(parameters, Mapping) else parameters
        for k, v in items:
            self[k] = v

    def __getitem__(self, key: str) -> Any:
        return self._parameters[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.register_parameter(key, _as_parameter(value))

    def __delitem__(self, key: str) -> None:
        del self._parameters[key]

    def __contains__(self, key: object) -> bool:
        return key in self._parameters

    def __len__(self) -> int:
        return len(self._parameters)

    def __iter__(self) -> Iterator[str]:
        return iter(self._parameters)

    def keys(self) -> Any:
        return self._parameters.keys()

    def values(self) -> Any:
        return self._parameters.values()

    def items(self) -> Any:
        return self._parameters.items()

    def extra_repr(self) -> str:
        return "\n".join(f"({k}): {_param_line(p, 'c')}" for k, p in self.items())

    def __repr__(self) -> str:
        lines = [f"    {line}" for line in self.extra_repr().splitlines()]
        return "ParameterDict(\n" + "\n".join(lines) + "\n)" if lines else "ParameterDict()"


def _as_parameter(value: Any) -> Any:
    return value if isinstance(value, Parameter) or value is None else Parameter(value)
