"""Showing a picture where the reader is: inline in a notebook, as a file from a script.

>>> import viz
>>> from viz.demo import neuron
>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "neuron.svg"
>>> viz.show(viz.draw(neuron()), out) == out and out.read_text().startswith("<?xml")
wrote ...neuron.svg
True
"""

from __future__ import annotations

import base64
import contextlib
import math
import os
import re
import sys
from pathlib import Path
from typing import Any

from .files import write_atomic

__all__ = [
    "OUTPUT_WIDTH",
    "PNG_WIDTH",
    "bundle",
    "display_metadata",
    "fit_width",
    "in_notebook",
    "show",
    "top_down_if_too_wide",
]

PNG_WIDTH = 1600  # px: the widest PNG a notebook stores (a wide graph's is drawn at lower dpi)
OUTPUT_WIDTH = 848  # px: a notebook's output area (JupyterLab at 1024 px); wider LR graphs go TB
_ROOT = re.compile(r"<svg\b")
_WIDTH_PT = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)pt"')


def fit_width(svg: str, width: int = OUTPUT_WIDTH) -> str:
    """The SVG document as a notebook shows it: no XML prolog, and never wider than the output
    area: wider than ``width`` px, its own width and height say ``width`` px and its height
    scaled alike (the viewBox keeps the drawing whole), so that a viewer which drops the style
    (a code host) fits it too; the style scales it down further in a narrower output."""
    start = _ROOT.search(svg)
    if start is None:
        return svg
    svg = svg[start.start() :]
    size = _size_px(svg)
    if size is not None and size[0] > width:
        height = size[1] * width / size[0]
        head = svg[: svg.index(">") + 1]
        fitted = _HEIGHT.sub(
            f' height="{height:.1f}px"', _WIDTH.sub(f' width="{width}px"', head, 1), 1
        )
        if "viewBox" not in fitted:  # without one, a smaller size would crop the drawing
            # (its user units are CSS px whatever unit its width is given in)
            fitted = fitted.replace("<svg", f'<svg viewBox="0 0 {size[0]:g} {size[1]:g}"', 1)
        svg = fitted + svg[len(head) :]
    return _ROOT.sub('<svg style="max-width: 100%; height: auto"', svg, count=1)


_WIDTH = re.compile(r'\swidth="[^"]*"')
_HEIGHT = re.compile(r'\sheight="[^"]*"')
_LENGTH = re.compile(r"^([\d.]+)(pt|px)?$")


def _size_px(svg: str) -> tuple[float, float] | None:
    """The root element's width and height in CSS px (a point is 96/72 px), if both given."""
    head = svg[: svg.index(">") + 1] if ">" in svg else svg
    found = []
    for pattern in (r'\swidth="([^"]*)"', r'\sheight="([^"]*)"'):
        m = re.search(pattern, head)
        length = _LENGTH.match(m.group(1).strip()) if m else None
        if length is None:
            return None
        found.append(float(length.group(1)) * (96 / 72 if length.group(2) == "pt" else 1))
    return found[0], found[1]


def display_metadata(data: dict[str, str]) -> dict[str, Any]:
    """The notebook's metadata for ``bundle``'s data: the PNG shown as wide as the fitted SVG
    (a PNG of a wide graph is drawn at up to ``PNG_WIDTH`` px, sharper than it is shown)."""
    size = _size_px(data.get("image/svg+xml", ""))
    if "image/png" not in data or size is None:
        return {}
    return {"image/png": {"width": round(size[0])}}


def _points(svg: str) -> float:
    width = _WIDTH_PT.search(svg)
    return float(width.group(1)) if width else 0.0


def top_down_if_too_wide(graph: Any) -> Any:
    """A graph laid out left to right that is wider than a notebook's output area, laid out top
    down instead when that is narrower (the same boxes and edges); else the graph itself."""
    source = getattr(graph, "source", "")
    if "rankdir=LR" not in source or _points(graph.svg()) * 96 / 72 <= OUTPUT_WIDTH:
        return graph
    turned = type(graph)(source.replace("rankdir=LR", "rankdir=TB", 1), nodes=graph.nodes)
    return turned if _points(turned.svg()) < _points(graph.svg()) else graph


def bundle(picture: Any) -> dict[str, str]:
    """What a notebook stores for ``picture`` (a ``viz.Graph``, or SVG text such as a chart): the
    SVG, and the same picture as PNG, so that a viewer that shows no SVG (an untrusted notebook,
    some code hosts) still shows it.  A graph wider than the output area is laid out top down
    when that is narrower, and its PNG drawn at fewer dpi if still wide (``PNG_WIDTH``);
    SVG text is drawn by ``viz.raster`` (an SVG it cannot draw is stored as SVG only)."""
    if isinstance(picture, str):
        from .raster import svg_png
        from .render import RenderError

        data = {"image/svg+xml": fit_width(picture)}
        # SyntaxError: ElementTree's ParseError; an SVG it cannot draw is stored as SVG only
        with contextlib.suppress(ValueError, SyntaxError, RenderError):
            data["image/png"] = base64.b64encode(svg_png(picture)).decode("ascii")
        return data
    from .render import RenderError

    picture = top_down_if_too_wide(picture)
    svg = picture.svg()
    data = {"image/svg+xml": fit_width(svg), "text/plain": repr(picture)}
    points = _points(svg)  # a graph's size is in points: a wide one gets fewer dpi
    # rounded down, with room for Graphviz's rounding of the pixel size
    dpi = max(24.0, min(96.0, (PNG_WIDTH - 8) * 72.0 / points)) if points > 0 else None
    try:
        drawn = picture.png() if dpi is None else picture.png(dpi=math.floor(dpi * 10) / 10)
    except RenderError:
        if sys.platform != "emscripten":
            raise
        return data  # the browser's Graphviz draws no PNG, and the page shows the SVG
    data["image/png"] = base64.b64encode(drawn).decode("ascii")
    return data


def in_notebook() -> bool:
    """Whether this code runs in a Jupyter kernel (where a cell can display pictures)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None  # type: ignore[attr-defined]
    return shell is not None and hasattr(shell, "kernel")


def show(picture: Any, path: str | os.PathLike[str] | None = None) -> Path | None:
    """Write ``picture`` to ``path`` (atomically) if given, and show it inline in a notebook.

    ``picture`` is a ``viz.Graph`` (``path`` ending in ``.svg``, ``.png`` or ``.dot``), the text
    of an SVG, or a ``viz.Stepper`` (``path`` ending in ``.html``: the page; inline: the
    stepper itself). From a script, where nothing can be shown, it prints the file it wrote.
    Inline, a picture is stored as ``bundle(picture)``: SVG fitted to the output's width, and
    for a graph PNG too.
    """
    svg = picture if isinstance(picture, str) else None
    page = svg is None and hasattr(picture, "page") and hasattr(picture, "_repr_html_")
    written: Path | None = None
    if path is not None:
        if svg is not None:
            written = write_atomic(path, svg)
        elif page:
            written = picture.write(path)
        else:
            written = picture.save(path)
    if in_notebook():
        import IPython.display as shown

        if page:  # the stepper, and its still picture for where its script cannot run
            data, metadata = picture._repr_mimebundle_()
            shown.display(data, metadata=metadata, raw=True)
        else:
            data = bundle(svg if svg is not None else picture)
            shown.display(data, metadata=display_metadata(data), raw=True)
    elif written is not None:
        print("wrote", written)
    return written
