"""A 32x32 tensor matmul, forward and backward, against the same work built from Values.

    .venv/bin/python bench/matmul.py [--size 32] [--repeats 5]

The tensor layer makes one ``DotBackward0``-style scalar node per output element (a row times
a column) plus its tensor-level ``MmBackward0``; the Values version builds the same n² dot
products with ``vdot`` and runs the scalar engine's backward. The ratio is the tensor layer's
own overhead. Best of a few repeats, CPU time, default gc.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tinygrad_edu as torch
from tinygrad_edu import Value, vdot, vsum


def tensors(n: int, a: list[list[float]], b: list[list[float]]) -> float:
    t0 = time.process_time()
    x = torch.tensor(a, requires_grad=True)
    w = torch.tensor(b, requires_grad=True)
    (x @ w).sum().backward()
    return time.process_time() - t0


def values(n: int, a: list[list[float]], b: list[list[float]]) -> float:
    t0 = time.process_time()
    x = [[Value(v) for v in row] for row in a]
    w = [[Value(v) for v in row] for row in b]
    cols = [[w[k][j] for k in range(n)] for j in range(n)]
    vsum([vdot(row, col) for row in x for col in cols]).backward()
    return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=32)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    n = args.size
    rng = random.Random(0)
    a = [[rng.uniform(-1, 1) for _ in range(n)] for _ in range(n)]
    b = [[rng.uniform(-1, 1) for _ in range(n)] for _ in range(n)]
    t_t = min(tensors(n, a, b) for _ in range(args.repeats))
    t_v = min(values(n, a, b) for _ in range(args.repeats))
    print(f"{n}x{n} matmul, forward + backward, best of {args.repeats}, CPU ms")
    print(f"  tensors {1000 * t_t:8.2f}")
    print(f"  values  {1000 * t_v:8.2f}")
    print(f"  tensors / values: {t_t / t_v:.2f}x")


if __name__ == "__main__":
    main()
