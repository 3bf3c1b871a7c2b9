"""``torch.nn.utils.rnn``: sequences of different lengths for the recurrent modules
(``pad_sequence``, ``pack_padded_sequence``, ``pad_packed_sequence``, ``pack_sequence``,
``unpad_sequence``, ``unpack_sequence`` and ``PackedSequence``), as PyTorch's
torch/nn/utils/rnn.py and ATen's PackedSequence.cpp make them.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
>>> x = torch.tensor([[1.0, 4.0], [2.0, 0.0], [3.0, 0.0]])  # (time, batch): lengths 3 and 1
>>> p = pack_padded_sequence(x, [3, 1])
>>> p.data, p.batch_sizes
(tensor([1., 4., 2., 3.]), tensor([2, 1, 1]))
>>> pad_packed_sequence(p)[0].tolist()
[[1.0, 4.0], [2.0, 0.0], [3.0, 0.0]]

A packed sequence is the time steps one after the other, each with only the sequences still
running (sorted longest first): ``batch_sizes[t]`` of them at step ``t``.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any

from ..._tensor.dtype import int64
from ..._tensor.ops.factories import full
from ..._tensor.ops.reductions import cat
from ..._tensor.ops.writeback import CopySlices
from ..._tensor.tensor import Tensor, tensor
from ..._tensor.tensor_graph import is_tensor, node_class, result

__all__ = [
    "PackedSequence",
    "invert_permutation",
    "pack_padded_sequence",
    "pack_sequence",
    "pad_packed_sequence",
    "pad_sequence",
    "unpack_sequence",
    "unpad_sequence",
]

_ENFORCE_SORTED = (
    "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can "
    "pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this "
    "requirement if you do not need ONNX exportability."
)

PackedSequence_ = namedtuple(
    "PackedSequence_", ["data", "batch_sizes", "sorted_indices", "unsorted_indices"]
)


class PackedSequence(PackedSequence_):
    """The time steps of a batch of sequences, one after the other: ``data`` holds the
    ``batch_sizes[t]`` sequences still running at step ``t``; ``sorted_indices`` (or None)
    is the order the batch was sorted into, longest first, ``unsorted_indices`` its inverse."""

    def __new__(
        cls, data: Any, batch_sizes: Any = None, sorted_indices: Any = None,
        unsorted_indices: Any = None,
    ) -> PackedSequence:  # fmt: skip
        if unsorted_indices is None and sorted_indices is not None:
            unsorted_indices = invert_permutation(sorted_indices)
        return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)

    def to(self, *args: Any, **kwargs: Any) -> PackedSequence:
        data = self.data.to(*args, **kwargs)
        return self if data is self.data else type(self)(data, *self[1:])

    def cpu(self) -> PackedSequence:
        return self

    def double(self) -> PackedSequence:
        return type(self)(self.data.double(), *self[1:])

    def float(self) -> PackedSequence:
        return type(self)(self.data.float(), *self[1:])

    @property
    def is_cuda(self) -> bool:
        return False

    def is_pinned(self) -> bool:
        return False


def invert_permutation(permutation: Tensor | None) -> Tensor | None:
    """The inverse of ``permutation`` (``out[permutation[i]] = i``)."""
    if permutation is None:
        return None
    out = [0] * permutation.numel()
    for i, p in enumerate(permutation.tolist()):
        out[p] = i
    return tensor(out, dtype=int64)


def _lengths(lengths: Any) -> list[int]:
    if is_tensor(lengths):
        return [int(n) for n in lengths.reshape(-1).tolist()]
    return [int(n) for n in (lengths.tolist() if hasattr(lengths, "tolist") else lengths)]


def pack_padded_sequence(
    input: Tensor, lengths: Any, batch_first: bool = False, enforce_sorted: bool = True
) -> PackedSequence:
    """A padded batch (time x batch x ..., or batch x time x ... with ``batch_first``) packed:
    each sequence's first ``lengths[b]`` steps."""
    n = _lengths(lengths)
    sorted_indices = None
    if not enforce_sorted:
        order = sorted(range(len(n)), key=lambda b: -n[b])  # stable, as PyTorch's sort here
        sorted_indices = tensor(order, dtype=int64)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
        n = [n[b] for b in order]
    elif any(n[i] < n[i + 1] for i in range(len(n) - 1)):
        raise RuntimeError(_ENFORCE_SORTED)
    if len(n) != input.shape[0 if batch_first else 1]:
        raise RuntimeError(
            f"Expected `len(lengths)` to be equal to batch_size, but got {len(n)} (batch_size="
            f"{input.shape[0 if batch_first else 1]})"
        )
    if n and n[-1] <= 0:
        raise RuntimeError(
            "Length of all samples has to be greater than 0, but found an element in 'lengths' "
            "that is <= 0"
        )
    steps = input.transpose(0, 1) if batch_first else input
    if n and n[0] > steps.shape[0]:
        raise RuntimeError(
            f"Expected sequence length to be larger than or equal to the largest length, but got "
            f"{steps.shape[0]} and {n[0]}"
        )
    sizes = [sum(1 for m in n if m > t) for t in range(n[0] if n else 0)]
    data = cat([steps[t, :b] for t, b in enumerate(sizes)], 0)
    node = node_class("PackPaddedSequenceBackward0", 1, {}, "find")
    data = result(data.elements(), data.shape, data.dtype, node, (input,))
    return PackedSequence(data, tensor(sizes, dtype=int64), sorted_indices, None)


def pad_packed_sequence(
    sequence: PackedSequence, batch_first: bool = False, padding_value: float = 0.0,
    total_length: int | None = None,
) -> tuple[Tensor, Tensor]:  # fmt: skip
    """The packed batch padded back (time x batch x ...), with each sequence's length."""
    sizes = [int(b) for b in sequence.batch_sizes.tolist()]
    steps = len(sizes)
    if total_length is not None:
        if total_length < steps:
            raise ValueError(
                "Expected total_length to be at least the length of the longest sequence in "
                f"input, but got total_length={total_length} and max sequence length being "
                f"{steps}"
            )
        steps = total_length
    data, batch = sequence.data, sizes[0] if sizes else 0
    rows, offset = [], 0
    pad = full((1, *data.shape[1:]), padding_value, dtype=data.dtype)
    for t in range(steps):
        b = sizes[t] if t < len(sizes) else 0
        parts = [data[offset : offset + b]] if b else []
        offset += b
        if b < batch:
            parts.append(pad.expand(batch - b, *data.shape[1:]))
        rows.append(cat(parts, 0).unsqueeze(0))
    out = cat(rows, 0)
    # PyTorch copies each step into a tensor of padding: the last write's CopySlices node
    before = full(out.shape, padding_value, dtype=data.dtype)
    out = result(out.elements(), out.shape, out.dtype, CopySlices, (before, data))
    lengths = [sum(1 for s in sizes if s > b) for b in range(batch)]
    if batch_first:
        out = out.transpose(0, 1)
    lengths_t = tensor(lengths, dtype=int64)
    if sequence.unsorted_indices is not None:
        out = out.index_select(0 if batch_first else 1, sequence.unsorted_indices)
        lengths_t = lengths_t[sequence.unsorted_indices]
    return out, lengths_t


def pad_sequence(
    sequences: Any, batch_first: bool = False, padding_value: float = 0.0,
    padding_side: str = "right",
) -> Tensor:  # fmt: skip
    """Sequences of different lengths stacked into one tensor (time x batch x ..., or batch
    x time x ... with ``batch_first``), the short ones padded with ``padding_value``."""
    if padding_side not in ("left", "right"):
        raise ValueError(
            f"Expected padding_side to be one of left or right, but got {padding_side}."
        )
    seqs = list(sequences.unbind(0)) if is_tensor(sequences) else list(sequences)
    longest = max(s.shape[0] for s in seqs)
    rows = []
    for s in seqs:
        missing = longest - s.shape[0]
        parts = [s]
        if missing:
            pad = full((missing, *s.shape[1:]), padding_value, dtype=s.dtype)
            parts = [s, pad] if padding_side == "right" else [pad, s]
        rows.append(cat(parts, 0).unsqueeze(0))
    out = cat(rows, 0)
    return out if batch_first else out.transpose(0, 1)


def unpad_sequence(
    padded_sequences: Tensor, lengths: Any, batch_first: bool = False
) -> list[Tensor]:
    """The inverse of ``pad_sequence``: the sequences cut to their lengths."""
    batch = padded_sequences if batch_first else padded_sequences.transpose(0, 1)
    return [batch[b, :n] for b, n in enumerate(_lengths(lengths))]


def pack_sequence(sequences: Any, enforce_sorted: bool = True) -> PackedSequence:
    """Sequences of different lengths packed (``pad_sequence`` then ``pack_padded_sequence``)."""
    lengths = tensor([s.shape[0] for s in sequences], dtype=int64)
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences: PackedSequence) -> list[Tensor]:
    """The inverse of ``pack_sequence``: the list of sequences."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
