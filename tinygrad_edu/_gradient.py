"""``torch.gradient``: the derivative of sampled values along each dim, as PyTorch's
``gradient_helper_float`` computes it with uniform spacing: central differences
``(f[i+1] - f[i-1]) / h / 2`` inside, one-sided differences at the edges (``edge_order=1``)
or second-order ones (``edge_order=2``), joined with ``cat`` (``CatBackward0``).

>>> import tinygrad_edu as torch
>>> torch.gradient(torch.tensor([4.0, 1.0, 1.0, 16.0]))
(tensor([-3.0000, -1.5000,  7.5000, 15.0000]),)
"""

from __future__ import annotations

from typing import Any

from ._tensor.ops.reductions import cat
from ._tensor.shape import normalize_dim
from ._tensor.tensor_graph import is_tensor

__all__ = ["FUNCTIONS", "gradient"]


def _slice(t: Any, d: int, start: int | None, end: int | None = None) -> Any:
    index = [slice(None)] * t.dim()
    index[d] = slice(start, end)
    return t[tuple(index)]


def gradient(input: Any, *, spacing: Any = 1, dim: Any = None, edge_order: int = 1) -> tuple:
    """One tensor per dim: the derivative of ``input`` along it."""
    dims = list(range(input.dim())) if dim is None else [dim] if isinstance(dim, int) else dim
    dims = [normalize_dim(d, input.dim()) for d in dims]
    if isinstance(spacing, (list, tuple)):
        if any(is_tensor(s) for s in spacing):
            raise NotImplementedError("torch.gradient with coordinate tensors is not built here")
        if len(spacing) != len(dims):
            if dim is None:
                raise RuntimeError(
                    "torch.gradient expected spacing to be unspecified, a scalar, or a list of "
                    f"length equal to 'self.dim() = {input.dim()}', since dim argument was not "
                    f"given, but got a list of length {len(spacing)}"
                )
            raise RuntimeError(
                "torch.gradient expected spacing to be unspecified, a scalar or it's spacing "
                f"and dim arguments to have the same length, but got a spacing argument of "
                f"length {len(spacing)} and a dim argument of length {len(dims)}."
            )
        steps = list(spacing)
    else:
        steps = [spacing] * len(dims)
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    for d in dims:
        if input.shape[d] < edge_order + 1:
            raise RuntimeError(
                "torch.gradient expected each dimension size to be at least edge_order+1"
            )
    x = input if input.is_floating_point() else input.float()
    out = []
    for d, h in zip(dims, steps):
        center = (_slice(x, d, 2) - _slice(x, d, 0, -2)) / h
        if edge_order == 1:
            first = (_slice(x, d, 1, 2) - _slice(x, d, 0, 1)) / h
            last = (_slice(x, d, -1) - _slice(x, d, -2, -1)) / h
        else:
            first = (-1.5 * _slice(x, d, 0, 1) + 2 * _slice(x, d, 1, 2)
                     - 0.5 * _slice(x, d, 2, 3)) / h  # fmt: skip
            last = (0.5 * _slice(x, d, -3, -2) - 2 * _slice(x, d, -2, -1)
                    + 1.5 * _slice(x, d, -1)) / h  # fmt: skip
        out.append(cat([first, center / 2, last], d))
    return tuple(out)


FUNCTIONS: dict[str, Any] = {"gradient": gradient}
