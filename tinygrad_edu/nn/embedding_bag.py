"""``EmbeddingBag``: the sum, mean or max of bags of embedding rows, without making the rows
(``F.embedding_bag``, one ``EmbeddingBagBackward0`` node; its numbers those of PyTorch's CPU
kernel: rows added in order, the mean a division, a per-sample weight fused into its add).

>>> import tinygrad_edu as torch
>>> import tinygrad_edu.nn.functional as F
>>> w = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
>>> F.embedding_bag(torch.tensor([0, 2, 1]), w, torch.tensor([0, 2]))
tensor([[3., 4.],
        [3., 4.]], grad_fn=<EmbeddingBagBackward0>)
"""

from __future__ import annotations

import warnings
from typing import Any

from .._tensor.dtype import float32, get_default_dtype, int32, int64
from .._tensor.ops.factories import zeros
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, stack, tensor
from .._torch_cpu import random as draws
from .._torch_cpu.float32_libm import f32
from .._torch_cpu.float32_math import fma_f32
from .functional_ops import fused
from .module import Module
from .parameter import Parameter
from .sparse import embedding

__all__ = ["EmbeddingBag", "embedding_bag"]

_MODES = ("sum", "mean", "max")


Bounds = list[tuple[int, int]]


def _bags(input: Tensor, offsets: Tensor | None, include_last_offset: bool,
          per_sample_weights: Tensor | None) -> tuple[Tensor, Bounds, Any]:  # fmt: skip
    """The flat indices, each bag's (start, end) and the flat weights, as F.embedding_bag
    reads a 2-d input (fixed-length bags) or a 1-d one with offsets."""
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError(
                "if input is 2D, then offsets has to be None, as input is treated is a mini-batch "
                "of fixed length sequences. However, found offsets of type "
                "<class 'torch.Tensor'>"
            )
        n, length = input.shape
        bounds = [(b * length, (b + 1) * length) for b in range(n)]
        flat_w = None if per_sample_weights is None else per_sample_weights.reshape(-1)
        return input.reshape(-1), bounds, flat_w
    if input.dim() != 1:
        raise ValueError(
            f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}"
        )
    if offsets is None:
        raise ValueError("offsets has to be a 1D Tensor but got None")
    if offsets.dim() != 1:
        raise ValueError("offsets has to be a 1D Tensor")
    offs = [int(v) for v in offsets.tolist()]
    n = input.numel()
    if offs and offs[0] != 0:
        raise RuntimeError(
            "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start "
            f"from position 0. However, got {offs[0]}\n[ torch.LongTensor{{}} ]"
        )
    if offs and offs[-1] > n:
        raise RuntimeError(
            f"offsets[-1] can not be greater than input's length {n} but got offsets[-1] of "
            f"{offs[-1]}"
        )
    ends = offs[1:] if include_last_offset else [*offs[1:], n]
    return input, list(zip(offs, ends)), per_sample_weights


def embedding_bag(
    input: Tensor, weight: Tensor, offsets: Tensor | None = None, max_norm: float | None = None,
    norm_type: float = 2, scale_grad_by_freq: bool = False, mode: str = "mean",
    sparse: bool = False, per_sample_weights: Tensor | None = None,
    include_last_offset: bool = False, padding_idx: int | None = None,
) -> Tensor:  # fmt: skip
    """One row per bag: the sum, mean or (per column) max of the rows of ``weight`` its indices
    name; ``padding_idx`` entries are left out, an empty bag is zeros."""
    if weight.dtype is int64 and input.dtype.is_floating_point:
        warnings.warn(
            "Argument order of nn.functional.embedding_bag was changed. Usage "
            "`embedding_bag(weight, input, ...)` is deprecated, and should now be "
            "`embedding_bag(input, weight, ...)`.",
            stacklevel=2,
        )
        weight, input = input, weight
    if per_sample_weights is not None and tuple(input.shape) != tuple(per_sample_weights.shape):
        raise ValueError(
            f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, "
            f"then it must have the same shape as the input ({input.shape})"
        )
    if weight.dim() != 2:
        raise ValueError(
            f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}"
        )
    flat, bounds, psw = _bags(input, offsets, include_last_offset, per_sample_weights)
    if mode not in _MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == "max" and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if mode == "max" and sparse:
        raise ValueError("max mode does not support sparse weights")
    if max_norm is not None or scale_grad_by_freq or sparse:
        raise NotImplementedError(
            "tinygrad_edu's embedding_bag has no max_norm, scale_grad_by_freq or sparse"
        )
    if psw is not None and mode != "sum":
        raise NotImplementedError(
            "embedding_bag: per_sample_weights was not None. per_sample_weights is only "
            f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
            "GitHub."
        )
    if flat.dtype not in (int64, int32):
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            f"types: Long, Int; but got {flat.type()} instead (while checking arguments for "
            "embedding_bag)"
        )
    num, dim = weight.shape
    idx = [int(v) for v in flat.tolist()]
    if any(not 0 <= i < num for i in idx):
        raise RuntimeError(
            "Expected i < index_size to be true, but got false.  (Could this error message be "
            "improved?  If so, please report an enhancement request to PyTorch.)"
        )
    if padding_idx is not None and padding_idx < 0:
        padding_idx += num
    rows = embedding(flat, weight)
    ws = None if psw is None else [float(v) for v in psw.tolist()]
    wdata = [[v.data for v in weight[i].elements()] for i in range(num)]
    fma = fma_f32 if weight.dtype is float32 else None
    out, data = [], []
    for s, e in bounds:
        ks = [k for k in range(s, e) if idx[k] != padding_idx]
        if not ks:
            out.append(zeros(dim, dtype=weight.dtype))
            data.append([0.0] * dim)
            continue
        if mode == "max":  # per column the first largest (the kernel's strict >)
            best = [max(ks, key=lambda k, j=j: (wdata[idx[k]][j], -k)) for j in range(dim)]
            bag = rows[best, list(range(dim))]
            out.append(bag)
            data.append([wdata[idx[k]][j] for j, k in enumerate(best)])
            continue
        acc, vals = None, [0.0] * dim
        for k in ks:
            term = rows[k] if ws is None else rows[k] * psw[k]
            acc = term if acc is None else acc + term  # in order, each add rounded: the kernel's
            if ws is not None:  # the kernel's fused multiply-add: one rounding per row
                row = wdata[idx[k]]
                vals = fma(ws[k], row, vals) if fma else [a + ws[k] * b for a, b in zip(vals, row)]
        if mode == "mean":
            # the kernel divides the sum; its backward multiplies by the reciprocal
            scale = 1.0 / len(ks)
            vals = [v.data / len(ks) for v in acc.elements()]
            acc = acc * (f32(scale) if weight.dtype is float32 else scale)
        out.append(acc)
        data.append(vals)
    r = stack(out)
    if ws is not None or mode == "mean":  # the kernel's bits on the elements
        for v, d in zip(r.elements(), [x for row in data for x in row]):
            v.data = d
    inputs = (weight,) if psw is None else (weight, psw)
    return fused("EmbeddingBagBackward0", r, inputs)


class EmbeddingBag(Module):
    """``num_embeddings`` vectors of ``embedding_dim`` numbers (N(0, 1), as PyTorch draws
    them), looked up and reduced by bag (``mode``: ``'sum'``, ``'mean'`` or ``'max'``)."""

    def __init__(
        self, num_embeddings: int, embedding_dim: int, max_norm: float | None = None,
        norm_type: float = 2.0, scale_grad_by_freq: bool = False, mode: str = "mean",
        sparse: bool = False, _weight: Tensor | None = None, include_last_offset: bool = False,
        padding_idx: int | None = None, device: Any = None, dtype: Any = None,
    ) -> None:  # fmt: skip
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if padding_idx is not None:
            if padding_idx > 0:
                if padding_idx >= num_embeddings:
                    raise AssertionError("padding_idx must be within num_embeddings")
            elif padding_idx < 0:
                if padding_idx < -num_embeddings:
                    raise AssertionError("padding_idx must be within num_embeddings")
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            dt = dtype or get_default_dtype()
            flat = draws.normal(None, num_embeddings * embedding_dim, 0.0, 1.0, dt.name)
            if padding_idx is not None:
                start = padding_idx * embedding_dim
                flat[start : start + embedding_dim] = [0.0] * embedding_dim
            weight = tensor(nest(flat, (num_embeddings, embedding_dim)), dtype=dt)
            self.weight = Parameter(weight)
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError(
                    "Shape of weight does not match num_embeddings and embedding_dim"
                )
            self.weight = Parameter(_weight.detach())
        self.mode, self.sparse, self.include_last_offset = mode, sparse, include_last_offset

    @classmethod
    def from_pretrained(
        cls, embeddings: Tensor, freeze: bool = True, max_norm: float | None = None,
        norm_type: float = 2.0, scale_grad_by_freq: bool = False, mode: str = "mean",
        sparse: bool = False, include_last_offset: bool = False, padding_idx: int | None = None,
    ) -> EmbeddingBag:  # fmt: skip
        """An EmbeddingBag whose table is ``embeddings`` (not learned unless ``freeze=False``)."""
        if embeddings.dim() != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        bag = cls(rows, cols, max_norm, norm_type, scale_grad_by_freq, mode, sparse,
                  embeddings, include_last_offset, padding_idx)  # fmt: skip
        bag.weight.requires_grad = not freeze
        return bag

    def forward(self, input: Tensor, offsets: Tensor | None = None,
                per_sample_weights: Tensor | None = None) -> Tensor:  # fmt: skip
        return embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type,
                             self.scale_grad_by_freq, self.mode, self.sparse,
                             per_sample_weights, self.include_last_offset,
                             self.padding_idx)  # fmt: skip

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.max_norm is not None:
            s += f", max_norm={self.max_norm!r}"
        if self.norm_type != 2:
            s += f", norm_type={self.norm_type!r}"
        if self.scale_grad_by_freq is not False:
            s += f", scale_grad_by_freq={self.scale_grad_by_freq!r}"
        s += f", mode={self.mode!r}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx!r}"
        return s
