"""``Embedding``: a table of learned vectors, one row per token id (``F.embedding``).

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> emb = torch.nn.Embedding(5, 3)
>>> emb(torch.tensor([0, 2])).grad_fn.name()
'EmbeddingBackward0'

Each output element is a copy of one weight element, so the gradient of a row is the sum of
the output gradients of the places that looked it up; the ``padding_idx`` row gets none.
"""

from __future__ import annotations

from typing import Any

from .._tensor.arguments import int_list, nonnegative
from .._tensor.dtype import get_default_dtype
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu import random as draws
from ..core.engine import apply
from ..core.ops import COPIES
from .module import Module
from .parameter import Parameter

__all__ = ["Embedding", "embedding"]

EMBEDDING = node_class("EmbeddingBackward0", 1, {}, "find")
_NO_PADDING = 2**64 - 1  # PyTorch saves padding_idx=-1 (none) as an unsigned 64-bit number


def embedding(input: Tensor, weight: Tensor, padding_idx: int | None = None) -> Tensor:
    """The rows of ``weight`` that ``input`` names, shaped ``input.shape + (dim,)``."""
    if input.dtype.is_floating_point or input.dtype.name == "bool":
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            f"types: Long, Int; but got {input.type()} instead (while "
            "checking arguments for embedding)"
        )
    rows, dim = weight.shape
    w = weight.elements()
    vals = []
    for i in input.reshape(-1).tolist():
        if not 0 <= i < rows:  # a negative index too: PyTorch's embedding does not wrap
            raise IndexError("index out of range in self")
        for j in range(dim):
            src = w[i * dim + j]
            # the padding row is read but never learned: its copy reaches the weight with
            # derivative 0 (so the weight still gets a gradient, zeros there, as in PyTorch)
            vals.append(src * 0.0 + src.data if i == padding_idx else
                        apply(COPIES["select"], (src,)))  # fmt: skip
    saved = {
        "_saved_indices": input, "_saved_padding_idx": _NO_PADDING if padding_idx is None
        else padding_idx, "_saved_scale_grad_by_freq": False, "_saved_sparse": False,
        "_saved_weight_sym_argsize_0": rows,
    }  # fmt: skip
    return result(vals, (*input.shape, dim), weight.dtype, EMBEDDING, (weight,), **saved)


class Embedding(Module):
    """``num_embeddings`` vectors of ``embedding_dim`` numbers, drawn from N(0, 1) as PyTorch
    draws them (so ``manual_seed`` gives PyTorch's table); the ``padding_idx`` row is zeros."""

    def __init__(
        self, num_embeddings: int, embedding_dim: int, padding_idx: int | None = None,
        max_norm: float | None = None, norm_type: float = 2.0, scale_grad_by_freq: bool = False,
        sparse: bool = False, _weight: Tensor | None = None, _freeze: bool = False,
        device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        nonnegative(int_list("empty", ((num_embeddings, embedding_dim),)))
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, "Padding_idx must be within num_embeddings"
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, "Padding_idx must be within num_embeddings"
                padding_idx += num_embeddings
        if max_norm is not None or scale_grad_by_freq or sparse:
            raise NotImplementedError(
                "tinygrad_edu's Embedding has no max_norm, scale_grad_by_freq or sparse"
            )
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            dt = dtype or get_default_dtype()
            flat = draws.normal(None, num_embeddings * embedding_dim, 0.0, 1.0, dt.name)
            if padding_idx is not None:
                start = padding_idx * embedding_dim
                flat[start : start + embedding_dim] = [0.0] * embedding_dim
            weight = tensor(nest(flat, (num_embeddings, embedding_dim)), dtype=dt)
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError(
                    "Shape of weight does not match num_embeddings and embedding_dim"
                )
            weight = _weight.detach()
        self.weight = Parameter(weight, requires_grad=not _freeze)

    @classmethod
    def from_pretrained(
        cls, embeddings: Tensor, freeze: bool = True, padding_idx: int | None = None,
        **kwargs: Any,
    ) -> Embedding:  # fmt: skip
        """An Embedding whose table is ``embeddings`` (not learned unless ``freeze=False``)."""
        if embeddings.dim() != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        return cls(rows, cols, padding_idx, _weight=embeddings, _freeze=freeze, **kwargs)

    def forward(self, input: Tensor) -> Tensor:
        return embedding(input, self.weight, self.padding_idx)

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        return s
