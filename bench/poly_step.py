"""One step of "Learning PyTorch with Examples"' polynomial fit (``polynomial_autograd``):
``y_pred = a + b*x + c*x**2 + d*x**3`` on 2,000 points, the loss ``(y_pred - y).pow(2).sum()``,
its backward, side by side in one process.

    .venv/bin/python bench/poly_step.py [--points N] [--repeat R]

The same step as float32 tensors, as float64 tensors, as Values built by hand (one Value per
point, the loss a ``vsum``), as a plain Python float loop that computes the same four grads (the
floor), and with PyTorch when it is installed. Each figure is the best of ``--repeat`` steps
(CPU time of the process, the default garbage collector). Checks that every engine's grads agree
with the float loop's to 1e-6 (relative); exits 1 if not. Figures are from one run on a shared
machine: read the ratios, not the absolute times.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tinygrad_edu as tg
from tinygrad_edu import Value
from tinygrad_edu.core.engine import vsum

A, B, C, D = -0.1, 0.8, 0.05, -0.09


def floats_step(xs: list[float], ys: list[float]) -> list[float]:
    """The floor: the forward and the four grads of the loss, by hand, in float64."""
    ga = gb = gc = gd = 0.0
    loss = 0.0
    for x, y in zip(xs, ys):
        x2 = x * x
        x3 = x2 * x
        r = A + B * x + C * x2 + D * x3 - y
        loss += r * r
        g = 2.0 * r
        ga += g
        gb += g * x
        gc += g * x2
        gd += g * x3
    return [ga, gb, gc, gd]


def tensor_step(lib: object, dtype: object, n: int) -> Callable[[], list[float]]:
    x = lib.linspace(-math.pi, math.pi, n, dtype=dtype)  # type: ignore[attr-defined]
    y = lib.sin(x)  # type: ignore[attr-defined]
    params = [lib.tensor(v, dtype=dtype, requires_grad=True) for v in (A, B, C, D)]  # type: ignore[attr-defined]

    def step() -> list[float]:
        a, b, c, d = params
        y_pred = a + b * x + c * x**2 + d * x**3
        loss = (y_pred - y).pow(2).sum()
        loss.backward()
        got = [float(p.grad.item()) for p in params]
        for p in params:
            p.grad = None
        return got

    return step


def values_step(xs: list[float], ys: list[float]) -> Callable[[], list[float]]:
    def step() -> list[float]:
        a, b, c, d = (Value(v) for v in (A, B, C, D))
        loss = vsum([(a + b * x + c * x**2 + d * x**3 - y) ** 2 for x, y in zip(xs, ys)])
        loss.backward()
        return [a.grad, b.grad, c.grad, d.grad]

    return step


def best(fn: Callable[[], list[float]], repeat: int) -> tuple[float, list[float]]:
    times, got = [], []
    for _ in range(repeat):
        t0 = time.process_time()
        got = fn()
        times.append(time.process_time() - t0)
    return min(times), got


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    n = args.points
    xs64 = tg.linspace(-math.pi, math.pi, n, dtype=tg.float64)
    xs = [float(v) for v in xs64.tolist()]
    ys = [math.sin(v) for v in xs]
    floor, want = best(lambda: floats_step(xs, ys), args.repeat)
    rows: list[tuple[str, Callable[[], list[float]]]] = [
        ("tinygrad_edu float32 tensors", tensor_step(tg, tg.float32, n)),
        ("tinygrad_edu float64 tensors", tensor_step(tg, tg.float64, n)),
        ("tinygrad_edu Values by hand", values_step(xs, ys)),
    ]
    if importlib.util.find_spec("torch") is not None:
        import torch

        if hasattr(torch, "_C"):  # PyTorch itself, not a stand-in
            rows.append(("PyTorch float32 tensors", tensor_step(torch, torch.float32, n)))
            rows.append(("PyTorch float64 tensors", tensor_step(torch, torch.float64, n)))
    print(f"polynomial fit, one step on {n:,} points (best of {args.repeat}, CPU time)")
    print(f"  {'plain Python floats (the floor)':<32}{floor * 1e3:10.2f} ms      1.0x")
    ok = True
    for name, fn in rows:
        t, got = best(fn, args.repeat)
        tol = 1e-3 if "float32" in name else 1e-6  # float32 sums of 2,000 terms
        agree = all(math.isclose(g, w, rel_tol=tol, abs_tol=tol) for g, w in zip(got, want))
        ok = ok and agree
        flag = "" if agree else f"   grads differ: {got} vs {want}"
        print(f"  {name:<32}{t * 1e3:10.2f} ms {t / floor:8.1f}x{flag}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
