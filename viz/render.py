"""Turn DOT text into SVG with whichever Graphviz can run here, and say how to get one if none can.

The order: ``$TINYGRAD_EDU_DOT`` when set (a path, ``dot`` or ``graphviz-pure``), else Graphviz's
``dot`` on PATH, else the ``graphviz-pure`` binary that the ``graphviz-pure`` wheel (a dependency)
installs next to the Python interpreter.  Both take the same flags.

>>> svg = render("digraph { a -> b }")  # doctest: +SKIP
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["ENV", "RenderError", "find_renderer", "render"]

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


def render(source: str, *, fmt: str = "svg", timeout: float = 60.0) -> str:
    """Lay out and draw DOT ``source``; returns the output text (SVG by default)."""
    exe = find_renderer()
    try:
        done = subprocess.run(
            [exe, f"-T{fmt}"],
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
    try:
        return done.stdout.decode("utf-8")
    except UnicodeDecodeError:  # not Graphviz after all ($TINYGRAD_EDU_DOT names any program)
        raise RenderError(f"{Path(exe).name} did not write SVG text; {FIX}") from None
