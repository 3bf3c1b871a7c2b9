"""Toy 2-D data sets for classification, in plain Python (no numpy, no scikit-learn).

Each generator returns ``(X, y)``: ``X`` a list of ``[x1, x2]`` float pairs, ``y`` a list of
int labels. Labels are **-1 and +1** by default, as in micrograd's demo (whose max-margin loss
wants the sign of the label); ``binary=True`` gives 0 and 1 instead (for ``bce_loss``). The same
``seed`` always gives the same points; no seed draws from fresh randomness.

>>> from tinygrad_edu.core.data import make_moons
>>> X, y = make_moons(6, noise=0.0, seed=0)
>>> len(X), sorted(y)
(6, [-1, -1, -1, 1, 1, 1])
"""

from __future__ import annotations

import math
import random

__all__ = ["make_blobs", "make_circles", "make_moons", "make_xor"]

Points = list[list[float]]


def _finish(
    points: Points, labels: list[int], noise: float, rng: random.Random, binary: bool
) -> tuple[Points, list[int]]:
    """Shuffle, jitter by Gaussian ``noise`` and relabel, the way scikit-learn finishes a set."""
    if noise < 0:
        raise ValueError(f"noise must be >= 0, got {noise}")
    order = list(range(len(points)))
    rng.shuffle(order)
    xs = [
        [points[i][0] + rng.gauss(0.0, noise), points[i][1] + rng.gauss(0.0, noise)] for i in order
    ]
    ys = [labels[i] if binary else 2 * labels[i] - 1 for i in order]
    return xs, ys


def _halves(n_samples: int) -> tuple[int, int]:
    if n_samples < 2:
        raise ValueError(f"n_samples must be at least 2, got {n_samples}")
    return n_samples // 2, n_samples - n_samples // 2


def _linspace(a: float, b: float, n: int) -> list[float]:
    return [a + (b - a) * i / (n - 1) for i in range(n)] if n > 1 else [a]


def _ring(r: float, n: int) -> Points:
    # the endpoint excluded, as scikit-learn does: 0 and 2π would be the same point twice
    return [
        [r * math.cos(2 * math.pi * i / n), r * math.sin(2 * math.pi * i / n)] for i in range(n)
    ]


def make_moons(
    n_samples: int = 100, *, noise: float = 0.1, seed: int | None = None, binary: bool = False
) -> tuple[Points, list[int]]:
    """Two interleaving half circles (scikit-learn's ``make_moons``): upper moon -1, lower +1."""
    n_out, n_in = _halves(n_samples)
    rng = random.Random(seed)
    outer = [[math.cos(t), math.sin(t)] for t in _linspace(0.0, math.pi, n_out)]
    inner = [[1.0 - math.cos(t), 0.5 - math.sin(t)] for t in _linspace(0.0, math.pi, n_in)]
    return _finish(outer + inner, [0] * n_out + [1] * n_in, noise, rng, binary)


def make_circles(
    n_samples: int = 100,
    *,
    noise: float = 0.05,
    factor: float = 0.5,
    seed: int | None = None,
    binary: bool = False,
) -> tuple[Points, list[int]]:
    """A small circle (+1) inside a large one (-1); ``factor`` is the ratio of their radii."""
    if not 0.0 <= factor < 1.0:
        raise ValueError(f"factor must be in [0, 1), got {factor}")
    n_out, n_in = _halves(n_samples)
    rng = random.Random(seed)
    outer, inner = _ring(1.0, n_out), _ring(factor, n_in)
    return _finish(outer + inner, [0] * n_out + [1] * n_in, noise, rng, binary)


def make_xor(
    n_samples: int = 100, *, noise: float = 0.15, seed: int | None = None, binary: bool = False
) -> tuple[Points, list[int]]:
    """Four clusters at (±1, ±1): +1 where the signs of the two coordinates differ (XOR)."""
    n_a, n_b = _halves(n_samples)
    rng = random.Random(seed)
    same = [[1.0, 1.0], [-1.0, -1.0]]
    diff = [[1.0, -1.0], [-1.0, 1.0]]
    points = [list(same[i % 2]) for i in range(n_a)] + [list(diff[i % 2]) for i in range(n_b)]
    return _finish(points, [0] * n_a + [1] * n_b, noise, rng, binary)


def make_blobs(
    n_samples: int = 100, *, noise: float = 0.5, seed: int | None = None, binary: bool = False
) -> tuple[Points, list[int]]:
    """Two Gaussian blobs centred at (-1, -1) (label -1) and (1, 1) (label +1)."""
    n_a, n_b = _halves(n_samples)
    rng = random.Random(seed)
    points = [[-1.0, -1.0] for _ in range(n_a)] + [[1.0, 1.0] for _ in range(n_b)]
    return _finish(points, [0] * n_a + [1] * n_b, noise, rng, binary)
