"""``tinygrad-edu train``: micrograd's two-moons demo, with a progress bar and a picture.

Trains ``MLP(2, [16, 16, 1])`` on 100 noisy two-moons points (labels -1/+1) with the demo's
recipe: max-margin loss plus 1e-4 L2, full-batch SGD with lr = 1.0 - 0.9*k/steps. Then draws
the decision boundary in the terminal and, with ``--out``, as an SVG plot.

    tinygrad-edu train [--steps N] [--seed S] [--out FILE.svg]

``train(steps=..., console=...)`` is the same run for other commands (``tinygrad-edu demo``).
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from viz.cli.common import UsageError, output_file, positive_number, whole_number

if TYPE_CHECKING:  # the model, rich and the optimizer load when a run trains, not for --help
    from rich.console import Console
    from rich.text import Text

    from tinygrad_edu.nn import MLP

__all__ = ["Trained", "boundary_svg", "boundary_text", "register", "run", "train"]

SIZES = [16, 16, 1]
NEG, POS = "#5b8bd9", "#e0605e"  # point colours of the -1 and +1 classes
NEG_BG, POS_BG = "#c9d9f2", "#f4cbca"  # region colours


@dataclass
class Trained:
    """The outcome of a run: the model, its final training accuracy and loss, and its data."""

    model: MLP
    accuracy: float
    loss: float
    points: list[list[float]] = field(repr=False)
    labels: list[int] = field(repr=False)


def _accuracy(scores: list[float], labels: list[int]) -> float:
    return sum((s > 0) == (y > 0) for s, y in zip(scores, labels)) / len(labels)


def _score(model: MLP, x: float, y: float) -> float:
    from tinygrad_edu import no_grad

    with no_grad():  # evaluating only: no graph is recorded
        return model([x, y]).data


def train(
    *,
    steps: int = 100,
    seed: int = 1,
    n_samples: int = 100,
    console: Console | None = None,
    progress: bool = True,
) -> Trained:
    """Train micrograd's demo network on two moons; ``progress`` shows a rich progress bar."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from tinygrad_edu import no_grad
    from tinygrad_edu.core.data import make_moons
    from tinygrad_edu.nn import MLP, hinge_loss
    from tinygrad_edu.optim import SGD

    if steps < 1:
        raise ValueError(f"steps must be at least 1, got {steps}")
    points, labels = make_moons(n_samples, noise=0.1, seed=seed)
    random.seed(seed)  # the weights come from the global generator, as in micrograd
    model = MLP(2, SIZES)
    params = model.parameters()
    opt = SGD(params, lr=1.0)
    columns = (
        TextColumn("[bold]training[/]"),
        BarColumn(),
        TextColumn("step {task.completed:>4}/{task.total}"),
        TextColumn("loss {task.fields[loss]:.4f}"),
        TextColumn("accuracy {task.fields[acc]:>4.0%}"),
        TimeElapsedColumn(),
    )
    bar = Progress(*columns, console=console, disable=not progress)
    with bar:
        task = bar.add_task("train", total=steps, loss=float("nan"), acc=0.0)
        for k in range(steps):
            scores = [model(x) for x in points]
            loss = hinge_loss(scores, labels, params)
            opt.zero_grad()
            loss.backward()
            opt.param_groups[0]["lr"] = 1.0 - 0.9 * k / steps
            opt.step()
            acc = _accuracy([s.data for s in scores], labels)
            bar.update(task, advance=1, loss=loss.data, acc=acc)
    with no_grad():
        final = hinge_loss([model(x) for x in points], labels, params)
    acc = _accuracy([_score(model, *p) for p in points], labels)
    return Trained(model, acc, final.data, points, labels)


# -- the decision boundary: a grid of scores over the data's bounding box ----------------------


def _bounds(points: list[list[float]], margin: float = 0.4) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin


def _grid(run: Trained, cols: int, rows: int) -> tuple[list[list[bool]], tuple[float, ...]]:
    """``grid[r][c]``: is the score positive at the centre of cell (r, c)? Row 0 is the top."""
    x0, x1, y0, y1 = box = _bounds(run.points)
    grid = [
        [
            _score(run.model, x0 + (c + 0.5) * (x1 - x0) / cols, y1 - (r + 0.5) * (y1 - y0) / rows)
            > 0
            for c in range(cols)
        ]
        for r in range(rows)
    ]
    return grid, box


def boundary_text(
    run: Trained, *, cols: int = 64, rows: int = 24, color: bool = True, legend: bool = True
) -> Text:
    """Regions as coloured blocks (or ``-``/``+``), points as ``o`` (label -1) and ``x`` (+1);
    with ``legend``, two lines under the plot: the range of each axis, and what each mark is."""
    from rich.text import Text

    grid, (x0, x1, y0, y1) = _grid(run, cols, rows)
    marks: dict[tuple[int, int], int] = {}
    for (px, py), label in zip(run.points, run.labels):
        c = min(cols - 1, int((px - x0) / (x1 - x0) * cols))
        r = min(rows - 1, int((y1 - py) / (y1 - y0) * rows))
        marks[(r, c)] = label
    text = Text()
    for r, row in enumerate(grid):
        for c, positive in enumerate(row):
            label = marks.get((r, c))
            ch = ("x" if label > 0 else "o") if label is not None else ("+" if positive else "-")
            if color:
                bg = POS_BG if positive else NEG_BG
                fg = (POS if label > 0 else NEG) if label is not None else bg
                text.append("●" if label is not None else " ", style=f"bold {fg} on {bg}")
            else:
                text.append(ch)
        text.append("\n")
    if legend:
        text.append(f"x {x0:.2f} to {x1:.2f} left to right, y {y0:.2f} to {y1:.2f} bottom to top\n")
        keys = [
            ("o", f"bold {NEG} on {NEG_BG}", "class -1"),
            ("x", f"bold {POS} on {POS_BG}", "class +1"),
            ("-", f"on {NEG_BG}", "scored < 0"),
            ("+", f"on {POS_BG}", "scored > 0"),
        ]
        for k, (ch, style, what) in enumerate(keys):
            if color:
                text.append(("●" if ch in "ox" else " "), style=style)
            else:
                text.append(ch)
            text.append(f" {what}" + ("   " if k < len(keys) - 1 else "\n"))
    return text


def _ticks(lo: float, hi: float) -> list[float]:
    """Round values between ``lo`` and ``hi``, four to ten of them."""
    step = 10 ** math.floor(math.log10(hi - lo))
    while (hi - lo) / step < 4:
        step /= 2
    while (hi - lo) / step > 10:
        step *= 2
    first = math.ceil(lo / step)
    return [k * step for k in range(first, math.floor(hi / step) + 1)]


def boundary_svg(run: Trained, *, size: int = 480, cells: int = 60) -> str:
    """The decision boundary as an SVG document: shaded regions, the points, axes with their
    ticks, a legend of the two classes and two regions, and a title."""
    grid, (x0, x1, y0, y1) = _grid(run, cells, cells)
    left, top, bottom, legend = 52, 30, 46, 150  # margins: ticks, title, x ticks, the legend
    width, height = left + size + legend, top + size + bottom
    cell = size / cells
    sx = lambda x: left + (x - x0) / (x1 - x0) * size
    sy = lambda y: top + (y1 - y) / (y1 - y0) * size
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="{left + size / 2:g}" y="20" text-anchor="middle" font-size="14">two moons: '
        f"MLP(2, {SIZES}), training accuracy {run.accuracy:.0%}</text>",
    ]
    for r, row in enumerate(grid):
        c = 0
        while c < cells:  # one rect per run of same-class cells keeps the file small
            end = c
            while end < cells and row[end] == row[c]:
                end += 1
            fill = POS_BG if row[c] else NEG_BG
            out.append(
                f'<rect x="{left + c * cell:.2f}" y="{top + r * cell:.2f}" '
                f'width="{(end - c) * cell:.2f}" height="{cell:.2f}" fill="{fill}" '
                'shape-rendering="crispEdges"/>'
            )
            c = end
    for (px, py), label in zip(run.points, run.labels):
        fill = POS if label > 0 else NEG
        out.append(
            f'<circle cx="{sx(px):.2f}" cy="{sy(py):.2f}" r="4" fill="{fill}" stroke="black" '
            'stroke-width="0.7"/>'
        )
    out.append('<g id="axes" stroke="black" fill="none">')
    out.append(f'<rect x="{left}" y="{top}" width="{size}" height="{size}"/>')
    for t in _ticks(x0, x1):
        x = sx(t)
        out.append(f'<line x1="{x:.2f}" y1="{top + size}" x2="{x:.2f}" y2="{top + size + 5}"/>')
        out.append(
            f'<text x="{x:.2f}" y="{top + size + 18}" text-anchor="middle" stroke="none" '
            f'fill="black">{t:g}</text>'
        )
    for t in _ticks(y0, y1):
        y = sy(t)
        out.append(f'<line x1="{left - 5}" y1="{y:.2f}" x2="{left}" y2="{y:.2f}"/>')
        out.append(
            f'<text x="{left - 8}" y="{y + 4:.2f}" text-anchor="end" stroke="none" '
            f'fill="black">{t:g}</text>'
        )
    out.append(
        f'<text x="{left + size / 2:g}" y="{height - 8}" text-anchor="middle" stroke="none" '
        'fill="black">x[0]</text>'
    )
    out.append(
        f'<text x="14" y="{top + size / 2:g}" text-anchor="middle" stroke="none" fill="black" '
        f'transform="rotate(-90 14 {top + size / 2:g})">x[1]</text>'
    )
    out.append("</g>")
    out.append(f'<g id="legend" transform="translate({left + size + 16}, {top + 10})">')
    keys = [
        ("circle", POS, "class +1"),
        ("circle", NEG, "class -1"),
        ("rect", POS_BG, "predicted +1"),
        ("rect", NEG_BG, "predicted -1"),
    ]
    for k, (shape, color, name) in enumerate(keys):
        y = 20 * k
        if shape == "circle":
            out.append(f'<circle cx="6" cy="{y}" r="4" fill="{color}" stroke="black"/>')
        else:
            out.append(f'<rect x="0" y="{y - 6}" width="12" height="12" fill="{color}"/>')
        out.append(f'<text x="20" y="{y + 4}">{name}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- the command -------------------------------------------------------------------------------


def _seed(text: str) -> int:
    return whole_number(text)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from viz.files import write_atomic

    out = output_file(args.out, (".svg",)) if args.out else None  # checked before training
    console = Console()
    result = train(steps=args.steps, seed=args.seed, console=console)
    console.print(
        f"final training accuracy: {result.accuracy:.0%} (loss {result.loss:.4f}) after "
        f"{args.steps} steps",
        highlight=False,
    )
    console.print(boundary_text(result, color=_colors(console)), end="", soft_wrap=True)
    if out is not None:
        try:
            write_atomic(out, boundary_svg(result))
        except OSError as e:
            raise UsageError(f"cannot write {args.out!r}: {e.strerror or e}") from None
        console.print(f"wrote {args.out}", highlight=False, markup=False)
    return 0


def _colors(console: Console) -> bool:
    """Colour blocks only on a colour terminal that can show ●; else the plain glyphs.

    With NO_COLOR, rich drops the colours, which are all that tells the coloured classes
    and regions apart.
    """
    if not console.is_terminal or console.no_color or console.color_system is None:
        return False
    try:
        "●".encode(console.encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train", help="train an MLP on two moons, draw its decision boundary")
    p.add_argument("--steps", type=positive_number, default=100, help="SGD steps (default 100)")
    p.add_argument("--seed", type=_seed, default=1, help="seed of the data and weights (default 1)")
    p.add_argument("--out", metavar="FILE.svg", help="also write the decision boundary as SVG")
    p.set_defaults(func=run)
