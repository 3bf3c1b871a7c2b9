"""micrograd's two-moons training step, three ways, side by side in one process.

    .venv/bin/python bench/train_step.py [--steps N] [--seed S]

The same model (``MLP(2, [16, 16, 1])`` from ``random.seed(1337)``), the same 100 points, the
same loss (max-margin + 1e-4 L2) and the same SGD update (lr = 1.0 - 0.9*k/100), run by
micrograd 0.1.0 (its demo's code, verbatim), by tinygrad_edu, and by hand-written Python floats
(forward and backward unrolled: the floor for any pure-Python engine). The default garbage
collector stays on for all three; they take turns, step by step. Checks that the three agree
on every step's loss to 1e-6; exits 1 if not, or if the speedup is under 20x.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import itertools
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tinygrad_edu.data import make_moons
from tinygrad_edu.nn import MLP, hinge_loss
from tinygrad_edu.optim import SGD

SIZES = [16, 16, 1]
ALPHA = 1e-4
MIN_SPEEDUP = 20.0


def lr_at(k: int) -> float:
    return 1.0 - 0.9 * k / 100


def micrograd_steps(xs: list[list[float]], ys: list[int]) -> Iterator[float]:
    """micrograd's demo.ipynb training loop, as published (full batch): one loss per step."""
    from micrograd import nn
    from micrograd.engine import Value

    random.seed(1337)
    model = nn.MLP(2, SIZES)
    for k in itertools.count():
        inputs = [list(map(Value, xrow)) for xrow in xs]
        scores = list(map(model, inputs))
        losses_ = [(1 + -yi * scorei).relu() for yi, scorei in zip(ys, scores)]
        data_loss = sum(losses_) * (1.0 / len(losses_))
        reg_loss = ALPHA * sum(p * p for p in model.parameters())
        total_loss = data_loss + reg_loss
        model.zero_grad()
        total_loss.backward()
        learning_rate = lr_at(k)
        for p in model.parameters():
            p.data -= learning_rate * p.grad
        yield total_loss.data


def ours_steps(xs: list[list[float]], ys: list[int]) -> Iterator[float]:
    random.seed(1337)
    model = MLP(2, SIZES)
    params = model.parameters()
    opt = SGD(params, lr=lr_at(0))
    for k in itertools.count():
        scores = [model(x) for x in xs]
        loss = hinge_loss(scores, ys, params, alpha=ALPHA)
        opt.zero_grad()
        loss.backward()
        opt.param_groups[0]["lr"] = lr_at(k)
        opt.step()
        yield loss.data


def float_layers(sizes: list[int]) -> list[list[list[float]]]:
    """micrograd's MLP as plain lists: each neuron a row [w1, ..., wn, b], drawn in its order."""
    return [
        [[random.uniform(-1, 1) for _ in range(sizes[i])] + [0.0] for _ in range(sizes[i + 1])]
        for i in range(len(sizes) - 1)
    ]


def float_hinge_grads(
    layers: list[list[list[float]]], xs: list[list[float]], ys: list[int]
) -> tuple[float, list[list[list[float]]]]:
    """Forward and backward of the mean hinge loss (no L2) written out on floats."""
    last = len(layers) - 1
    n = len(xs)
    grads = [[[0.0] * len(row) for row in layer] for layer in layers]
    data_loss = 0.0
    for x, yi in zip(xs, ys):
        acts = [x]
        for li, layer in enumerate(layers):
            inp = acts[-1]
            out = []
            for row in layer:
                s = row[-1]
                for w, a in zip(row, inp):
                    s += w * a
                out.append(s if li == last or s > 0 else 0.0)
            acts.append(out)
        margin = 1.0 - yi * acts[-1][0]
        if margin <= 0:
            continue  # relu's flat side: no loss, no gradient
        data_loss += margin
        g = [-yi / n]
        for li in range(last, -1, -1):
            inp, out, glayer = acts[li], acts[li + 1], grads[li]
            gin = [0.0] * len(inp)
            for j, row in enumerate(layers[li]):
                gj = g[j]
                if gj == 0.0 or (li != last and out[j] <= 0):
                    continue
                grow = glayer[j]
                for i, a in enumerate(inp):
                    grow[i] += gj * a
                    gin[i] += gj * row[i]
                grow[-1] += gj
            g = gin
    return data_loss / n, grads


def floats_steps(xs: list[list[float]], ys: list[int]) -> Iterator[float]:
    """The same step on plain floats, forward and backward written out by hand."""
    random.seed(1337)
    layers = float_layers([2, *SIZES])
    for k in itertools.count():
        data_loss, grads = float_hinge_grads(layers, xs, ys)
        reg = sum(w * w for layer in layers for row in layer for w in row)
        loss = data_loss + ALPHA * reg
        lr = lr_at(k)
        for layer, glayer in zip(layers, grads):
            for row, grow in zip(layer, glayer):
                for i, w in enumerate(row):
                    row[i] = w - lr * (grow[i] + 2 * ALPHA * w)
        yield loss


def race(
    contenders: dict[str, Iterator[float]], steps: int
) -> dict[str, tuple[float, list[float]]]:
    """Step the contenders in turn, so a change in machine load hits all of them alike.

    Before each timed step the collector is run untimed, so no one pays for another's
    garbage (this can only flatter micrograd, whose graphs are all cycles). The figure per
    contender is its median step in CPU time (process time: other programs on a busy machine
    do not count).
    """
    times: dict[str, list[float]] = {name: [] for name in contenders}
    losses: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(steps):
        for name, it in contenders.items():
            gc.collect()
            t0 = time.process_time()
            loss = next(it)
            times[name].append(time.process_time() - t0)
            losses[name].append(loss)
    return {name: (statistics.median(times[name]), losses[name]) for name in contenders}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=5, help="training steps per contender")
    ap.add_argument("--seed", type=int, default=1, help="seed of the two-moons data")
    args = ap.parse_args(argv)
    xs, ys = make_moons(100, noise=0.1, seed=args.seed)
    contenders = {"tinygrad_edu": ours_steps(xs, ys), "plain floats": floats_steps(xs, ys)}
    if importlib.util.find_spec("micrograd") is not None:
        contenders = {"micrograd": micrograd_steps(xs, ys), **contenders}
    else:
        print("micrograd not installed: no speedup measured (pip install micrograd==0.1.0)")
    results = race(contenders, args.steps)

    t_ours, l_ours = results["tinygrad_edu"]
    print(
        f"two moons, 100 points, MLP(2, {SIZES}), {args.steps} steps each, interleaved, "
        f"gc on {gc.get_threshold()}; median CPU ms per step"
    )
    print(f"{'engine':<14} {'ms/step':>10} {'vs ours':>9}  final loss")
    for name, (t, losses) in results.items():
        print(f"{name:<14} {1000 * t:>10.2f} {t / t_ours:>8.2f}x  {losses[-1]:.12f}")
    ok = True
    for name, (_, losses) in results.items():
        diff = max(abs(a - b) for a, b in zip(losses, l_ours))
        if diff > 1e-6:
            print(f"FAIL: {name}'s losses differ from ours by {diff:.3g}")
            ok = False
    if ok:
        print(f"losses equal to 1e-6 on all {args.steps} steps")
    print(f"ours / plain floats: {t_ours / results['plain floats'][0]:.1f}x the floor")
    if "micrograd" in results:
        speedup = results["micrograd"][0] / t_ours
        verdict = "ok" if speedup >= MIN_SPEEDUP else "TOO SLOW"
        print(f"speedup over micrograd: {speedup:.1f}x (needs >= {MIN_SPEEDUP:g}x): {verdict}")
        ok = ok and speedup >= MIN_SPEEDUP
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
