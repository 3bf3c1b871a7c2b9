"""nanmedian, histogram, put, apply_/map_, new and the layout answers against independent
computations. Reprs and grad_fn names are compared with PyTorch's in
tests/parity/programs/574_tensor_odds.py."""

from __future__ import annotations

import math

import pytest

import tinygrad_edu as torch

NAN = float("nan")


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_nanmedian_is_the_lower_median_of_the_numbers_and_its_grad_one_hot(dt):
    rows = [[1.0, NAN, 3.0, 2.0], [NAN, 7.0, NAN, -1.0], [5.0, 4.0, NAN, 0.0]]
    m = torch.tensor(rows, dtype=dt, requires_grad=True)
    r = m.nanmedian(1)
    want = [sorted(v for v in row if v == v)[(sum(v == v for v in row) - 1) // 2] for row in rows]
    assert r.values.tolist() == want
    assert [rows[i][j] for i, j in enumerate(r.indices.tolist())] == want
    r.values.sum().backward()
    assert m.grad.sum().item() == 3 and all(m.grad[i, j].item() == 1 for i, j in
                                            enumerate(r.indices.tolist()))  # fmt: skip
    flat = [v for row in rows for v in row if v == v]
    assert torch.nanmedian(m).item() == sorted(flat)[(len(flat) - 1) // 2]
    assert math.isnan(torch.nanmedian(torch.tensor([NAN, NAN], dtype=dt)).item())


def test_histogram_counts_as_an_independent_count_does():
    data = [0.1, 0.5, 0.5, 0.99, 1.0, 2.0, 3.0]
    hist, edges = torch.histogram(torch.tensor(data), bins=3, range=(0.0, 3.0))
    assert edges.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert hist.tolist() == [4.0, 1.0, 2.0]  # the last bin holds its right edge
    dens = torch.histogram(torch.tensor(data), torch.tensor([0.0, 1.0, 3.0]), density=True).hist
    assert dens.tolist() == pytest.approx([4 / 7, 3 / 7 / 2])


def test_put_apply_map_new_and_the_layout_answers():
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert x.put(torch.tensor([0, -1]), torch.tensor([9.0, 8.0])).tolist() == [[9, 2], [3, 8]]
    assert x.put(torch.tensor([1, 1]), torch.tensor([1.0, 1.0]), accumulate=True).tolist() == [
        [1, 4], [3, 4]]  # fmt: skip
    y = torch.tensor([1.0, 2.0])
    assert y.apply_(lambda v: v * v).tolist() == [1.0, 4.0]
    assert y.map_(torch.tensor([3.0, 4.0]), lambda a, b: a - b).tolist() == [-2.0, 0.0]
    assert x.new([1, 2]).dtype is torch.float32 and tuple(x.new(2, 3).shape) == (2, 3)
    assert x.T.dim_order() == (1, 0) and not x.is_meta and x.output_nr == 0
    with pytest.raises(RuntimeError, match="requires grad"):
        torch.ones(2, requires_grad=True).apply_(abs)
