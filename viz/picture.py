"""A drawn picture: its DOT source, SVG and PNG, files written atomically, Jupyter display.

>>> g = Graph("digraph { a -> b }", nodes=2)
>>> g.source, g.nodes
('digraph { a -> b }', 2)

``Graph.render`` and ``Graph.view`` behave like torchviz's (graphviz's) methods, adapted to
machines without a screen: see ``Graph.view``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from .files import write_atomic
from .render import FORMATS, render, render_bytes, write_bytes_atomic

__all__ = ["SUFFIXES", "Graph", "open_picture"]


class Graph:
    """A drawn graph: ``.source`` (DOT), ``.svg()``, ``.png()``, ``.save(path)``, ``.render()``,
    ``.view()``, and Jupyter display.

    ``ids`` maps ``id()`` of each drawn Value and backward node to the DOT names of the boxes
    that show it (a Value's grad may appear in two boxes in the torch style); the stepper uses it
    to change one box's text and colour without laying the graph out again.
    """

    def __init__(
        self, source: str, *, nodes: int = 0, ids: dict[int, tuple[str, ...]] | None = None
    ) -> None:
        self.source = source
        self.nodes = nodes
        self.ids = ids or {}
        self._svg: str | None = None

    def svg(self) -> str:
        """The picture as SVG text (rendered once, then kept)."""
        if self._svg is None:
            self._svg = render(self.source)
        return self._svg

    def png(self, *, dpi: float | None = None) -> bytes:
        """The picture as PNG bytes (``dpi``: 96 by default; 192 for sharp slides)."""
        return render_bytes(self.source, fmt="png", dpi=dpi)

    def save(self, path: str | os.PathLike[str], *, dpi: float | None = None) -> Path:
        """Write ``.svg``, ``.png`` or ``.dot`` (by suffix) atomically: complete, or no file.

        The picture is drawn before the disk is touched, so a failure leaves no file behind.
        """
        p = Path(path)
        suffix = p.suffix.lower()
        if suffix not in SUFFIXES:
            raise ValueError(
                f"cannot save {str(p)!r}: the file name must end in {', '.join(SUFFIXES)}"
            )
        if suffix == ".png":
            return write_bytes_atomic(p, self.png(dpi=dpi))
        return write_atomic(p, self.svg() if suffix == ".svg" else self.source)

    def render(
        self,
        filename: str | os.PathLike[str] = "graph",
        directory: str | os.PathLike[str] | None = None,
        *,
        format: str = "svg",
        view: bool = False,
        cleanup: bool = False,
        dpi: float | None = None,
    ) -> Path:
        """torchviz's (graphviz's) ``render``: write ``filename`` (the DOT source, unless
        ``cleanup``) and ``filename.format`` (``svg`` or ``png``); returns the picture's path.

        ``view=True`` then shows it as ``view()`` does.
        """
        if format not in FORMATS:
            raise ValueError(f"unknown format {format!r}: choose one of {', '.join(FORMATS)}")
        base = Path(directory, filename) if directory is not None else Path(filename)
        picture = self.save(base.with_name(f"{base.name}.{format}"), dpi=dpi)
        if not cleanup:
            write_atomic(base, self.source)
        if view:
            open_picture(picture)
        return picture

    def view(self, filename: str | os.PathLike[str] | None = None, *, format: str = "svg") -> Path:
        """Show the picture where it can be seen, and return the file it is in.

        In a notebook: inline.  On a desktop (macOS, Windows, or Linux with ``$DISPLAY`` or
        ``$WAYLAND_DISPLAY``): the system's viewer opens the file.  Headless (ssh, CI, a
        container): nothing is opened; the path is printed to stderr, to copy or open later.
        Without ``filename`` the file goes in the temporary folder.
        """
        if filename is None:
            fd, name = tempfile.mkstemp(prefix="tinygrad-edu-", suffix=f".{format}")
            os.close(fd)
            path = Path(name)
        else:
            path = Path(filename)
        self.save(path)
        open_picture(path, self)
        return path

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        from .notebook import bundle  # SVG fitted to the output's width, and PNG

        return bundle(self)

    def __repr__(self) -> str:
        return f"<Graph: {self.nodes} nodes; .svg(), .png(), .save(path), .render(), .source>"


SUFFIXES = (".svg", ".png", ".dot")


def open_picture(path: Path, picture: Any = None) -> str:
    """Show a picture file (see ``Graph.view``); returns how: inline, viewer or printed."""
    from .notebook import in_notebook

    if in_notebook():
        from IPython.display import SVG, Image, display

        display(SVG(path.read_text()) if path.suffix == ".svg" else Image(filename=str(path)))
        return "inline"
    desktop = sys.platform in ("darwin", "win32") or any(
        os.environ.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY")
    )
    if desktop:
        import webbrowser

        if webbrowser.open(path.absolute().as_uri()):
            return "viewer"
    print(f"{path} (no display here to open it on: copy or open the file)", file=sys.stderr)
    return "printed"
