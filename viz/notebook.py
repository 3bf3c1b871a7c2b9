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

    ``picture`` is a ``viz.Graph`` (``path`` ending in ``.svg``, ``.png`` or ``.dot``), the text
    of an SVG, or a ``viz.Stepper`` (``path`` ending in ``.html``: the page; inline: the
    stepper itself). From a script, where nothing can be shown, it prints the file it wrote.
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

        if page:
            shown.display(shown.HTML(picture._repr_html_()))
        else:
            shown.display(shown.SVG(svg if svg is not None else picture.svg()))
    elif written is not None:
        print("wrote", written)
    return written
