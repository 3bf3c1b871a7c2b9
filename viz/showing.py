"""``viz.show``: a picture, a stepper, or any engine's graph, shown where the reader is.

>>> import viz, tempfile, pathlib
>>> from viz.demo import neuron
>>> out = pathlib.Path(tempfile.mkdtemp()) / "neuron.svg"
>>> viz.show(neuron(), out) == out  # a graph's root: drawn first, as viz.draw draws it
wrote ...neuron.svg
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from . import engines, notebook
from .draw import draw

__all__ = ["show"]


def show(picture: Any, path: str | os.PathLike[str] | None = None) -> Path | None:
    """``notebook.show`` of ``picture``: a ``viz.Graph``, SVG text, a ``viz.Stepper``, or the
    root of a graph of any engine viz draws (this engine's Value or Tensor, a PyTorch tensor,
    a micrograd-shaped value), drawn by ``viz.draw`` with its defaults."""
    if not isinstance(picture, str) and engines.kind(picture) is not None:
        picture = draw(picture)
    return notebook.show(picture, path)
