"""Chains of 10^3..10^6 ops (y = y * 1.0000001 + 0.5): time and bytes per node.

Side by side with micrograd 0.1.0 (if installed: `pip install micrograd==0.1.0`, or the
`bench` extra) and with plain Python floats doing the same arithmetic by hand, the floor.
Every engine runs with the default garbage collector; times are CPU time of this process.
Figures are from one run on a noisy machine: compare the ratios, not the absolute times.

    .venv/bin/python bench/chain.py [--max 1000000] [--no-gc] [--repeat 3]

``--no-gc`` turns the cycle collector off for every engine (what its walks of the live graph
cost the forward). Each of our chains is built ``--repeat`` times and the best forward and
best backward are shown (a loaded machine only ever adds time).
"""

from __future__ import annotations

import argparse
import gc
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from tinygrad_edu import Value

A, B = 1.0000001, 0.5


def chain(value_cls: Callable[[float], Any], steps: int) -> tuple[Any, Any]:
    x = value_cls(1.0)
    y = x
    for _ in range(steps):
        y = y * A + B  # two op nodes per step
    return x, y


def floats(steps: int) -> tuple[float, float, float]:
    """The same arithmetic by hand: forward, then the chain rule backward (dy/dx = A**steps)."""
    t0 = time.process_time()
    y = 1.0
    for _ in range(steps):
        y = y * A + B
    t1 = time.process_time()
    g, dy = 1.0, 1.0
    for _ in range(steps):
        g = g * 1.0  # through the addition
        dy = dy * A  # through the multiplication
    t2 = time.process_time()
    return t1 - t0, t2 - t1, dy


def timed(value_cls: Callable[[float], Any], steps: int) -> tuple[float, float, float]:
    t0 = time.process_time()
    x, y = chain(value_cls, steps)
    t1 = time.process_time()
    y.backward()
    t2 = time.process_time()
    return t1 - t0, t2 - t1, x.grad


def bytes_per_node(value_cls: Callable[[float], Any], steps: int) -> float:
    gc.collect()
    tracemalloc.start()
    x, y = chain(value_cls, steps)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del x, y
    return size / (2 * steps)


def deep(fn: Callable[..., Any], *args: Any) -> Any:
    """Run fn in a thread with a large stack and recursion limit (micrograd's backward recurses)."""
    result: list[Any] = []
    limit = sys.getrecursionlimit()
    threading.stack_size(1 << 29)
    sys.setrecursionlimit(10**7)
    try:
        worker = threading.Thread(target=lambda: result.append(fn(*args)))
        worker.start()
        worker.join()
    finally:
        sys.setrecursionlimit(limit)
        threading.stack_size(0)
    return result[0]


def row(name: str, fwd: float, bwd: float, nodes: int, mem: float | None) -> str:
    per = lambda t: f"{t / nodes * 1e9:8.0f}"
    m = f"{mem:8.0f}" if mem is not None else "       -"
    return f"  {name:<14}{per(fwd)} ns {per(bwd)} ns {m} B"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=1_000_000, help="largest chain, in ops")
    parser.add_argument(
        "--micrograd-max", type=int, default=100_000, help="largest chain micrograd runs"
    )
    parser.add_argument("--no-gc", action="store_true", help="the cycle collector off")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each of our chains")
    args = parser.parse_args()
    if args.no_gc:
        gc.disable()
    try:
        from micrograd.engine import Value as mg_value  # noqa: N813
    except ImportError:
        mg_value = None
        print("micrograd is not installed: pip install micrograd==0.1.0 to compare with it\n")

    collector = "gc off" if args.no_gc else "default gc"
    print(f"Python {sys.version.split()[0]}, {collector}; per op node: forward, backward, memory\n")
    n = 1000
    while n <= args.max:
        steps = n // 2
        print(f"chain of {n:,} ops")
        f_fwd, f_bwd, f_grad = floats(steps)
        runs = [timed(Value, steps) for _ in range(max(args.repeat, 1))]
        fwd, bwd, grad = min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]
        assert abs(grad - f_grad) <= 1e-9 * abs(f_grad), (grad, f_grad)
        mem = bytes_per_node(Value, steps) if n <= 1_000_000 else None
        print(row("tinygrad_edu", fwd, bwd, n, mem))
        if mg_value is not None and n <= args.micrograd_max:
            try:
                timed(mg_value, steps)
            except RecursionError:
                print("  micrograd     RecursionError at the default limit; timed with it raised:")
            m_fwd, m_bwd, _ = deep(timed, mg_value, steps)
            m_mem = deep(bytes_per_node, mg_value, steps) if n <= 100_000 else None
            print(row("micrograd", m_fwd, m_bwd, n, m_mem))
            print(f"  {'':<14}{m_fwd / fwd:8.1f}x   {m_bwd / bwd:8.1f}x   (micrograd / ours)")
        print(row("plain floats", f_fwd, f_bwd, n, None))
        print(f"  {'':<14}{fwd / f_fwd:8.1f}x   {bwd / f_bwd:8.1f}x   (ours / floats)\n")
        n *= 10


if __name__ == "__main__":
    main()
