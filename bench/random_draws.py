"""Random draws per second: tinygrad_edu._torch_cpu.random beside PyTorch's CPU kernels
(when installed).

    .venv/bin/python bench/random_draws.py

Each row draws one tensor's worth of values (``n`` elements) from a seeded generator and reports
elements per second, best of a few repeats of about a quarter second each. The pure-Python
figures depend mostly on how many float32 roundings a draw needs: ``rand`` and ``randint`` are
one word per element, ``uniform_`` adds a fused multiply-add, and ``randn`` from 16 elements on
runs the AVX2 log/sin/cos polynomials in emulated float32. On a shared machine compare the
ratios, not the absolute figures.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tinygrad_edu._torch_cpu import random as rnd
from tinygrad_edu._torch_cpu.mt19937 import Generator

REPEATS = 3
SLICE = 0.25


def rate(fn: Callable[[int], object], n: int) -> float:
    """Best elements-per-second of ``fn(n)`` over a few timed slices."""
    best = 0.0
    for _ in range(REPEATS):
        calls, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SLICE:
            fn(n)
            calls += 1
        best = max(best, calls * n / elapsed)
    return best


def ours(g: Generator) -> list[tuple[str, int, Callable[[int], object]]]:
    return [
        ("rand float32", 10_000, lambda n: rnd.uniform(g, n)),
        ("rand float64", 10_000, lambda n: rnd.uniform(g, n, dtype="float64")),
        ("uniform_(-1, 1) float32", 10_000, lambda n: rnd.uniform(g, n, -1, 1)),
        ("randn float32, n=10", 10, lambda n: rnd.normal(g, n)),
        ("randn float32, n=1000", 1000, lambda n: rnd.normal(g, n)),
        ("randn float64, n=1000", 1000, lambda n: rnd.normal(g, n, dtype="float64")),
        ("randint(0, 10)", 10_000, lambda n: rnd.randint(g, n, 0, 10)),
        ("randperm", 10_000, lambda n: rnd.randperm(g, n)),
        ("bernoulli_(0.5)", 10_000, lambda n: rnd.bernoulli(g, n, 0.5)),
        ("dropout noise p=0.5", 10_000, lambda n: rnd.dropout_noise(g, n, 0.5)),
    ]


def theirs(torch) -> list[Callable[[int], object]]:
    f64 = torch.float64
    drop = torch.nn.functional.dropout
    return [
        lambda n: torch.rand(n),
        lambda n: torch.rand(n, dtype=f64),
        lambda n: torch.empty(n).uniform_(-1, 1),
        lambda n: torch.randn(n),
        lambda n: torch.randn(n),
        lambda n: torch.randn(n, dtype=f64),
        lambda n: torch.randint(0, 10, (n,)),
        lambda n: torch.randperm(n),
        lambda n: torch.empty(n).bernoulli_(0.5),
        lambda n: drop(torch.ones(n), 0.5),
    ]


def main() -> None:
    rows = ours(Generator().manual_seed(0))
    torch_rows: list = [None] * len(rows)
    if importlib.util.find_spec("torch") is not None:
        import torch

        torch.manual_seed(0)
        torch_rows = theirs(torch)
    print(f"{'draw':26} {'n':>6} {'ours /s':>13} {'torch /s':>14} {'torch / ours':>13}")
    for (name, n, fn), tfn in zip(rows, torch_rows):
        mine = rate(fn, n)
        line = f"{name:26} {n:>6} {mine:>13,.0f}"
        if tfn is not None:
            other = rate(tfn, n)
            line += f" {other:>14,.0f} {other / mine:>12,.0f}x"
        print(line)


if __name__ == "__main__":
    main()
