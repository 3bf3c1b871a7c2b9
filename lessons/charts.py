"""A tiny SVG line chart for the lessons (drawn with the standard library; written by viz.files).

>>> svg = line_chart({"x**2": [(x, x * x) for x in range(-3, 4)]}, title="parabola")
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

__all__ = ["line_chart", "save_chart"]

W, H, PAD, LEGEND = 820, 400, 56, 230  # LEGEND: room on the right for the key
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")

Points = Sequence[tuple[float, float]]


def _ticks(lo: float, hi: float, log: bool) -> list[float]:
    if log:  # lo and hi are already exponents of ten
        return [float(k) for k in range(math.ceil(lo), math.floor(hi) + 1)]
    step = 10 ** math.floor(math.log10((hi - lo) or 1.0))
    if (hi - lo) / step < 4:
        step /= 2
    start = math.ceil(lo / step) * step
    return [start + i * step for i in range(int((hi - start) / step) + 1)]


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

    def px(x: float) -> float:
        return PAD + (x - x0) / (x1 - x0) * (W - 2 * PAD - LEGEND)

    def py(y: float) -> float:
        return H - PAD - (y - y0) / (y1 - y0) * (H - 2 * PAD)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="15">{escape(title)}</text>',
        f'<line x1="{PAD}" y1="{H - PAD}" x2="{W - PAD - LEGEND}" y2="{H - PAD}" stroke="black"/>',
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{H - PAD}" stroke="black"/>',
        f'<text x="{(W - LEGEND) / 2}" y="{H - 12}" text-anchor="middle">{escape(xlabel)}</text>',
        f'<text x="14" y="{H / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {H / 2})">{escape(ylabel)}</text>',
    ]
    for t in _ticks(x0, x1, logx):
        if x0 <= t <= x1:
            label = f"1e{t:.0f}" if logx else f"{t:g}"
            out.append(
                f'<text x="{px(t):.1f}" y="{H - PAD + 16}" text-anchor="middle">{label}</text>'
            )
    for t in _ticks(y0, y1, logy):
        if y0 <= t <= y1:
            label = f"1e{t:.0f}" if logy else f"{t:g}"
            out.append(f'<text x="{PAD - 6}" y="{py(t) + 4:.1f}" text-anchor="end">{label}</text>')
    for i, (name, pts) in enumerate(clean.items()):
        color = COLORS[i % len(COLORS)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        ly = PAD + 16 * i
        out.append(f'<rect x="{W - LEGEND}" y="{ly - 9}" width="10" height="10" fill="{color}"/>')
        out.append(f'<text x="{W - LEGEND + 15}" y="{ly}">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def save_chart(path: Path, series: dict[str, Points], **options: object) -> Path:
    """Write ``line_chart(series, **options)`` to ``path`` atomically and return the path."""
    from viz.files import write_atomic  # complete, or no file at all

    return write_atomic(path, line_chart(series, **options))  # type: ignore[arg-type]
