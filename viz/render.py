"""Turn DOT text into SVG with whichever Graphviz can run here, and say how to get one if none can.

The order: ``$TINYGRAD_EDU_DOT`` when set (a path, ``dot`` or ``graphviz-pure``), else Graphviz's
``dot`` on PATH, else the ``graphviz-pure`` binary that the ``graphviz-pure`` wheel (a dependency)
installs next to the Python interpreter.  Both take the same flags.  In the browser (Pyodide,
``sys.platform == "emscripten"``) the page's Graphviz compiled to wasm draws instead
(``_browser_bytes``: SVG and laid-out DOT; no PNG).

>>> svg = render("digraph { a -> b }")  # doctest: +SKIP
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = [
    "ENV",
    "FORMATS",
    "RenderError",
    "find_renderer",
    "render",
    "render_bytes",
    "write_bytes_atomic",
]

ENV = "TINYGRAD_EDU_DOT"
PURE = "graphviz-pure"
FIX = "install Graphviz (apt-get install graphviz) or the embedded one (pip install graphviz-pure)"


class RenderError(RuntimeError):
    """No renderer could run, or it failed: the message is one line that says what to do."""


def _pure() -> str | None:
    """The graphviz-pure binary: beside this interpreter (a venv's bin/), else on PATH."""
    exe = PURE + (".exe" if os.name == "nt" else "")
    here = Path(sys.executable).parent / exe
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    return shutil.which(PURE)


def find_renderer() -> str:
    """The path of the renderer to run (see the module's docstring for the order)."""
    forced = os.environ.get(ENV, "").strip()
    if forced:
        if forced == PURE:
            found = _pure()
        elif os.sep in forced or (os.altsep and os.altsep in forced):
            found = forced if os.path.isfile(forced) and os.access(forced, os.X_OK) else None
        else:
            found = shutil.which(forced)
        if found is None:
            raise RenderError(f"{ENV}={forced} cannot be run; unset it, or {FIX}")
        return found
    found = shutil.which("dot") or _pure()
    if found is None:
        raise RenderError(f"no Graphviz renderer found: {FIX}")
    return found


FORMATS = ("svg", "png")  # what pictures are written as; both renderers write both


def render_bytes(
    source: str,
    *,
    fmt: str = "svg",
    dpi: float | None = None,
    positioned: bool = False,
    timeout: float = 60.0,
) -> bytes:
    """Lay out and draw DOT ``source`` as ``fmt`` (``svg`` or ``png``); returns the file's bytes.

    ``dpi`` sets a PNG's resolution (Graphviz's default is 96; 192 suits slides).  ``fmt="dot"``
    returns the laid-out DOT (every node's and edge's ``pos``); ``positioned=True`` draws such
    a DOT where its ``pos`` says, without laying it out again (``neato -n2``).
    """
    if fmt not in (*FORMATS, "dot"):
        raise ValueError(f"cannot draw as {fmt!r}: choose one of {', '.join(FORMATS)}")
    if dpi is not None and (
        isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 0 < dpi <= 1200
    ):
        raise ValueError(f"dpi must be a number between 0 and 1200, got {dpi!r}")
    if sys.platform == "emscripten":  # no subprocess in the browser: its wasm Graphviz draws
        return _browser_bytes(source, fmt=fmt, dpi=dpi, positioned=positioned)
    exe = find_renderer()
    flags = [f"-T{fmt}", *(["-Kneato", "-n2"] if positioned else [])]
    if dpi is not None:
        flags.append(f"-Gdpi={dpi:g}")
    try:
        done = subprocess.run(
            [exe, *flags],
            input=source.encode("utf-8"),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise RenderError(
            f"{Path(exe).name} took more than {timeout:g}s to draw the graph; draw fewer nodes"
        ) from None
    except OSError as e:
        raise RenderError(f"cannot run {exe} ({e.strerror or e}); {FIX}") from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        why = lines[0] if lines else f"exit status {done.returncode}"
        raise RenderError(f"{Path(exe).name} failed to draw the graph: {why}")
    if fmt == "png" and not done.stdout.startswith(PNG_MAGIC):
        raise RenderError(f"{Path(exe).name} did not write a PNG picture; {FIX}")
    return done.stdout


PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

BROWSER_GLOBAL = "tinygradEduViz"  # the page's viz-js instance, on globalThis


def _browser_bytes(source: str, *, fmt: str, dpi: float | None, positioned: bool) -> bytes:
    """``render_bytes`` under Pyodide: Graphviz compiled to wasm (``@viz-js/viz``), which the
    page loads and sets as ``globalThis.tinygradEduViz`` (``await Viz.instance()``) before
    Python runs. Its ``render`` is synchronous; its SVG is Graphviz's own, as ``dot``'s (but for
    the generator comment); ``positioned`` is its ``nop2`` engine (``neato -n2``). No PNG."""
    if fmt == "png":
        raise RenderError("PNG cannot be drawn in the browser: save the picture as .svg")
    import js  # type: ignore[import-not-found]  # Pyodide's view of the page's globals
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    viz = getattr(js.globalThis, BROWSER_GLOBAL, None)
    if viz is None:
        raise RenderError(
            f"no Graphviz in this page: load @viz-js/viz and set globalThis.{BROWSER_GLOBAL} "
            "to await Viz.instance() before running Python"
        )
    options: dict[str, object] = {"format": fmt, "engine": "nop2" if positioned else "dot"}
    if dpi is not None:
        options["graphAttributes"] = {"dpi": dpi}
    result = viz.render(source, to_js(options, dict_converter=js.Object.fromEntries))
    if result.status != "success":
        errors = [e.message.strip() for e in result.errors if e.level == "error"]
        raise RenderError(
            f"Graphviz (viz-js) failed to draw the graph: {errors[0] if errors else 'no picture'}"
        )
    return str(result.output).encode("utf-8")


def render(source: str, *, fmt: str = "svg", timeout: float = 60.0) -> str:
    """Lay out and draw DOT ``source`` as SVG text (``render_bytes`` for PNG)."""
    if fmt != "svg":
        raise ValueError(f"render() writes SVG text; for {fmt!r} use render_bytes(source, fmt=...)")
    data = render_bytes(source, timeout=timeout)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:  # not Graphviz after all ($TINYGRAD_EDU_DOT names any program)
        raise RenderError(f"{Path(find_renderer()).name} did not write SVG text; {FIX}") from None


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """``files.write_atomic`` for bytes (a PNG): a temporary file beside ``path``, renamed in.

    A failure (or a signal) leaves no partial file; the file gets the mode of the one it
    replaces, else an ordinary file's.
    """
    from .files import write_bytes_atomic as write

    return write(path, data)
