"""``torch.functional``: the module PyTorch defines its Python-level tensor functions in
(``einsum``, ``meshgrid``, ``split``, ``norm``, ``unique``, ``tensordot``, ...); old code
imports them from here. They are the torch namespace's own functions.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.functional import einsum
>>> einsum is torch.einsum
True
"""

from __future__ import annotations

from ._namespace import (
    Tensor,
    atleast_1d,
    atleast_2d,
    atleast_3d,
    block_diag,
    broadcast_shapes,
    broadcast_tensors,
    cartesian_prod,
    cdist,
    chain_matmul,
    einsum,
    meshgrid,
    norm,
    split,
    tensordot,
    unique,
    unique_consecutive,
    unravel_index,
)
from .nn import functional as F  # noqa: N812 - PyTorch's module has it as F

# PyTorch's torch.functional.__all__, less the signal and decomposition ones not built here
# (stft, istft, lu, pca_lowrank, svd_lowrank)
__all__ = [
    "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shapes",
    "broadcast_tensors", "cartesian_prod", "cdist", "chain_matmul", "einsum", "meshgrid", "norm",
    "split", "tensordot", "unique", "unique_consecutive", "unravel_index",
]  # fmt: skip
__all__ += ["F", "Tensor"]  # not in PyTorch's __all__, but its attributes
