"""A 10^6-element elementwise op on float32 tensors that require no grad: CPU time and the
memory it takes, against the same arithmetic on a plain list of floats.

    .venv/bin/python bench/big_tensor.py [--n 1000000]

One run (CPU time of the process; memory as tracemalloc's peak while the op runs, which also
slows it, so the time is taken in a second, untraced run). A tensor of more than
``MAX_ELEMENTS`` (10^7) elements is refused at once with a clear error: that is shown too.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tinygrad_edu as torch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    args = parser.parse_args()
    a = torch.arange(args.n, dtype=torch.float32)
    xs = [float(i) for i in range(args.n)]
    t0 = time.process_time()
    b = a * 2.0
    t1 = time.process_time()
    del b
    tracemalloc.start()
    c = a * 2.0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del c
    t2 = time.process_time()
    ys = [x * 2.0 for x in xs]
    t3 = time.process_time()
    print(f"a * 2.0 on {args.n:,} float32 elements that require no grad")
    print(f"  tinygrad_edu   {t1 - t0:8.3f} s  {peak / 1e6:8.1f} MB")
    print(f"  plain floats   {t3 - t2:8.3f} s  ({(t1 - t0) / (t3 - t2):.0f}x)")
    del ys
    try:  # only where the engine has the limit: without it, 10**8 elements would take ~15 GB
        from tinygrad_edu._tensor.shape import MAX_ELEMENTS
    except ImportError:
        return
    t4 = time.process_time()
    try:
        torch.zeros(10 * MAX_ELEMENTS)
    except RuntimeError as e:
        print(f"  torch.zeros({10 * MAX_ELEMENTS:,}): refused in {time.process_time() - t4:.3f} s")
        print(f"    {e}")


if __name__ == "__main__":
    main()
