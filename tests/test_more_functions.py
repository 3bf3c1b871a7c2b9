"""The small torch functions (trapezoid, cumulative_trapezoid, vander, combinations,
unravel_index, range, can_cast) against independent computations, and the torch.f forms of
nn.functional's functions with their own argument orders. Reprs and grad_fn names are compared
with PyTorch's in tests/parity/programs/573_torch_forms_integration.py."""

from __future__ import annotations

import itertools
import math

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_trapezoid_is_the_sum_of_the_trapezoids_and_its_grad_their_weights(dt):
    ys, xs = [1.0, 4.0, 9.0, 16.0, 2.0], [0.0, 0.5, 2.0, 3.0, 3.5]
    want = sum((b - a) * (u + v) / 2 for a, b, u, v in zip(xs, xs[1:], ys, ys[1:]))
    y = torch.tensor(ys, dtype=dt, requires_grad=True)
    got = torch.trapezoid(y, torch.tensor(xs, dtype=dt))
    assert got.item() == pytest.approx(want, rel=1e-6)
    got.backward()
    # d/dy_i: half the width of each trapezoid that touches y_i
    weights = [((xs[i] - xs[i - 1]) if i else 0) / 2 + ((xs[i + 1] - xs[i]) if i < 4 else 0) / 2
               for i in range(5)]  # fmt: skip
    assert y.grad.tolist() == pytest.approx(weights, rel=1e-6)
    running = list(itertools.accumulate((b - a) * (u + v) / 2
                                        for a, b, u, v in zip(xs, xs[1:], ys, ys[1:])))  # fmt: skip
    cum = torch.cumulative_trapezoid(y, torch.tensor(xs, dtype=dt))
    assert cum.tolist() == pytest.approx(running, rel=1e-6)
    assert torch.trapezoid(y, dx=0.5).item() == pytest.approx(
        sum(0.5 * (u + v) / 2 for u, v in itertools.pairwise(ys)), rel=1e-6
    )


def test_vander_combinations_unravel_index_and_range():
    x = [2.0, -1.0, 0.5]
    assert torch.vander(torch.tensor(x)).tolist() == [[v**2, v, 1.0] for v in x]
    assert torch.vander(torch.tensor(x), 4, increasing=True).tolist() == [
        [v**k for k in range(4)] for v in x
    ]
    got = torch.combinations(torch.tensor(x), 2, with_replacement=True).tolist()
    assert got == [list(c) for c in itertools.combinations_with_replacement(x, 2)]
    rows, cols = torch.unravel_index(torch.tensor([0, 5, 11]), (3, 4))
    assert list(zip(rows.tolist(), cols.tolist())) == [divmod(i, 4) for i in (0, 5, 11)]
    with pytest.warns(UserWarning, match="torch.range is deprecated"):
        assert torch.range(1, 2, 0.25).tolist() == [1.0, 1.25, 1.5, 1.75, 2.0]


def test_can_cast_follows_the_promotion_rules():
    assert not torch.can_cast(torch.float32, torch.int64)
    assert torch.can_cast(torch.int64, torch.float32)
    assert not torch.can_cast(torch.int64, torch.bool)
    assert torch.can_cast(torch.bool, torch.bool) and torch.can_cast(torch.float64, torch.float32)


def test_the_torch_forms_take_atens_argument_orders():
    w = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    assert torch.embedding(w, torch.tensor([2, 0])).tolist() == [[5.0, 6.0], [1.0, 2.0]]
    x = torch.tensor([[1.0, 2.0], [3.0, 6.0]])
    rm, rv = torch.zeros(2), torch.ones(2)
    y = torch.batch_norm(x, None, None, rm, rv, True, 0.5, 1e-5, False)
    assert y.tolist() == F.batch_norm(x, None, None, training=True).tolist()
    assert rm.tolist() == pytest.approx([1.0, 2.0])  # 0.5 * the batch mean
    a = torch.tensor([0.5, -1.0])
    loss = torch.margin_ranking_loss(a, torch.zeros(2), torch.tensor([1.0, 1.0]), 0.0, 2)
    assert loss.item() == pytest.approx(1.0)  # reduction 2 is sum
    assert math.isclose(torch.kl_div(a, a.exp(), 1).item(), 0.0, abs_tol=1e-7)
