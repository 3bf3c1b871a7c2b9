"""What freeing a graph costs: as shipped natively, as under Pyodide, and with no ``__del__``.

Natively a dying Value only counts itself out (``engine.release_counted``, for the collector's
sizing) and CPython's own deallocation, whose depth its trashcan bounds, frees what it held.
Under Pyodide a chain's recursive release would overflow the browser's stack (at about 5,000
Values), so there a dying Value hands what it held to one loop (``engine.release_in_a_loop``).
This times a 10^5-op chain's forward, backward and release per op, best of 7, with each of the
two and with ``Value.__del__`` deleted (no count: the floor). CPU time of this process; compare
the lines of one run.

    .venv/bin/python bench/release.py [--ops 100000]
"""

from __future__ import annotations

import argparse
import sys
import time

from tinygrad_edu.core import engine
from tinygrad_edu.core.engine import Value


def once(n: int) -> tuple[float, float, float]:
    t0 = time.process_time()
    x = y = Value(1.0)
    for _ in range(n):
        y = y * 1.0001
    t1 = time.process_time()
    y.backward()
    t2 = time.process_time()
    del x, y
    t3 = time.process_time()
    return t1 - t0, t2 - t1, t3 - t2


def line(name: str, n: int) -> str:
    fwd, bwd, free = (t / n * 1e9 for t in min((once(n) for _ in range(7)), key=sum))
    return f"  {name:<28}{fwd:7.0f} ns {bwd:7.0f} ns {free:7.0f} ns"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=100_000, help="the chain's length")
    n = parser.parse_args().ops
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n))  # CPython's own release recurses
    print(f"chain of {n:,} ops, per op: forward, backward, release (best of 7)")
    shipped = Value.__del__
    try:
        for name, release in [
            ("counted (native, shipped)", engine.release_counted),
            ("in a loop (as under Pyodide)", engine.release_in_a_loop),
            ("no __del__ (no count)", None),
        ]:
            if release is None:
                del Value.__del__
            else:
                Value.__del__ = release
            print(line(name, n))
    finally:
        Value.__del__ = shipped


if __name__ == "__main__":
    main()
