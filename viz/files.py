"""Writing files the safe way: complete, or not there at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["umask", "write_atomic"]


def umask() -> int:
    """The process's umask (reading it means setting it, so it is set straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to a temporary file beside ``path``, then rename it into place.

    A failure at any point leaves no partial file. The file gets the mode of the one it
    replaces, else an ordinary file's (mkstemp's own is private).
    """
    p = Path(path)
    try:
        mode = p.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~umask()
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p
