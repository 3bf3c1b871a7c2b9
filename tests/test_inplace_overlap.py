"""An in-place op on an expanded tensor is refused, and broadcasting names the last dim that
does not match, both as PyTorch says it."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch

# PyTorch 2.13's words
OVERLAP = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation."
)


@pytest.mark.parametrize(
    "write", [lambda t: t.add_(1), lambda t: t.mul_(2), lambda t: t.exp_(), lambda t: t.neg_()]
)
def test_writing_into_an_expanded_tensor_is_refused(write):
    with pytest.raises(RuntimeError) as e:
        write(torch.zeros(3).expand(2, 3))
    assert str(e.value) == OVERLAP


def test_an_expand_that_repeats_nothing_can_be_written():
    t = torch.zeros(1, 3).expand(1, 3)
    assert t.add_(1).tolist() == [[1.0, 1.0, 1.0]]


def test_broadcasting_names_the_last_mismatching_dim():
    with pytest.raises(
        RuntimeError, match=r"\(3\) must match .* \(2\) at non-singleton dimension 1"
    ):
        torch.ones(2, 3) + torch.ones(3, 2)
