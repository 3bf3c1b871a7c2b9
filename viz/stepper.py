"""Pictures of the backward pass, one per step: SVG frames and a classroom HTML stepper.

Frame ``k`` is the graph with step ``k``'s node highlighted and the grads known once step ``k``
is done filled in (the rest show ``grad ?``).  The HTML page holds every frame inline with the
step's chain-rule arithmetic under it, Previous / Next buttons and the arrow keys: one file,
no network, for a projector.

>>> from viz.demo import neuron
>>> from viz.trace import trace
>>> t = trace(neuron())
>>> write_html(t, "neuron.html")  # doctest: +SKIP
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from html import escape
from pathlib import Path

from .files import umask, write_atomic
from .trace import Trace, TraceStep, fmt

__all__ = [
    "MAX_FRAMES",
    "check_frames_dir",
    "frame_name",
    "frames",
    "page",
    "write_frames",
    "write_html",
]

_FRAME = re.compile(r"step-\d+\.svg")
MAX_FRAMES = 100  # pictures per trace: about half a minute of rendering with graphviz-pure


def frame_name(step: int, total: int) -> str:
    """``step-01.svg``: zero-padded so that the files sort in step order."""
    return f"step-{step:0{max(2, len(str(total)))}d}.svg"


def frames(t: Trace, *, style: str = "micrograd", max_frames: int = MAX_FRAMES) -> list[str]:
    """One SVG per step (one for the seed alone if the output is a leaf).

    More than ``max_frames`` steps raise ``GraphTooBigError`` at once: each frame is a whole
    render, so a long pass would otherwise take minutes, and no class steps through it anyway.
    """
    from .draw import GraphTooBigError, draw  # graphviz is imported only when pictures are wanted

    if len(t.steps) > max_frames:
        raise GraphTooBigError(
            f"the trace has {len(t.steps)} steps, more than max_frames={max_frames} pictures"
        )
    if not t.steps:
        return [draw(t.root, style=style, highlight=t.root, grads=t.grads_after(0)).svg()]
    return [
        draw(t.root, style=style, highlight=s.value.grad_fn, grads=t.grads_after(s.step)).svg()
        for s in t.steps
    ]


def _chain(t: Trace, s: TraceStep | None) -> str:
    """The chain-rule arithmetic of one step, as HTML: a heading line and a table."""
    if s is None:
        head = f"{t.label} = {fmt(t.root.data)} is a leaf: its grad is the seed, {fmt(t.gradient)}"
        return f'<p class="head">{escape(head)}</p>'
    head = (
        f"Step {s.step} of {len(t.steps)}: {s.grad_fn} at {s.label}"
        f"{f' = {s.expr}' if s.expr != s.label else ''} = {fmt(s.data)}, "
        f"upstream grad {fmt(s.upstream)}"
    )
    rows = [
        "<tr><th>input</th><th>local derivative</th><th>upstream × local</th><th>grad</th></tr>"
    ]
    for i in s.inputs:
        if i.contribution is None:
            cells = [i.label, i.text(), "nothing flows to it", ""]
        else:
            grad = f"+= {fmt(i.contribution)} → {fmt(i.grad)}"
            cells = [i.label, i.text(), i.product(s.upstream), grad]
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    html = f'<p class="head">{escape(head)}</p><table class="chain">{"".join(rows)}</table>'
    if s.step == len(t.steps):
        leaves = ", ".join(f"{x.label} = {fmt(x.grad)}" for x in t.leaves)
        html += f'<p class="leaves">Leaf grads: {escape(leaves)}</p>'
    return html


def _inline(svg: str, k: int) -> str:
    """An SVG document made fit to sit inside HTML: no XML prolog, ids unique per frame."""
    svg = svg[svg.index("<svg") :]
    return re.sub(r'\bid="', f'id="s{k}-', svg)


_CSS = """
body { font-family: Helvetica, Arial, sans-serif; margin: 1em 2em; background: #fff; color: #111; }
h1 { font-size: 1.4em; font-weight: normal; }
nav { display: flex; align-items: center; gap: 1em; margin: .5em 0; }
button { font-size: 1.2em; padding: .3em 1em; }
#counter { font-size: 1.2em; min-width: 8em; text-align: center; }
.picture svg { max-width: 100%; max-height: 62vh; height: auto; width: auto; }
.head, .leaves { font-size: 1.2em; margin: .6em 0; }
.head { font-weight: bold; }
table.chain { border-collapse: collapse; font-family: Menlo, Consolas, monospace;
              font-size: 1.1em; }
.chain th { text-align: left; font-family: Helvetica, Arial, sans-serif; font-weight: normal;
            color: #555; border-bottom: 1px solid #aaa; }
.chain th, .chain td { padding: .25em 1.2em .25em 0; }
.hint { color: #777; font-size: .9em; }
"""

_JS = """
(function () {
  var frames = document.querySelectorAll(".frame");
  var counter = document.getElementById("counter");
  var prev = document.getElementById("prev"), next = document.getElementById("next");
  var current = 0;
  function show(k) {
    current = Math.max(0, Math.min(frames.length - 1, k));
    for (var i = 0; i < frames.length; i++) frames[i].hidden = i !== current;
    counter.textContent = "Step " + (current + 1) + " of " + frames.length;
    prev.disabled = current === 0;
    next.disabled = current === frames.length - 1;
    document.body.dataset.step = String(current + 1);
  }
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowRight" || e.key === "PageDown") show(current + 1);
    else if (e.key === "ArrowLeft" || e.key === "PageUp") show(current - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(frames.length - 1);
    else return;
    e.preventDefault();
  });
  show(0);
})();
"""


def page(t: Trace, svgs: list[str], *, title: str | None = None) -> str:
    """The stepper: one self-contained HTML page holding ``svgs`` (one per step)."""
    title = title or f"Backward pass of {t.label}"
    sections = []
    steps: list[TraceStep | None] = list(t.steps) or [None]
    for k, (s, svg) in enumerate(zip(steps, svgs), 1):
        sections.append(
            f'<section class="frame" id="step-{k}" data-step="{k}"{"" if k == 1 else " hidden"}>'
            f'<div class="picture">{_inline(svg, k)}</div>{_chain(t, s)}</section>'
        )
    n = len(sections)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{_CSS}</style>
</head>
<body data-step="1">
<h1>{escape(title)}</h1>
<nav>
<button id="prev" type="button" disabled>&#9664; Previous</button>
<span id="counter">Step 1 of {n}</span>
<button id="next" type="button"{" disabled" if n == 1 else ""}>Next &#9654;</button>
<span class="hint">or the arrow keys</span>
</nav>
{"".join(sections)}
<script>{_JS}</script>
</body>
</html>
"""


# -- writing files: complete or not there at all -------------------------------------------


def write_html(
    t: Trace,
    path: str | os.PathLike[str],
    *,
    style: str = "micrograd",
    title: str | None = None,
    svgs: list[str] | None = None,
) -> Path:
    """Draw every frame (unless ``svgs`` are given), then write the stepper page atomically."""
    p = Path(path)
    write_atomic(p, page(t, frames(t, style=style) if svgs is None else svgs, title=title))
    return p


def write_frames(
    t: Trace,
    directory: str | os.PathLike[str],
    *,
    style: str = "micrograd",
    svgs: list[str] | None = None,
) -> list[Path]:
    """Write ``step-01.svg ...`` (``svgs``, else drawn here) into ``directory``, all or none.

    The folder may be new, empty, or hold only frames of an earlier run (they are replaced);
    anything else in it is refused, so that no file of yours is ever removed.  The frames are
    drawn first, written into a temporary folder beside it, then swapped in by renaming.
    """
    d = Path(directory)
    check_frames_dir(d)
    if svgs is None:
        svgs = frames(t, style=style)
    parent = d.absolute().parent
    tmp = Path(tempfile.mkdtemp(dir=parent, prefix=f".{d.name}.", suffix=".tmp"))
    old: Path | None = None
    try:
        names = [frame_name(k, len(svgs)) for k in range(1, len(svgs) + 1)]
        for name, svg in zip(names, svgs):
            (tmp / name).write_text(svg, encoding="utf-8")
        os.chmod(tmp, 0o777 & ~umask())  # mkdtemp's folder is private; frames are not
        if d.exists():
            old = Path(tempfile.mkdtemp(dir=parent, prefix=f".{d.name}.", suffix=".old"))
            os.replace(d, old / "frames")
        try:
            os.replace(tmp, d)
        except BaseException:
            if old is not None:
                os.replace(old / "frames", d)
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and not (old / "frames").exists():
            shutil.rmtree(old, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)  # held only frames of an earlier run
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
