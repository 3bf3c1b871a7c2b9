"""data: seeded toy 2-D sets, deterministic, balanced, -1/+1 labels (or 0/1)."""

from __future__ import annotations

import math

import pytest

from tinygrad_edu.core.data import make_blobs, make_circles, make_moons, make_xor

MAKERS = [make_moons, make_circles, make_xor, make_blobs]


@pytest.mark.parametrize("make", MAKERS)
def test_same_seed_same_points_other_seed_other_points(make):
    assert make(40, seed=7) == make(40, seed=7)
    assert make(40, seed=7)[0] != make(40, seed=8)[0]


@pytest.mark.parametrize("make", MAKERS)
@pytest.mark.parametrize("n", [2, 7, 100])
def test_shapes_and_label_balance(make, n):
    xs, ys = make(n, seed=0)
    assert len(xs) == len(ys) == n
    assert all(len(p) == 2 and all(isinstance(c, float) for c in p) for p in xs)
    assert sorted(set(ys)) == [-1, 1]
    assert ys.count(-1) == n // 2 and ys.count(1) == n - n // 2


@pytest.mark.parametrize("make", MAKERS)
def test_binary_labels_are_zero_one_with_the_same_points(make):
    xs, ys = make(20, seed=3)
    xb, yb = make(20, seed=3, binary=True)
    assert xb == xs
    assert yb == [(y + 1) // 2 for y in ys]


def test_noiseless_moons_lie_on_their_half_circles():
    xs, ys = make_moons(50, noise=0.0, seed=1)
    for (x, y), label in zip(xs, ys):
        cx, cy, upper = (0.0, 0.0, True) if label == -1 else (1.0, 0.5, False)
        assert math.hypot(x - cx, y - cy) == pytest.approx(1.0)
        assert (y >= cy - 1e-12) if upper else (y <= cy + 1e-12)


def test_noiseless_circles_have_the_two_radii():
    xs, ys = make_circles(30, noise=0.0, factor=0.3, seed=1)
    for (x, y), label in zip(xs, ys):
        assert math.hypot(x, y) == pytest.approx(1.0 if label == -1 else 0.3)


def test_xor_label_is_whether_the_signs_differ():
    xs, ys = make_xor(60, noise=0.1, seed=2)
    assert all((x * y < 0) == (label == 1) for (x, y), label in zip(xs, ys))


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        make_moons(1)
    with pytest.raises(ValueError):
        make_moons(10, noise=-0.1)
    with pytest.raises(ValueError):
        make_circles(10, factor=1.5)


def test_the_docstring_examples_run():
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module("tinygrad_edu.core.data"))
    assert result.attempted > 0 and result.failed == 0
