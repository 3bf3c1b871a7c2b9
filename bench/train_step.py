"""micrograd's two-moons training step, side by side in one process.

    .venv/bin/python bench/train_step.py [--steps N] [--seed S] [--collect]

The same model (``MLP(2, [16, 16, 1])`` from ``random.seed(1337)``), the same 100 points, the
same loss (max-margin + 1e-4 L2) and the same SGD update (lr = 1.0 - 0.9*k/100), run by
micrograd 0.1.0 (its demo's code, verbatim), by tinygrad_edu, by hand-written Python floats
(forward and backward unrolled), and by PyTorch building the same scalar graph from 0-d
tensors (if installed). Two floors: "floats, sparse" skips the backward of every point with no
loss and every unit relu switched off (what a hand-written step does); "floats, dense" runs the
whole backward, as an autograd engine (PyTorch's included) does.

The default garbage collector stays on for all; they take turns, step by step, and each
keeps its previous step's graph until its next step builds a new one (as a training loop
does). With ``--collect`` the collector runs (untimed) before each timed step instead, which
frees micrograd's cyclic graphs and flatters it. Checks that all agree on every step's loss to
1e-6; exits 1 if not.
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

from tinygrad_edu.core.data import make_moons
from tinygrad_edu.nn import MLP, hinge_loss
from tinygrad_edu.optim import SGD

SIZES = [16, 16, 1]
ALPHA = 1e-4


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
    layers: list[list[list[float]]], xs: list[list[float]], ys: list[int], dense: bool = False
) -> tuple[float, list[list[list[float]]]]:
    """Forward and backward of the mean hinge loss (no L2) written out on floats.

    Sparse (the default) skips what contributes nothing: points with no loss, units whose
    relu is off. ``dense=True`` multiplies those zeros through, as an autograd engine does.
    """
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
        if margin <= 0 and not dense:
            continue  # relu's flat side: no loss, no gradient
        data_loss += max(margin, 0.0)
        g = [-yi / n if margin > 0 else 0.0]
        for li in range(last, -1, -1):
            inp, out, glayer = acts[li], acts[li + 1], grads[li]
            gin = [0.0] * len(inp)
            for j, row in enumerate(layers[li]):
                gj = g[j]
                if li != last and out[j] <= 0:
                    gj = 0.0
                if gj == 0.0 and not dense:
                    continue
                grow = glayer[j]
                for i, a in enumerate(inp):
                    grow[i] += gj * a
                    gin[i] += gj * row[i]
                grow[-1] += gj
            g = gin
    return data_loss / n, grads


def floats_steps(xs: list[list[float]], ys: list[int], dense: bool = False) -> Iterator[float]:
    """The same step on plain floats, forward and backward written out by hand."""
    random.seed(1337)
    layers = float_layers([2, *SIZES])
    for k in itertools.count():
        data_loss, grads = float_hinge_grads(layers, xs, ys, dense)
        reg = sum(w * w for layer in layers for row in layer for w in row)
        loss = data_loss + ALPHA * reg
        lr = lr_at(k)
        for layer, glayer in zip(layers, grads):
            for row, grow in zip(layer, glayer):
                for i, w in enumerate(row):
                    row[i] = w - lr * (grow[i] + 2 * ALPHA * w)
        yield loss


def torch_steps(xs: list[list[float]], ys: list[int]) -> Iterator[float]:
    """The same scalar graph in PyTorch: every number a 0-d float64 tensor (what teachers ask)."""
    import torch

    random.seed(1337)
    layers = [
        [[torch.tensor(w, dtype=torch.float64, requires_grad=True) for w in row] for row in layer]
        for layer in float_layers([2, *SIZES])
    ]
    params = [p for layer in layers for row in layer for p in row]
    last = len(layers) - 1
    for k in itertools.count():
        losses = []
        for x, yi in zip(xs, ys):
            act: list = x
            for li, layer in enumerate(layers):
                outs = []
                for row in layer:
                    s = row[-1]
                    for w, a in zip(row, act):
                        s = s + w * a
                    outs.append(s if li == last else s.relu())
                act = outs
            losses.append((1 + -yi * act[0]).relu())
        data_loss = sum(losses) * (1.0 / len(losses))
        loss = data_loss + ALPHA * sum(p * p for p in params)
        for p in params:
            p.grad = None
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= lr_at(k) * p.grad
        yield loss.item()


def race(
    contenders: dict[str, Iterator[float]], steps: int, collect: bool
) -> dict[str, tuple[float, list[float]]]:
    """Step the contenders in turn, so a change in machine load hits all of them alike.

    The figure per contender is its median step in CPU time (process time: other programs
    on a busy machine do not count). With ``collect`` the collector runs untimed before each
    timed step, so no one pays for another's garbage.
    """
    times: dict[str, list[float]] = {name: [] for name in contenders}
    losses: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(steps):
        for name, it in contenders.items():
            if collect:
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
    ap.add_argument("--collect", action="store_true", help="gc.collect() before each step")
    args = ap.parse_args(argv)
    xs, ys = make_moons(100, noise=0.1, seed=args.seed)
    contenders = {
        "tinygrad_edu": ours_steps(xs, ys),
        "floats, sparse": floats_steps(xs, ys),
        "floats, dense": floats_steps(xs, ys, dense=True),
    }
    if importlib.util.find_spec("micrograd") is not None:
        contenders = {"micrograd": micrograd_steps(xs, ys), **contenders}
    else:
        print("micrograd not installed: no speedup measured (pip install micrograd==0.1.0)")
    if importlib.util.find_spec("torch") is not None:
        contenders["torch, 0-d"] = torch_steps(xs, ys)
    results = race(contenders, args.steps, args.collect)

    t_ours, l_ours = results["tinygrad_edu"]
    harness = "gc.collect() before each step" if args.collect else "previous graph kept"
    print(
        f"two moons, 100 points, MLP(2, {SIZES}), {args.steps} steps each, interleaved, "
        f"gc on {gc.get_threshold()}, {harness}; median CPU ms per step"
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
    for floor in ("floats, sparse", "floats, dense"):
        print(f"ours / {floor}: {t_ours / results[floor][0]:.1f}x")
    if "micrograd" in results:
        print(f"micrograd / ours: {results['micrograd'][0] / t_ours:.1f}x")
    if "torch, 0-d" in results:
        print(f"torch 0-d / ours: {results['torch, 0-d'][0] / t_ours:.1f}x")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
