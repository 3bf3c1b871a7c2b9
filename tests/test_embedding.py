"""nn.Embedding: rows looked up, gradients that count the lookups, the padding row, errors."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 6),
    st.integers(1, 4),
    st.lists(st.integers(0, 5), min_size=1, max_size=8),
    st.one_of(st.none(), st.integers(0, 5)),
)
def test_rows_are_looked_up_and_each_row_learns_from_its_lookups(n, dim, ids, pad):
    ids = [i % n for i in ids]
    pad = None if pad is None else pad % n
    emb = torch.nn.Embedding(n, dim, padding_idx=pad)
    table = emb.weight.tolist()
    out = emb(torch.tensor(ids))
    assert out.tolist() == [table[i] for i in ids]
    assert out.grad_fn.name() == "EmbeddingBackward0"
    out.sum().backward()
    seen = Counter(ids)
    want = [[0.0 if r == pad else float(seen[r])] * dim for r in range(n)]
    assert emb.weight.grad.tolist() == want
    if pad is not None:
        assert table[pad] == [0.0] * dim


def test_the_table_is_drawn_as_randn_of_its_shape():
    torch.manual_seed(3)
    emb = torch.nn.Embedding(7, 3)
    torch.manual_seed(3)
    assert emb.weight.tolist() == torch.randn(7, 3).tolist()


def test_from_pretrained_is_frozen_unless_asked():
    table = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert not torch.nn.Embedding.from_pretrained(table).weight.requires_grad
    assert torch.nn.Embedding.from_pretrained(table, freeze=False).weight.requires_grad


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda e: e(torch.tensor([5])), IndexError),
        (lambda e: e(torch.tensor([1.0])), RuntimeError),
        (lambda e: torch.nn.Embedding(3, 2, padding_idx=3), AssertionError),
        (lambda e: torch.nn.Embedding(3, 2, max_norm=1.0), NotImplementedError),
    ],
)
def test_bad_ids_and_options_are_refused(call, error):
    with pytest.raises(error):
        call(torch.nn.Embedding(5, 3))
