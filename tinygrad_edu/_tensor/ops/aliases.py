"""PyTorch's other spellings of ops the tensor already has: ``a.mm(b)`` (the 2-d ``a @ b``),
``expand_as``, ``view_as``, ``reshape_as``, ``type_as``, ``unbind``, ``torch.flatten``.

>>> import tinygrad_edu as torch
>>> x = torch.ones(2, 3, requires_grad=True)
>>> x.mm(torch.ones(3, 1)).grad_fn.name(), x.expand_as(torch.ones(4, 2, 3)).shape
('MmBackward0', torch.Size([4, 2, 3]))
"""

from __future__ import annotations

from typing import Any

from .. import kernels
from ..shape import normalize_dim

__all__ = ["FUNCTIONS", "METHODS", "mm", "unbind"]


def mm(input: Any, mat2: Any) -> Any:
    """``torch.mm``: the product of two matrices (no broadcasting, no vectors)."""
    if input.dim() != 2:
        raise RuntimeError("self must be a matrix")
    if mat2.dim() != 2:
        raise RuntimeError("mat2 must be a matrix")
    return kernels.matmul(input, mat2)


def unbind(input: Any, dim: int = 0) -> tuple[Any, ...]:
    """The slices along ``dim`` (``UnbindBackward0`` each)."""
    d = normalize_dim(dim, input.dim())
    t = input if d == 0 else input.transpose(0, d)
    return tuple(kernels.select(t, 0, i, key="unbind") for i in range(t.shape[0]))


METHODS: dict[str, Any] = {
    "mm": mm,
    "unbind": unbind,
    "expand_as": lambda self, other: self.expand(*other.shape),
    "view_as": lambda self, other: self.view(*other.shape),
    "reshape_as": lambda self, other: self.reshape(*other.shape),
    "type_as": lambda self, other: self.to(other.dtype),
}
# the torch-level ones: torch.flatten(x, 1), torch.unbind(x), torch.t(x), torch.mm(a, b)
FUNCTIONS: dict[str, Any] = {
    "mm": mm,
    "unbind": unbind,
    "flatten": lambda input, start_dim=0, end_dim=-1: input.flatten(start_dim, end_dim),
    "t": lambda input: input.t(),
}
