"""Writing files the safe way: complete, or not there at all."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["staged", "umask", "write_atomic"]


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
    with staged(path, text) as p:
        return p


@contextmanager
def staged(path: str | os.PathLike[str], text: str) -> Iterator[Path]:
    """``write_atomic`` in two halves: the text is written on entry, renamed into place on exit.

    If the block raises, the file is never renamed in, so two outputs can be all or nothing::

        with staged("page.html", html):
            write_frames(...)  # fails: no page either
    """
    p = Path(path)
    try:
        mode = p.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~umask()
    try:
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    except OSError as e:
        raise _named(e, p) from None
    try:
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(tmp, mode)
        except OSError as e:  # a full disk, a size limit...: say which file failed
            raise _named(e, p) from None
        yield p
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _named(e: OSError, p: Path) -> OSError:
    """``e`` naming the file the caller asked for (not the temporary one), so that an error
    message can say what failed and where: ``cannot write 'plot.svg': No space left...``."""
    if e.errno is None:
        return e
    return type(e)(e.errno, e.strerror, str(p))
