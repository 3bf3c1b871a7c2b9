"""``nn.AdaptiveLogSoftmaxWithLoss`` (Grave et al., efficient softmax for large vocabularies):
the frequent classes (a shortlist) and one entry per cluster of rarer classes share a head
softmax; each cluster has its own, smaller, softmax behind a projection. A target's log
probability is its head entry's, plus its in-cluster one when it is rare.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> asm = torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[4])
>>> out = asm(torch.randn(3, 8), torch.tensor([0, 5, 9]))
>>> out.output.shape, out.loss.grad_fn
(torch.Size([3]), <MeanBackward0 object at 0x...>)
"""

from __future__ import annotations

import itertools
from collections import namedtuple
from collections.abc import Sequence
from typing import Any

from .._tensor.tensor import Tensor
from . import functional as F  # noqa: N812 - PyTorch users' name
from .containers import ModuleList, Sequential
from .layers import Linear
from .module import Module

__all__ = ["AdaptiveLogSoftmaxWithLoss"]

_ASMoutput = namedtuple("_ASMoutput", ["output", "loss"])

_BAD_CUTOFFS = (
    "cutoffs should be a sequence of unique, positive integers sorted in an increasing order, "
    "where each value is between 1 and n_classes-1"
)


class AdaptiveLogSoftmaxWithLoss(Module):
    """A head ``Linear(in_features, shortlist + clusters)`` and, per cluster ``i``, a tail
    ``Linear(in, in // div_value**(i+1)) -> Linear(.., cluster size)`` (no biases)."""

    def __init__(self, in_features: int, n_classes: int, cutoffs: Sequence[int],
                 div_value: float = 4.0, head_bias: bool = False, device: Any = None,
                 dtype: Any = None) -> None:  # fmt: skip
        super().__init__()
        cuts = list(cutoffs)
        if len(cuts) == 0:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        if (cuts != sorted(cuts) or min(cuts) <= 0 or max(cuts) > n_classes - 1
                or len(set(cuts)) != len(cuts) or any(int(c) != c for c in cuts)):  # fmt: skip
            raise ValueError(_BAD_CUTOFFS)
        self.in_features, self.n_classes = in_features, n_classes
        self.cutoffs = [*cuts, n_classes]
        self.div_value, self.head_bias = div_value, head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head = Linear(in_features, self.head_size, bias=head_bias, dtype=dtype)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            hidden = int(in_features // (div_value ** (i + 1)))
            size = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(Sequential(Linear(in_features, hidden, bias=False, dtype=dtype),
                                        Linear(hidden, size, bias=False, dtype=dtype)))  # fmt: skip

    def reset_parameters(self) -> None:
        """Draw the head's and the tails' weights again."""
        self.head.reset_parameters()
        for i2h, h2o in self.tail:
            i2h.reset_parameters()
            h2o.reset_parameters()

    def forward(self, input_: Tensor, target_: Tensor) -> Any:
        """``(output, loss)``: each target's log probability and their negated mean."""
        if target_.dim() == 1:
            if input_.size(0) != target_.size(0):
                raise RuntimeError(
                    "Input and target should have the same size in the batch dimension."
                )
            if input_.dim() != 2:
                raise RuntimeError(
                    "1D target tensor expects 2D input tensors, but found inputs with size",
                    input_.size(),
                )
        elif target_.dim() == 0:
            if input_.dim() != 1:
                raise RuntimeError(
                    "0D target tensor expects 1D input tensors, but found inputs with size",
                    input_.size(),
                )
        else:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        batched = target_.dim() > 0
        input = input_ if batched else input_.unsqueeze(0)
        target = target_ if batched else target_.unsqueeze(0)
        n = target.size(0)
        output = input.new_zeros(n)
        head_index = target.new_empty(n)  # the head entry each row reads: its class or cluster
        used = 0
        bounds = [0, *self.cutoffs]
        for i, (low, high) in enumerate(itertools.pairwise(bounds)):
            mask = (target >= low) & (target < high)
            rows = mask.nonzero().squeeze()
            if rows.numel() == 0:
                continue
            if i == 0:
                head_index.index_copy_(0, rows, target[mask])
            else:
                relative = target[mask] - low
                cluster = self.tail[i - 1](input.index_select(0, rows))
                head_index.index_fill_(0, rows, self.shortlist_size + i - 1)
                local = F.log_softmax(cluster, dim=1).gather(1, relative.unsqueeze(1))
                output.index_copy_(0, rows, local.squeeze(1))
            used += rows.numel()
        if used != n:
            raise RuntimeError(
                f"Target values should be in [0, {self.n_classes - 1}], but values in range "
                f"[{target.min().item()}, {target.max().item()}] were found. "
            )
        head_logprob = F.log_softmax(self.head(input), dim=1)
        output += head_logprob.gather(1, head_index.unsqueeze(1)).squeeze()
        loss = (-output).mean()
        return _ASMoutput(output if batched else output.squeeze(0), loss)

    def _full_log_prob(self, input: Tensor, head_output: Tensor) -> Tensor:
        out = input.new_empty((head_output.size(0), self.n_classes))
        head_logprob = F.log_softmax(head_output, dim=1)
        out[:, : self.shortlist_size] = head_logprob[:, : self.shortlist_size]
        for i, (start, stop) in enumerate(itertools.pairwise(self.cutoffs)):
            cluster_logprob = F.log_softmax(self.tail[i](input), dim=1)
            cluster_entry = head_logprob[:, self.shortlist_size + i].unsqueeze(1)
            out[:, start:stop] = cluster_logprob + cluster_entry
        return out

    def log_prob(self, input: Tensor) -> Tensor:
        """Every class's log probability, (N, n_classes)."""
        batched = input.dim() > 1
        x = input if batched else input.unsqueeze(0)
        out = self._full_log_prob(x, self.head(x))
        return out if batched else out.squeeze(0)

    def predict(self, input: Tensor) -> Tensor:
        """The most probable class of each row (the full softmax only where the head points
        at a cluster)."""
        batched = input.dim() > 1
        x = input if batched else input.unsqueeze(0)
        head_output = self.head(x)
        output = head_output.argmax(dim=1)
        rare = output >= self.shortlist_size
        if not rare.any():
            return output if batched else output.squeeze(0)
        if rare.all():
            return self._full_log_prob(x, head_output).argmax(dim=1)
        output[rare] = self._full_log_prob(x[rare], head_output[rare]).argmax(dim=1)
        return output if batched else output.squeeze(0)
