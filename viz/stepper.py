"""The backward pass as a classroom stepper: one picture that holds still, step by step.

The graph is laid out once.  Each step then changes only what a step changes: the grads known
so far (``grad ?`` for the rest), a red border on the step's node, and a red dashed border and a
red grad on the Values whose grads that step has just changed.  Step 0 is the seed (the output's
grad, 1.0); step ``k`` shows the graph once the pass has done its ``k``-th node, with that node's
chain-rule arithmetic under the picture, or beside it where that draws the graph larger (a tall
graph on a 4:3 projector; the table is then stacked, one line a cell).  Each step's arithmetic
is sized for its own length, never under 16 px: a line too long even at 16 px wraps.

``Stepper(trace)`` (or ``viz.stepper(root)``) is that stepper: ``.page()`` a self-contained
HTML page (no network, no server), ``_repr_html_`` the same stepper inline in a notebook cell
(Previous / Next, and the keys once it has focus), ``.frames()`` one picture per step, and
``.still()`` step 0 and the last step in one picture: what the notebook cell shows, with the
last step's arithmetic, where the stepper's script cannot run (an untrusted notebook, a code
host, HTML opened with scripts off), and stores as PNG beside the HTML for a viewer that
shows no HTML.

>>> from viz.demo import neuron
>>> s = stepper(neuron())
>>> len(s.states), s.states[0]["changed"] == s.states[0]["lit"]  # step 0: the seed, then 5
(6, True)
>>> s.write("neuron.html")  # doctest: +SKIP
"""

from __future__ import annotations

import base64
import json
import math
import os
import re
import shutil
import sys
import tempfile
import uuid
from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from tinygrad_edu.core.engine import Value

from .files import umask, uninterrupted, write_atomic
from .notebook import OUTPUT_WIDTH
from .stepper_page import CSS, SCRIPT
from .trace import trace
from .trace_data import Trace, TraceStep, fmt

__all__ = [
    "MAX_FRAMES",
    "STILL_PNG_WIDTH",
    "Stepper",
    "check_frames_dir",
    "frame_name",
    "frames",
    "page",
    "stepper",
    "write_frames",
    "write_html",
]

_FRAME = re.compile(r"step-\d+\.(svg|png)")
STILL_PNG_WIDTH = 1600  # px: the widest still picture a notebook stores as PNG
MAX_FRAMES = 100  # steps per trace: no class steps through more, and each PNG frame is a render
LIT = "#d62728"  # the step's node (viz.draw's highlight colour)
RANKDIRS = ("TB", "LR")


def frame_name(step: int, total: int, suffix: str = "svg") -> str:
    """``step-01.svg``: zero-padded so that the files sort in step order."""
    return f"step-{step:0{max(2, len(str(total)))}d}.{suffix}"


def _pic(x: float) -> str:
    from .draw import fmt as pic

    return pic(x)


class Stepper:
    """A recorded backward pass drawn once, with the state of the picture at every step.

    ``states[k]`` for ``k = 0`` (the seed) to ``len(trace.steps)``: ``grads`` (box -> grad
    text), ``lit`` (the boxes of the step's node), ``changed`` (the boxes whose grad the step
    changed).  Boxes are the DOT names of ``graph``'s nodes.
    """

    def __init__(
        self,
        t: Trace,
        *,
        style: str = "micrograd",
        rankdir: str = "TB",
        title: str | None = None,
        max_frames: int = MAX_FRAMES,
    ) -> None:
        from .draw import GraphTooBigError, draw  # graphviz only when pictures are wanted

        if rankdir not in RANKDIRS:
            raise ValueError(f"unknown rankdir {rankdir!r}: choose 'TB' or 'LR'")
        if len(t.steps) > max_frames:
            raise GraphTooBigError(
                f"the trace has {len(t.steps)} steps, more than max_frames={max_frames} pictures"
            )
        self.trace, self.style, self.rankdir = t, style, rankdir
        self.title = title or f"Backward pass of {t.label}"
        after = [t.grads_after(k) for k in range(len(t.steps) + 1)]
        # Laid out with each box's widest grad text, so that every step's text fits in it.
        widest: dict[Value, float] = {}
        for grads in after:
            for v, g in grads.items():
                if v not in widest or len(_pic(g)) > len(_pic(widest[v])):
                    widest[v] = g
        self.graph = draw(
            t.root, style=style, rankdir=rankdir, compact=True, grads=widest, labels=t.labels
        )
        ids = self.graph.ids
        values = [v for v in widest if id(v) in ids] + _unreached(t, widest)
        self.states: list[dict[str, Any]] = []
        self._still: tuple[str, tuple[float, float]] | None = None
        self._stills: dict[tuple[str, float | None], Any] = {}
        for k, grads in enumerate(after):
            shown = {
                box: (f"grad {_pic(grads[v])}" if v in grads else "grad ?")
                for v in values
                if getattr(v, "requires_grad", True)  # another engine's may have no such flag
                for box in ids.get(id(v), ())
            }
            if k == 0:
                lit = changed = list(ids.get(id(t.root), ()))
            else:
                s = t.steps[k - 1]
                key = id(s.value.grad_fn) if s.key is None else s.key
                lit = list(ids.get(key, ()))
                moved = [i.value for i in s.inputs if i.value is not None and i.grad is not None]
                changed = list(dict.fromkeys(b for v in moved for b in ids.get(id(v), ())))
            self.states.append({"grads": shown, "lit": lit, "changed": changed})

    # -- pictures ----------------------------------------------------------------------------

    def svg(self) -> str:
        """The one SVG every step shares (each box with its widest grad text, nothing marked)."""
        return self.graph.svg()

    def frame(self, k: int) -> str:
        """Step ``k``'s picture as SVG: the shared layout, with step ``k``'s text and colours."""
        return _apply(self.svg(), self.states[k])

    def frames(self, fmt: str = "svg", *, dpi: float | None = None) -> list[Any]:
        """One picture per step of the pass (steps 1..n; the seed alone for a leaf output).

        Every frame shares the one layout.  SVG frames are the shared SVG with each step's
        text and colours; PNG frames (bytes) are drawn from the laid-out DOT with the same
        changes, each box kept at its place and size (Graphviz draws PNG only from DOT).
        """
        ks = range(1, len(self.states)) if len(self.states) > 1 else range(1)
        if fmt == "svg":
            return [self.frame(k) for k in ks]
        if fmt != "png":
            raise ValueError(f"cannot draw frames as {fmt!r}: choose 'svg' or 'png'")
        from .render import render_bytes

        laid_out = render_bytes(self.graph.source, fmt="dot").decode("utf-8")
        return [
            render_bytes(_apply_dot(laid_out, self.states[k]), fmt="png", dpi=dpi, positioned=True)
            for k in ks
        ]

    def still(self, fmt: str = "svg", *, dpi: float | None = None) -> Any:
        """Step 0 and the last step in one picture, each under its caption: what a viewer
        shows where the stepper's script cannot run (an untrusted notebook, a code host,
        HTML without JavaScript).  Side by side for a graph taller than wide, else one above
        the other; ``svg`` gives text, ``png`` bytes.  Drawn once per format and dpi."""
        if fmt not in ("svg", "png"):
            raise ValueError(f"cannot draw the still picture as {fmt!r}: choose 'svg' or 'png'")
        key = (fmt, dpi)
        if key not in self._stills:
            from .render import render_bytes

            drawn = render_bytes(self._still_dot()[0], fmt=fmt, dpi=dpi, positioned=True)
            self._stills[key] = drawn.decode("utf-8") if fmt == "svg" else drawn
        return self._stills[key]

    def still_size(self) -> tuple[float, float]:
        """The still picture's width and height in points (72 a inch)."""
        return self._still_dot()[1]

    def _still_dot(self) -> tuple[str, tuple[float, float]]:
        if self._still is None:
            from .render import render_bytes

            laid_out = render_bytes(self.graph.source, fmt="dot").decode("utf-8")
            n = len(self.states) - 1
            shown = [(f"Step 0 of {n}: the seed", self.states[0])]
            if n:
                shown.append((f"Step {n} of {n}: the pass done, every grad", self.states[n]))
            self._still = _strip_dot(laid_out, shown)
        return self._still

    # -- HTML ----------------------------------------------------------------------------------

    def html(self, *, page: bool = False) -> str:
        """The stepper as an HTML fragment (a notebook cell's output), or the body of the page.

        Self-contained: the SVG, the step data and the script are all inline, and every id and
        style is scoped to this stepper, so several can sit in one notebook.
        """
        uid = f"tge-{uuid.uuid4().hex[:10]}"
        t = self.trace
        n = len(self.states) - 1
        svg = _inline(self.svg(), uid)
        panels = "".join(
            f'<section class="{"frame" if k else "seed current"}" '
            f'data-step="{k}">'
            f"{_chain(t, t.steps[k - 1] if k else None)}</section>"
            for k in range(n + 1)
        )
        data = json.dumps(
            {"states": self.states, "center": self.style == "torch", "page": page},
            ensure_ascii=True,
        ).replace("</", "<\\/")
        css = CSS.replace("#ROOT", f"#{uid}")
        mode = "page" if page else "cell"
        live = (
            f'<nav><span class="title">{escape(self.title)}</span>'
            '<button class="prev" type="button" disabled>&#9664; Previous</button>'
            f'<span class="counter">Step 0 of {n}</span>'
            f'<button class="next" type="button"{" disabled" if n == 0 else ""}>Next &#9654;'
            "</button>"
            f'<span class="hint">{"" if page else "click, then "}'
            "&#8592; &#8594; Space Home End</span>"
            '<span class="key"><i class="k-lit"></i>this step&#8217;s node '
            '<i class="k-changed"></i>grad just changed</span></nav>'
            f'<div class="stage"><div class="picture">{svg}</div>'
            f'<div class="panels">{panels}</div></div>'
        )
        if not page:
            # In a notebook the stepper's own parts wait in a template that its script puts in
            # place: where the script cannot run (an untrusted notebook, a code host, HTML with
            # scripts off) the cell shows the still picture and the last step's arithmetic, and
            # a sanitiser that drops scripts drops the template with them: no dead buttons.
            live = (
                self._still_html()
                + '<script type="text/html" class="tge-live">'
                + live.replace("</", "<\\/")
                + "</script>"
            )
        return (
            f'<div class="tge-stepper {mode}" id="{uid}" tabindex="0" data-step="0" '
            f'data-steps="{n}">'
            f"<style>{css}</style>{live}"
            f'<script type="application/json" class="tge-data">{data}</script>'
            f"<script>{SCRIPT.replace('ROOT_ID', uid)}</script>"
            "</div>"
        )

    def _still_html(self) -> str:
        """The still picture (step 0 and the last step) as an image, and the last step's
        arithmetic: what the cell shows where the stepper's script cannot run."""
        n = len(self.states) - 1
        width = min(OUTPUT_WIDTH, round(self.still_size()[0] * 96 / 72))
        last = _chain(self.trace, self.trace.steps[-1] if n else None)
        return (
            f'<div class="still"><p class="head">{escape(self.title)}: step 0 and step {n} of '
            f"{n}. (Steps 1 to {n} one by one, with Previous and Next, where the notebook is "
            "trusted and run, or this page is opened with JavaScript on.)</p>"
            f'<img alt="{escape(self.title)}, step 0 and step {n}" width="{width}" '
            f'style="max-width: 100%; height: auto" src="{self._still_uri()}">'
            f"{last}</div>"
        )

    def _still_uri(self) -> str:
        # PNG; in the browser (Pyodide) SVG, as its Graphviz compiled to wasm draws no PNG
        if sys.platform == "emscripten":
            svg = self.still("svg").encode("utf-8")
            return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
        return "data:image/png;base64," + base64.b64encode(self.still_png()).decode("ascii")

    def still_png(self) -> bytes:
        """The still picture as PNG, at most ``STILL_PNG_WIDTH`` px wide (fewer dpi if wide)."""
        dpi = (STILL_PNG_WIDTH - 8) * 72.0 / self.still_size()[0]
        return self.still("png", dpi=math.floor(max(24.0, min(96.0, dpi)) * 10) / 10)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The stepper (HTML with its script and its still picture), and the still picture as
        PNG beside it, for a viewer that shows no HTML; the PNG shown at the output's width."""
        width = min(OUTPUT_WIDTH, round(self.still_size()[0] * 96 / 72))
        data = {"text/html": self.html(), "text/plain": repr(self)}
        if sys.platform == "emscripten":  # the browser's Graphviz draws no PNG; the page has HTML
            return data, {}
        data["image/png"] = base64.b64encode(self.still_png()).decode("ascii")
        return data, {"image/png": {"width": width}}

    def page(self) -> str:
        """The stepper as one self-contained page that fits the browser's window."""
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(self.title)}</title>
<style>html, body {{ margin: 0; padding: 0; height: 100%; background: #fff; }}</style>
</head>
<body>
{self.html(page=True)}
</body>
</html>
"""

    def _repr_html_(self) -> str:
        return self.html()

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write the page atomically: complete, or no file at all."""
        return write_atomic(path, self.page())

    def __repr__(self) -> str:
        return f"<Stepper: {self.title}, steps 0..{len(self.states) - 1}; .page(), .write(path)>"


def _unreached(t: Trace, known: dict[Value, float]) -> list[Value]:
    """Leaves the pass never reaches a grad for (they show ``grad ?`` at every step)."""
    return [x.value for x in t.leaves if x.value not in known]


def stepper(
    root: Value | Trace,
    *,
    style: str = "micrograd",
    rankdir: str = "TB",
    title: str | None = None,
    labels: Mapping[str, Any] | None = None,
) -> Stepper:
    """The stepper of ``root``'s backward pass (run here, as ``viz.trace`` runs it), or of a
    recorded trace.  In a notebook, the cell's output is the stepper itself.  ``labels``: names
    for a PyTorch graph's leaves (see ``viz.trace``)."""
    t = root if isinstance(root, Trace) else trace(root, labels=labels)
    return Stepper(t, style=style, rankdir=rankdir, title=title)


# -- step 0 and the chain-rule panel -----------------------------------------------------------


def _upstream(s: TraceStep) -> Any:
    """The grad arriving at the step: one number, or a tensor's (``upstream`` is then nan)."""
    return s.upstreams if s.upstreams and s.upstream != s.upstream else s.upstream


def _chain(t: Trace, s: TraceStep | None) -> str:
    """The chain-rule arithmetic of one step, as HTML: a heading line and a table."""
    n = len(t.steps)
    if s is None:
        # an expression is parenthesised: ((a*b+c)*f).grad, not (a*b+c)*f.grad
        name = t.label if t.label.isidentifier() else f"({t.label})"
        head = f"Step 0 of {n}: the seed. {name}.grad = {fmt(t.gradient)} (d{name}/d{name} = 1)"
        note = (
            f"{t.label} = {fmt(t.root.data)} is a leaf: its grad is the seed."
            if not n
            else f"{t.label} = {fmt(t.root.data)}: the pass starts at its {t.steps[0].grad_fn}."
        )
        return f'<p class="head">{escape(head)}</p><p class="note">{escape(note)}</p>'
    head = (
        f"Step {s.step} of {n}: {s.grad_fn} at {s.label}"
        f"{f' = {s.expr}' if s.expr != s.label else ''}"
        f"{f' = {fmt(s.data)}' if s.data is not None else ''}, "
        f"upstream grad {fmt(_upstream(s))}"
    )
    columns = ("input", "local derivative", "upstream × local", "grad")
    rows = ["<tr>" + "".join(f"<th>{c}</th>" for c in columns) + "</tr>"]
    for i in s.inputs:
        if i.contribution is None:
            cells = [i.label, i.text(), "nothing flows to it", ""]
        else:
            grad = f"+= {fmt(i.contribution)} → {fmt(i.grad)}"
            cells = [i.label, i.text(), i.product(s.upstream), grad]
        mark = ' class="changed"' if i.contribution is not None else ""
        # data-col: beside the graph the table is stacked, one line per cell, named by it
        tds = [f"<td>{escape(cells[0])}</td>"] + [
            f'<td data-col="{col}">{escape(c)}</td>' for col, c in zip(columns[1:], cells[1:]) if c
        ]
        rows.append(f"<tr{mark}>" + "".join(tds) + "</tr>")
    html = f'<p class="head">{escape(head)}</p><table class="chain">{"".join(rows)}</table>'
    if s.step == n:
        leaves = ", ".join(f"{x.label} = {fmt(x.grad)}" for x in t.leaves)
        html += f'<p class="note">Leaf grads: {escape(leaves)}</p>'
    return html


# -- one SVG, many states ----------------------------------------------------------------------

_NODE = re.compile(r'(<g id="[^"]*" class="node">\s*<title>)([^<]*)(</title>)(.*?)(</g>)', re.S)
_GRAD = re.compile(r">grad (?:[^<]*)</text>")
_SHAPE = re.compile(r'<(path|polygon|ellipse)( fill="[^"]*")? stroke="[^"]*"')


def _apply(svg: str, state: dict[str, Any]) -> str:
    """``svg`` with one step's grads and colours (what the page's script does in the browser)."""
    grads, lit, changed = state["grads"], set(state["lit"]), set(state["changed"])

    def node(m: re.Match[str]) -> str:
        name, body = m.group(2), m.group(4)
        if name in grads:
            text = escape(grads[name]).replace("-", "&#45;")
            fill = f' fill="{LIT}"' if name in changed else ""
            body = _GRAD.sub(lambda _: f"{fill}>{text}</text>", body, count=1)
        if name in lit or name in changed:
            extra = (
                ' stroke-width="4"' if name in lit else ' stroke-width="2.5" stroke-dasharray="6 3"'
            )
            body = _SHAPE.sub(
                lambda s: f'<{s.group(1)}{s.group(2) or ""} stroke="{LIT}"{extra}', body
            )
        return m.group(1) + name + m.group(3) + body + m.group(5)

    return _NODE.sub(node, svg)


_DOT_NODE = re.compile(r"^(\t+)(\w+)(\s+\[)(.*?)(\];)$", re.S | re.M)
_DOT_GRAD = re.compile(r">grad [^<]*<")


def _apply_dot(dot: str, state: dict[str, Any]) -> str:
    """Laid-out DOT with one step's grads and colours; every node keeps its size (fixedsize)."""
    grads, lit, changed = state["grads"], set(state["lit"]), set(state["changed"])

    def node(m: re.Match[str]) -> str:
        name, attrs = m.group(2), m.group(4)
        if name in ("graph", "node", "edge"):
            return m.group(0)
        if name in grads:
            text = escape(grads[name])
            if name in changed:
                text = f'<font color="{LIT}">{text}</font>'
            attrs = _DOT_GRAD.sub(lambda _: f">{text}<", attrs, count=1)
        extra = ", fixedsize=true"
        if name in lit:
            extra += f', color="{LIT}", penwidth=4'
        elif name in changed:
            extra += f', color="{LIT}", penwidth=2.5'
        return m.group(1) + name + m.group(3) + attrs + extra + m.group(5)

    return _DOT_NODE.sub(node, dot)


_BB = re.compile(r'bb="([-\d.e]+),([-\d.e]+),([-\d.e]+),([-\d.e]+)"')
_POS = re.compile(r'\b(pos|lp|bb)="([^"]*)"')
_PAIR = re.compile(r"(-?[\d.]+(?:e-?\d+)?),(-?[\d.]+(?:e-?\d+)?)")
_EDGE = re.compile(r"^(\t+)(\w+)( -> )(\w+)(\s+\[)", re.M)
_SUBGRAPH = re.compile(r'(\bsubgraph\s+)("?)(cluster_?)?(\w*)')
_NAME = re.compile(r"^(\t+)(?!(?:graph|node|edge)\b)(\w+)(\s+\[)", re.M)
CAPTION = 30.0  # points above each copy for its caption
GAP = 24.0  # points between the two copies


def _strip_dot(laid_out: str, shown: list[tuple[str, dict[str, Any]]]) -> tuple[str, Any]:
    """One positioned DOT that draws the laid-out graph once per (caption, state), each copy
    with its caption above it: side by side for a graph taller than wide, else one above the
    other.  Returns the DOT and its (width, height) in points."""
    x0, y0, x1, y1 = (float(v) for v in _BB.search(laid_out).groups())  # type: ignore[union-attr]
    w, h = x1 - x0, y1 - y0
    across = h > w
    cell_w, cell_h = w, h + CAPTION
    total_w = cell_w * len(shown) + GAP * (len(shown) - 1) if across else cell_w
    total_h = cell_h if across else cell_h * len(shown) + GAP * (len(shown) - 1)
    body_start = laid_out.index("{") + 1
    out = [
        "digraph {",
        f'\tgraph [bb="0,0,{total_w:.2f},{total_h:.2f}", bgcolor=white, pad=0.1];',
    ]
    for k, (caption, state) in enumerate(shown):
        # copy k's lower left corner; the first copy is the left one, or the top one
        dx = (cell_w + GAP) * k if across else 0.0
        dy = 0.0 if across else (cell_h + GAP) * (len(shown) - 1 - k)
        body = _apply_dot(laid_out, state)[body_start:]
        body = body[: body.rindex("}")]
        if k:  # the defaults (graph, node, edge) once; the graph's own box not at all
            body = re.sub(r"^\t(graph|node|edge)\s+\[.*?\];\n", "", body, flags=re.S | re.M)
        else:
            body = re.sub(r"^(\tgraph\s+\[)bb=\"[^\"]*\",?", r"\1", body, flags=re.S | re.M)

        def shift(m: re.Match[str], dx: float = dx, dy: float = dy) -> str:
            moved = _PAIR.sub(
                lambda p: f"{float(p.group(1)) - x0 + dx:.2f},{float(p.group(2)) - y0 + dy:.2f}",
                m.group(2),
            )
            return f'{m.group(1)}="{moved}"'

        body = _POS.sub(shift, body)
        prefix = f"s{k}_"  # each copy's own node names
        body = _EDGE.sub(rf"\g<1>{prefix}\g<2>\g<3>{prefix}\g<4>\g<5>", body)
        body = _NAME.sub(rf"\g<1>{prefix}\g<2>\g<3>", body)
        body = _SUBGRAPH.sub(rf"\g<1>\g<2>\g<3>{prefix}\g<4>", body)  # a cluster stays one
        out.append(body)
        out.append(
            f'\tcaption{k} [shape=plaintext, fontname=Helvetica, fontsize=16, label="{caption}", '
            f'pos="{dx + cell_w / 2:.2f},{dy + h + CAPTION / 2:.2f}", width={cell_w / 72:.3f}, '
            f"height={CAPTION / 72:.3f}, fixedsize=true];"
        )
    out.append("}")
    return "\n".join(out) + "\n", (total_w, total_h)


def _inline(svg: str, uid: str) -> str:
    """An SVG document made fit to sit inside HTML: no XML prolog, ids unique to this stepper."""
    svg = svg[svg.index("<svg") :]
    return re.sub(r'\bid="', f'id="{uid}-', svg)


# -- the module's functions, as before: a trace in, pictures and pages out -------------------


def frames(t: Trace, *, style: str = "micrograd", max_frames: int = MAX_FRAMES) -> list[str]:
    """One SVG per step (one for the seed alone if the output is a leaf), sharing one layout.

    More than ``max_frames`` steps raise ``GraphTooBigError`` before anything is drawn.
    """
    return Stepper(t, style=style, max_frames=max_frames).frames()


def page(
    t: Trace, *, style: str = "micrograd", rankdir: str = "TB", title: str | None = None
) -> str:
    """The stepper page of ``t`` (see ``Stepper.page``)."""
    return Stepper(t, style=style, rankdir=rankdir, title=title).page()


def write_html(
    t: Trace,
    path: str | os.PathLike[str],
    *,
    style: str = "micrograd",
    rankdir: str = "TB",
    title: str | None = None,
) -> Path:
    """Draw the graph once, then write the stepper page atomically."""
    return Stepper(t, style=style, rankdir=rankdir, title=title).write(path)


def write_frames(
    t: Trace,
    directory: str | os.PathLike[str],
    *,
    style: str = "micrograd",
    rankdir: str = "TB",
    fmt: str = "svg",
    pictures: list[Any] | None = None,
) -> list[Path]:
    """Write ``step-01.svg ...`` (or ``.png``) into ``directory``, all or none.

    ``pictures``: the frames already drawn (``Stepper.frames(fmt)``), else drawn here.  The
    folder may be new, empty, or hold only frames of an earlier run (they are replaced);
    anything else in it is refused, so that no file of yours is ever removed.  The frames are
    drawn first, written into a temporary folder beside it, then swapped in by renaming.
    """
    d = Path(directory)
    check_frames_dir(d)
    if pictures is None:
        pictures = Stepper(t, style=style, rankdir=rankdir).frames(fmt)
    parent = d.absolute().parent
    names = [frame_name(k, len(pictures), fmt) for k in range(1, len(pictures) + 1)]
    tmp: Path | None = None
    old: Path | None = None
    try:
        # made with signals held, inside the try that removes it: a signal held meanwhile is
        # delivered as the block ends, still inside the try
        with uninterrupted():
            tmp = Path(tempfile.mkdtemp(dir=parent, prefix=f".{d.name}.", suffix=".tmp"))
        for name, picture in zip(names, pictures):
            if isinstance(picture, bytes):
                (tmp / name).write_bytes(picture)
            else:
                (tmp / name).write_text(picture, encoding="utf-8")
        os.chmod(tmp, 0o777 & ~umask())  # mkdtemp's folder is private; frames are not
        # the swap with signals held: the earlier frames are never left aside, hidden
        with uninterrupted():
            if d.exists():
                old = Path(tempfile.mkdtemp(dir=parent, prefix=f".{d.name}.", suffix=".old"))
                os.replace(d, old / "frames")
            try:
                os.replace(tmp, d)
            except BaseException:
                if old is not None:
                    os.replace(old / "frames", d)
                raise
            tmp = None  # it is the frames folder now
            # the earlier frames removed in the same held block: a signal that reaches the
            # process late (through another thread) can then find nothing left aside
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
                old = None
    except BaseException:
        with uninterrupted():
            if tmp is not None:
                shutil.rmtree(tmp, ignore_errors=True)
            if old is not None and (old / "frames").exists() and not d.exists():
                os.replace(old / "frames", d)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        raise
    return [d / name for name in names]


def check_frames_dir(d: Path) -> None:
    """Raise ``FileExistsError`` unless ``d`` is new, empty or holds only earlier frames."""
    if d.exists() or d.is_symlink():
        if not d.is_dir() or d.is_symlink():
            raise FileExistsError(f"{d} exists and is not a folder")
        other = sorted(
            e.name for e in d.iterdir() if not _FRAME.fullmatch(e.name) or not e.is_file()
        )
        if other:
            raise FileExistsError(
                f"{d} holds other files ({other[0]}): choose a new or empty folder"
            )
