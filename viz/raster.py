"""A simple SVG picture drawn as PNG, by Graphviz (no image library, no system package).

The charts viz and the lessons draw (``line_chart``, the decision regions) are SVG made of
``rect``, ``circle``, ``line``, ``polyline`` and ``text``.  ``svg_to_dot`` turns each shape into a
Graphviz node or edge pinned where the SVG puts it, and ``svg_png`` draws that DOT with the
positioned layout (``neato -n2``), so that a notebook can store a PNG beside the SVG.  Text
keeps its place, size and anchor; text turned on its side is drawn level, at the top left.
An SVG with anything else in it (paths, gradients, images) is refused with ``ValueError``.

>>> dot = svg_to_dot('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
...                  '<rect width="40" height="20" fill="white"/></svg>')
>>> 'bb="0,0,40,20"' in dot and "fillcolor=\\"white\\"" in dot
True
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

__all__ = ["svg_png", "svg_to_dot"]

_NS = "{http://www.w3.org/2000/svg}"
_SHAPES = {"rect", "circle", "line", "polyline", "text"}
_INHERITED = ("fill", "stroke", "stroke-width", "font-size", "text-anchor")


def _num(value: str | None, whole: float = 0.0, default: float = 0.0) -> float:
    if value is None:
        return default
    value = value.strip()
    if value.endswith("%"):
        return float(value[:-1]) / 100 * whole
    return float(re.sub(r"(px|pt)$", "", value))


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _colour(value: str | None) -> str | None:
    return None if value in (None, "", "none", "transparent") else value


def svg_to_dot(svg: str) -> str:
    """The DOT text that draws ``svg`` with each shape at its place (see the module's doc)."""
    root = ET.fromstring(svg)
    if root.tag not in (f"{_NS}svg", "svg"):
        raise ValueError("not an SVG document")
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if len(box) == 4:
        width, height = float(box[2]), float(box[3])
    else:
        width, height = _num(root.get("width"), default=300.0), _num(root.get("height"), 150.0)
    out = [
        "digraph picture {",
        f'graph [bb="0,0,{width:g},{height:g}", splines=line, pad=0, bgcolor=white];',
        'node [label="", fontname="Helvetica", fixedsize=true];',
        "edge [arrowhead=none, headclip=false, tailclip=false];",
        # the page itself, so that the picture keeps its size and margins
        f"page [shape=box, style=invis, width={width / 72:.4f}, height={height / 72:.4f}, "
        f'pos="{width / 2:g},{height / 2:g}"];',
    ]
    count = 0

    def name() -> str:
        nonlocal count
        count += 1
        return f"n{count}"

    def point(x: float, y: float) -> str:
        n = name()
        out.append(f'{n} [shape=point, style=invis, width=0, height=0, pos="{x:.2f},{y:.2f}"];')
        return n

    def walk(element: ET.Element, style: dict[str, str]) -> None:
        style = {**style, **{k: element.get(k) for k in _INHERITED if element.get(k)}}
        tag = element.tag.replace(_NS, "")
        if tag in ("svg", "g"):
            for child in element:
                walk(child, style)
            return
        if tag in ("title", "desc", "metadata"):
            return
        if tag not in _SHAPES:
            raise ValueError(f"cannot draw <{tag}> as PNG")
        fill, stroke = _colour(style.get("fill", "black")), _colour(style.get("stroke"))
        pen = _num(style.get("stroke-width"), default=1.0)
        if tag == "rect":
            w, h = _num(element.get("width"), width), _num(element.get("height"), height)
            x, y = _num(element.get("x"), width), _num(element.get("y"), height)
            if fill is None:  # an outline: four lines
                corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
                names = [point(cx, height - cy) for cx, cy in corners]
                for a, b in itertools.pairwise(names):
                    out.append(f"{a} -> {b} [color={_quote(stroke or 'black')}, penwidth={pen:g}];")
                return
            looks = [f"style={'filled' if fill else 'solid'}"]
            looks.append(f"fillcolor={_quote(fill or 'white')}")
            looks.append(f"color={_quote(stroke or fill or 'white')}")
            looks.append(f"penwidth={pen if stroke else 0:g}")
            out.append(
                f"{name()} [shape=box, {', '.join(looks)}, width={w / 72:.4f}, "
                f'height={h / 72:.4f}, pos="{x + w / 2:.2f},{height - y - h / 2:.2f}"];'
            )
        elif tag == "circle":
            r = _num(element.get("r"))
            cx, cy = _num(element.get("cx"), width), _num(element.get("cy"), height)
            out.append(
                f"{name()} [shape=circle, style=filled, fillcolor={_quote(fill or 'white')}, "
                f"color={_quote(stroke or fill or 'black')}, penwidth={pen if stroke else 0:g}, "
                f"width={2 * r / 72:.4f}, height={2 * r / 72:.4f}, "
                f'pos="{cx:.2f},{height - cy:.2f}"];'
            )
        elif tag in ("line", "polyline"):
            if tag == "line":
                xy = [_num(element.get(k)) for k in ("x1", "y1", "x2", "y2")]
            else:
                xy = [float(v) for v in re.split(r"[\s,]+", element.get("points", "").strip()) if v]
            names = [point(x, height - y) for x, y in zip(xy[::2], xy[1::2])]
            colour = _quote(stroke or "black")
            for a, b in itertools.pairwise(names):
                out.append(f"{a} -> {b} [color={colour}, penwidth={pen:g}];")
        else:
            text = "".join(element.itertext()).strip()
            if not text:
                return
            size = _num(style.get("font-size"), default=16.0)
            x, y = _num(element.get("x")), _num(element.get("y"))
            anchor = style.get("text-anchor", "start")
            if "rotate" in (element.get("transform") or ""):
                x, y, anchor = 4.0, size + 2, "start"  # Graphviz draws text level only
            wide = 0.56 * size * len(text)  # about Helvetica's mean letter width
            x += {"start": wide / 2, "end": -wide / 2}.get(anchor, 0.0)
            out.append(
                f"{name()} [shape=plaintext, label={_quote(text)}, fontsize={size:g}, "
                f"fontcolor={_quote(fill or 'black')}, width={wide / 72:.4f}, "
                f'height={size / 72:.4f}, pos="{x:.2f},{height - y + size * 0.35:.2f}"];'
            )

    walk(root, {})
    out.append("}")
    return "\n".join(out) + "\n"


def svg_png(svg: str, *, dpi: float | None = None) -> bytes:
    """``svg`` drawn as PNG (72 dpi: one pixel per SVG unit, unless ``dpi`` says otherwise)."""
    from .render import render_bytes

    return render_bytes(svg_to_dot(svg), fmt="png", dpi=72 if dpi is None else dpi, positioned=True)
