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

import os
import sys
from pathlib import Path
from typing import Any

from .files import write_atomic

__all__ = ["in_notebook", "show"]


def in_notebook() -> bool:
    """Whether this code runs in a Jupyter kernel (where a cell can display pictures)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None  # type: ignore[attr-defined]
    return shell is not None and hasattr(shell, "kernel")


def show(picture: Any, path: str | os.PathLike[str] | None = None) -> Path | None:
    """Write ``picture`` to ``path`` (atomically) if given, and show it inline in a notebook.

    ``picture`` is a ``viz.Graph`` or the text of an SVG. From a script, where nothing can be
    shown, it prints the file it wrote.
    """
    svg = picture if isinstance(picture, str) else None
    written: Path | None = None
    if path is not None:
        written = write_atomic(path, svg) if svg is not None else picture.save(path)
    if in_notebook():
        from IPython.display import SVG, display

        display(SVG(svg if svg is not None else picture.svg()))
    elif written is not None:
        print("wrote", written)
    return written
