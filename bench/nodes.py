"""Forward + backward time and bytes per node: chains and MLPs, beside micrograd and floats.

    .venv/bin/python bench/nodes.py

Chains are ``y = y * 1.0000001 + 0.5`` (two nodes a step); MLPs are micrograd's
``MLP(2, [w, w, 1])`` with the demo's hinge loss on a batch of points. "nodes" counts each
engine's own graph (an MLP neuron is one ``AddmvBackward0`` node here, 2n+1 in micrograd),
so per-node figures are for reading the engines' costs, and the "x ours" columns compare
whole forward + backward passes. The default garbage collector is on; figures come from one
run (best of a few repeats), so compare the ratios rather than the absolute times.
"""

from __future__ import annotations

import gc
import importlib.util
import random
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from train_step import float_hinge_grads, float_layers

from tinygrad_edu import Value
from tinygrad_edu.core.data import make_moons
from tinygrad_edu.core.engine import toposort
from tinygrad_edu.nn import MLP, hinge_loss

A, B = 1.0000001, 0.5
REPEATS = 3


def deep(fn: Callable[[], Any]) -> Any:
    """Run ``fn`` with room to recurse: micrograd's backward sorts the graph recursively."""
    out: list[Any] = []
    limit = sys.getrecursionlimit()
    threading.stack_size(1 << 28)
    sys.setrecursionlimit(10**6)
    try:
        t = threading.Thread(target=lambda: out.append(fn()))
        t.start()
        t.join()
    finally:
        sys.setrecursionlimit(limit)
        threading.stack_size(0)
    return out[0]


def measure(build: Callable[[], Any], backward: Callable[[Any], Any]) -> tuple[float, float, int]:
    """Best-of-REPEATS forward and backward seconds, and bytes the forward graph holds."""
    fwd = bwd = float("inf")
    for _ in range(REPEATS):
        gc.collect()
        t0 = time.perf_counter()
        root = build()
        t1 = time.perf_counter()
        backward(root)
        t2 = time.perf_counter()
        fwd, bwd = min(fwd, t1 - t0), min(bwd, t2 - t1)
        del root
    gc.collect()
    tracemalloc.start()
    root = build()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del root
    return fwd, bwd, size


# -- chains --------------------------------------------------------------------------------


def chain(value_cls: Callable[[float], Any], steps: int) -> Any:
    y = value_cls(1.0)
    for _ in range(steps):
        y = y * A + B
    return y


def chain_floats(steps: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    y, tape = 1.0, []
    for _ in range(steps):
        tape.append(y)  # what a tape would keep for the backward pass
        y = y * A + B
    t1 = time.perf_counter()
    g = 1.0
    for _ in tape:
        g = g * A
    return t1 - t0, time.perf_counter() - t1


# -- MLPs ----------------------------------------------------------------------------------


def mlp_ours(width: int, xs: list[list[float]], ys: list[int]) -> Callable[[], Value]:
    random.seed(1337)
    model = MLP(2, [width, width, 1])
    return lambda: hinge_loss([model(x) for x in xs], ys)


def mlp_micrograd(width: int, xs: list[list[float]], ys: list[int]) -> Callable[[], Any]:
    from micrograd import nn
    from micrograd.engine import Value as MValue

    random.seed(1337)
    model = nn.MLP(2, [width, width, 1])

    def build() -> Any:
        scores = [model(list(map(MValue, x))) for x in xs]
        losses = [(1 + -yi * si).relu() for yi, si in zip(ys, scores)]
        return sum(losses) * (1.0 / len(losses))

    return build


def micrograd_nodes(root: Any) -> int:
    seen, stack = {id(root)}, [root]
    n = 0
    while stack:
        v = stack.pop()
        if v._prev:
            n += 1
        for c in v._prev:
            if id(c) not in seen:
                seen.add(id(c))
                stack.append(c)
    return n


def row(name: str, nodes: int, fwd: float, bwd: float, size: float | None, ours: float) -> str:
    per = lambda t: f"{t / nodes * 1e9:9.0f}"
    mem = f"{size / nodes:9.0f}" if size is not None else f"{'-':>9}"
    total = fwd + bwd
    return (
        f"  {name:<14}{nodes:>9,}{per(fwd)}{per(bwd)}{mem}{1000 * total:>12.2f}"
        f"{total / ours:>8.3g}x"
    )


HEADER = (
    f"  {'engine':<14}{'nodes':>9}{'fwd ns':>9}{'bwd ns':>9}{'B/node':>9}{'fwd+bwd ms':>12}"
    f"{'x ours':>9}"
)


def main() -> int:
    has_mg = importlib.util.find_spec("micrograd") is not None
    if has_mg:
        from micrograd.engine import Value as MValue
    else:
        print("micrograd is not installed: pip install micrograd==0.1.0 to compare with it\n")
    print(f"Python {sys.version.split()[0]}, default gc {gc.get_threshold()}; per node\n")

    for steps in (500, 5_000):  # bench/chain.py goes up to a million
        nodes = 2 * steps
        print(f"chain of {nodes:,} ops")
        print(HEADER)
        fwd, bwd, size = measure(lambda s=steps: chain(Value, s), lambda y: y.backward())
        ours = fwd + bwd
        print(row("tinygrad_edu", nodes, fwd, bwd, size, ours))
        if has_mg:
            f, b, sz = deep(
                lambda s=steps: measure(lambda: chain(MValue, s), lambda y: y.backward())
            )
            print(row("micrograd", nodes, f, b, sz, ours))
        f, b = min((chain_floats(steps) for _ in range(REPEATS)), key=sum)
        print(row("plain floats", nodes, f, b, None, ours))
        print()

    xs, ys = make_moons(20, noise=0.1, seed=1)
    for width in (4, 16, 64):
        print(f"MLP(2, [{width}, {width}, 1]), hinge loss on {len(xs)} points")
        print(HEADER)
        build = mlp_ours(width, xs, ys)
        nodes = len(toposort([build()]))
        fwd, bwd, size = measure(build, lambda y: y.backward())
        ours = fwd + bwd
        print(row("tinygrad_edu", nodes, fwd, bwd, size, ours))
        if has_mg:
            mbuild = mlp_micrograd(width, xs, ys)
            mnodes = micrograd_nodes(mbuild())
            f, b, sz = deep(lambda mb=mbuild: measure(mb, lambda y: y.backward()))
            print(row("micrograd", mnodes, f, b, sz, ours))
        random.seed(1337)
        layers = float_layers([2, width, width, 1])
        best = float("inf")
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            float_hinge_grads(layers, xs, ys)
            best = min(best, time.perf_counter() - t0)
        # fwd and bwd are interleaved by sample on floats: the whole pass goes in one column
        print(row("plain floats", nodes, best, 0.0, None, ours))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
