"""A tiny SVG line chart for the lessons (drawn with the standard library; written by viz.files).

>>> svg = line_chart({"x**2": [(x, x * x) for x in range(-3, 4)]}, title="parabola")
>>> svg.startswith("<svg")
True
>>> [f"{t:g}" for t in ticks(-1.2, 0.4, log=True)]  # under three decades: 1, 2, 3, 5 in each
['0.1', '0.2', '0.3', '0.5', '1', '2']
>>> [f"{10**e:g}" for e in log_bounds(math.log10(0.22), math.log10(2.6))]  # out to ticks
['0.2', '3']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple
from xml.sax.saxutils import escape

__all__ = ["line_chart", "log_bounds", "save_chart", "ticks"]

W, H, PAD, LEGEND = 820, 400, 56, 230  # LEGEND: room on the right for the key
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")

Points = Sequence[tuple[float, float]]


class Line(NamedTuple):
    points: list[tuple[float, float]]
    color: str = "black"
    width: float = 1.0


class Text(NamedTuple):
    x: float
    y: float
    text: str
    anchor: str = "middle"  # "start", "middle" or "end", as in SVG
    size: float = 12.0
    vertical: bool = False  # read bottom to top (the y axis's name)


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    color: str


Shape = Line | Text | Box


def _log_steps(span: float) -> tuple[float, ...]:
    """The tick values within a decade for a log axis ``span`` decades long."""
    if span >= 3:
        return (1.0,)
    if span >= 0.6:
        return (1.0, 2.0, 3.0, 5.0)
    return tuple(float(k) for k in range(1, 10))


def ticks(lo: float, hi: float, log: bool = False) -> list[float]:
    """Tick values between ``lo`` and ``hi`` (on a log axis these are exponents of ten, and the
    ticks are values: every decade over three decades or more, 1, 2, 3, 5 in each over less,
    every 1..9 under 0.6 of a decade)."""
    if log:
        steps = _log_steps(hi - lo)
        decades = [10.0**k for k in range(math.floor(lo), math.ceil(hi) + 1)]
        return [
            d * s for d in decades for s in steps if lo - 1e-12 <= math.log10(d * s) <= hi + 1e-12
        ]
    step = 10 ** math.floor(math.log10((hi - lo) or 1.0))
    if (hi - lo) / step < 4:
        step /= 2
    start = math.ceil(lo / step) * step
    return [start + i * step for i in range(int((hi - start) / step) + 1)]


def log_bounds(lo: float, hi: float) -> tuple[float, float]:
    """A log axis's ends (exponents of ten) widened out to the ticks just outside the data, so
    that the lowest and the highest point each have a labelled value beyond them."""
    steps = _log_steps(hi - lo)
    values = [10.0**k * s for k in range(math.floor(lo) - 1, math.ceil(hi) + 2) for s in steps]
    below = max(v for v in values if math.log10(v) <= lo + 1e-12)
    above = min(v for v in values if math.log10(v) >= hi - 1e-12)
    return math.log10(below), math.log10(above)


def _label(t: float, log: bool) -> str:
    if log and (t >= 1e4 or t < 1e-3):
        return f"{t:.0e}".replace("e+0", "e").replace("e-0", "e-").replace("e+", "e")
    return f"{t:g}"


def _shapes(
    series: dict[str, Points], title: str, xlabel: str, ylabel: str, logx: bool, logy: bool
) -> list[Shape]:
    fx = math.log10 if logx else float
    fy = math.log10 if logy else float
    clean = {
        name: [
            (fx(x), fy(y))
            for x, y in pts
            if math.isfinite(x) and math.isfinite(y) and (x > 0 or not logx) and (y > 0 or not logy)
        ]
        for name, pts in series.items()
    }
    xs = [x for pts in clean.values() for x, _ in pts] or [0.0, 1.0]
    ys = [y for pts in clean.values() for _, y in pts] or [0.0, 1.0]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)
    # a log axis ends on ticks: the data's lowest and highest values each have one beyond them
    x0, x1 = log_bounds(x0, x1) if logx else (x0, x1)
    y0, y1 = log_bounds(y0, y1) if logy else (y0, y1)

    def px(x: float) -> float:
        return PAD + (x - x0) / (x1 - x0) * (W - 2 * PAD - LEGEND)

    def py(y: float) -> float:
        return H - PAD - (y - y0) / (y1 - y0) * (H - 2 * PAD)

    out: list[Shape] = [
        Text(W / 2, 22, title, size=15),
        Line([(PAD, H - PAD), (W - PAD - LEGEND, H - PAD)]),
        Line([(PAD, PAD), (PAD, H - PAD)]),
        Text((W - LEGEND) / 2, H - 12, xlabel),
        Text(14, H / 2, ylabel, vertical=True),
    ]
    for t in ticks(x0, x1, logx):
        at = math.log10(t) if logx else t
        if x0 - 1e-12 <= at <= x1 + 1e-12:
            out.append(Line([(px(at), H - PAD), (px(at), H - PAD + 4)]))
            out.append(Text(px(at), H - PAD + 16, _label(t, logx)))
    for t in ticks(y0, y1, logy):
        at = math.log10(t) if logy else t
        if y0 - 1e-12 <= at <= y1 + 1e-12:
            out.append(Line([(PAD - 4, py(at)), (PAD, py(at))]))
            out.append(Text(PAD - 6, py(at) + 4, _label(t, logy), anchor="end"))
    for i, (name, pts) in enumerate(clean.items()):
        color = COLORS[i % len(COLORS)]
        out.append(Line([(px(x), py(y)) for x, y in pts], color, 2.0))
        ly = PAD + 16 * i
        out.append(Box(W - LEGEND, ly - 9, 10, 10, color))
        out.append(Text(W - LEGEND + 15, ly, name, anchor="start"))
    return out


def _svg(shapes: list[Shape]) -> str:
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
    ]
    for s in shapes:
        if isinstance(s, Line):
            if len(s.points) == 2:
                (a, b), (c, d) = s.points
                out.append(
                    f'<line x1="{a:.1f}" y1="{b:.1f}" x2="{c:.1f}" y2="{d:.1f}" stroke="black"/>'
                )
            else:
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in s.points)
                out.append(
                    f'<polyline points="{path}" fill="none" stroke="{s.color}" '
                    f'stroke-width="{s.width:g}"/>'
                )
        elif isinstance(s, Box):
            out.append(f'<rect x="{s.x}" y="{s.y}" width="{s.w}" height="{s.h}" fill="{s.color}"/>')
        else:
            size = f' font-size="{s.size:g}"' if s.size != 12 else ""
            turn = f' transform="rotate(-90 {s.x} {s.y})"' if s.vertical else ""
            out.append(
                f'<text x="{s.x:.1f}" y="{s.y:.1f}" text-anchor="{s.anchor}"{size}{turn}>'
                f"{escape(s.text)}</text>"
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def line_chart(
    series: dict[str, Points],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    logx: bool = False,
    logy: bool = False,
) -> str:
    """The SVG text of a chart with one polyline per series (log axes drop points <= 0)."""
    return _svg(_shapes(series, title, xlabel, ylabel, logx, logy))


def save_chart(path: Path, series: dict[str, Points], **options: object) -> Path:
    """Write ``line_chart(series, **options)`` to ``path`` atomically and return the path."""
    from viz.files import write_atomic  # complete, or no file at all

    return write_atomic(path, line_chart(series, **options))  # type: ignore[arg-type]
