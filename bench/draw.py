"""How long drawing takes: DOT text built by viz.draw, then rendered to SVG, for 100..2,000 nodes.

    .venv/bin/python bench/draw.py          # the renderer viz picks (dot, else graphviz-pure)
    TINYGRAD_EDU_DOT=graphviz-pure .venv/bin/python bench/draw.py

Two shapes of graph.  ``layered``: an MLP-like stack (each unit tanh(a*w + b) of two units of the
layer below), what lessons draw.  ``tangled``: every op mixes a recent Value with any earlier one,
the worst case for Graphviz's crossing minimisation.  "nodes" counts the picture's nodes.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tinygrad_edu import Value
from viz.draw import draw
from viz.render import RenderError, find_renderer, render

SIZES = (100, 250, 500, 1000, 2000)
TIMEOUT = 30.0  # per render; a slower one is reported, not waited for


def layered(nodes: int, width: int = 8, seed: int = 0) -> Value:
    rng = random.Random(seed)
    layer = [Value(rng.uniform(-1, 1), label=f"x{i}") for i in range(width)]
    drawn = width + 2 * (width - 1)  # inputs, and the final sum's adds
    while drawn < nodes:
        nxt = []
        for _ in range(width):
            a, b = rng.sample(layer, 2)
            w = Value(rng.uniform(-1, 1), label="w")
            nxt.append((a * w + b).tanh())
        layer = nxt
        drawn += width * 7  # w, and three ops each with its result
    root = layer[0]
    for v in layer[1:]:
        root = root + v
    return root


def tangled(nodes: int, seed: int = 0) -> Value:
    rng = random.Random(seed)
    values = [Value(rng.uniform(-1, 1), label=f"x{i}") for i in range(max(2, nodes // 20))]
    drawn = len(values)
    while drawn < nodes:
        a, b = rng.choice(values[-8:]), rng.choice(values)
        if rng.random() < 0.5:
            values.append(a * b)
            drawn += 2
        else:
            values.append((a + b).tanh())
            drawn += 4
    return values[-1]


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print(f"renderer: {find_renderer()}   (render timeout {TIMEOUT:g}s)")
    print(f"{'graph':>8} {'nodes':>6} {'DOT build':>10} {'render':>9} {'SVG KiB':>8}")
    for shape in (layered, tangled):
        for n in SIZES:
            root = shape(n)
            root.backward()
            g = draw(root, max_nodes=10 * n)
            build = best(lambda r=root, m=10 * n: draw(r, max_nodes=m))
            start = time.perf_counter()
            try:
                svg = render(g.source, timeout=TIMEOUT)
                took, size = f"{time.perf_counter() - start:.2f}s", f"{len(svg) / 1024:.0f}"
            except RenderError:
                took, size = f">{TIMEOUT:g}s", "-"
            print(f"{shape.__name__:>8} {g.nodes:>6} {build * 1e3:>8.1f}ms {took:>9} {size:>8}")


if __name__ == "__main__":
    main()
