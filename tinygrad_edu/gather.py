"""``gather``: pick, along one dimension, the elements an index tensor names.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
>>> x.gather(1, torch.tensor([[2], [0]]))
tensor([[3.],
        [4.]], grad_fn=<GatherBackward0>)

It is how a classifier's loss takes each row's score of the right class (``Categorical``'s
``log_prob``, ``cross_entropy`` written by hand). Each picked element is a copy of its input
element, so the gradient flows back only to the picked places (summed where one is picked twice).
"""

from __future__ import annotations

import math
from typing import Any

from .engine import apply
from .ops import COPIES
from .shape import normalize_dim
from .tensor_graph import node_class, result

__all__ = ["METHODS", "gather"]

GATHER = node_class("GatherBackward0", 1, {"_saved_self": 0}, "find")


def _strides(shape: tuple[int, ...]) -> list[int]:
    return [math.prod(shape[k + 1 :]) for k in range(len(shape))]


def gather(input: Any, dim: int, index: Any, *, sparse_grad: bool = False) -> Any:
    """``out[i][j] = input[index[i][j]][j]`` for ``dim=0``, ``input[i][index[i][j]]`` for 1."""
    if index.dtype.name != "int64":
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    d = normalize_dim(dim, max(input.dim(), 1))
    if index.dim() != input.dim() and not (index.dim() <= 1 and input.dim() <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    shape, ishape = tuple(input.shape) or (1,), tuple(index.shape) or (1,)
    for k, (n, m) in enumerate(zip(ishape, shape)):
        if k != d and n > m:
            raise RuntimeError(
                f"Size does not match at dimension {k} expected index {list(index.shape)} to "
                f"be no larger than self {list(input.shape)} apart from dimension {d}"
            )
    src, at = input.elements(), _strides(shape)
    picked = index.reshape(-1).tolist()
    values = []
    for flat, i in enumerate(picked):
        if not 0 <= i < shape[d]:  # no negative indices, unlike t[i]
            raise RuntimeError(f"index {i} is out of bounds for dimension {d} with size {shape[d]}")
        pos = [(flat // s) % n for s, n in zip(_strides(ishape), ishape)]
        pos[d] = i
        values.append(apply(COPIES["select"], (src[sum(p * s for p, s in zip(pos, at))],)))
    return result(values, index.shape, input.dtype, GATHER, (input,), _saved_dim=d,
                  _saved_index=index, _saved_sparse_grad=sparse_grad)  # fmt: skip


METHODS = {"gather": gather}
