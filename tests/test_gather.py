"""gather: the picked elements and their gradient, against the definition written out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch


@st.composite
def cases(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    dim = draw(st.integers(0, 1))
    size = (rows, cols)
    # the index may be longer along dim, no longer elsewhere
    irows = draw(st.integers(1, 5)) if dim == 0 else draw(st.integers(1, rows))
    icols = draw(st.integers(1, 5)) if dim == 1 else draw(st.integers(1, cols))
    n = size[dim]
    index = [[draw(st.integers(0, n - 1)) for _ in range(icols)] for _ in range(irows)]
    data = [[draw(st.floats(-5, 5)) for _ in range(cols)] for _ in range(rows)]
    return data, dim, index


@settings(max_examples=80, deadline=None)
@given(cases())
def test_gather_picks_by_the_definition_and_counts_picks_in_the_gradient(case):
    data, dim, index = case
    x = torch.tensor(data, dtype=torch.float64, requires_grad=True)
    out = x.gather(dim, torch.tensor(index))
    want = [
        [data[index[i][j]][j] if dim == 0 else data[i][index[i][j]] for j in range(len(row))]
        for i, row in enumerate(index)
    ]
    assert out.tolist() == want
    assert out.grad_fn.name() == "GatherBackward0"
    out.sum().backward()
    counts = [[0.0] * len(data[0]) for _ in data]
    for i, row in enumerate(index):
        for j, k in enumerate(row):
            if dim == 0:
                counts[k][j] += 1.0
            else:
                counts[i][k] += 1.0
    assert x.grad.tolist() == counts


@pytest.mark.parametrize(
    ("index", "message"),
    [
        ([[0.0]], "gather(): Expected dtype int32/int64 for index"),
        ([[3]], "index 3 is out of bounds for dimension 1 with size 3"),
        ([[-1]], "index -1 is out of bounds for dimension 1 with size 3"),
        ([0], "Index tensor must have the same number of dimensions as input tensor"),
        ([[0], [0], [0]], "Size does not match at dimension 0 expected index [3, 1]"),
    ],
)
def test_bad_indices_are_refused_with_torchs_words(index, message):
    x = torch.ones(2, 3)
    with pytest.raises(RuntimeError) as e:
        x.gather(1, torch.tensor(index))
    assert str(e.value).startswith(message)
