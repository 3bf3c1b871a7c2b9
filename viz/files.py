"""Writing files the safe way: complete, or not there at all."""

from __future__ import annotations

import os
import signal
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["staged", "umask", "uninterrupted", "write_atomic", "write_bytes_atomic"]

_STOPS = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the block: a rename swap, or the removal of a
    temporary file, is never cut in the middle. A signal that came meanwhile is delivered
    (and its handler run) as the block ends."""
    main = threading.current_thread() is threading.main_thread()
    if not main or not hasattr(signal, "pthread_sigmask"):
        yield  # handlers run in the main thread only (and Windows has no signal mask)
        return
    # The mask holds the signals back from this thread only: a process with other threads (a
    # Jupyter kernel, pytest-xdist's worker) gets them there, and Python still runs its handler
    # here at once. So a Python handler is also swapped, for the block, for one that notes the
    # signal; the note is delivered again (to the handler put back) as the block ends.
    came: list[int] = []
    handlers = {s: signal.getsignal(s) for s in _STOPS}
    for s, handler in handlers.items():
        if callable(handler):
            signal.signal(s, lambda signum, frame: came.append(signum))
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        for s, handler in handlers.items():
            if callable(handler):
                signal.signal(s, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        if came:
            signal.raise_signal(came[0])


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
    with _staged_file(path, text.encode("utf-8")) as p:
        yield p


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> Path:
    """``write_atomic`` for bytes (a PNG)."""
    with _staged_file(path, data) as p:
        return p


@contextmanager
def _staged_file(path: str | os.PathLike[str], data: bytes) -> Iterator[Path]:
    p = Path(path)
    try:
        mode = p.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~umask()
    # the temporary file is made and filled with signals held, inside the ``try`` that removes
    # it: a signal that came meanwhile is delivered as the held block ends, and that is still
    # inside the ``try``
    tmp: str | None = None
    try:
        with uninterrupted():
            try:
                fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.chmod(tmp, mode)
            except OSError as e:  # a full disk, a size limit...: say which file failed
                raise _named(e, p) from None
        yield p
    except BaseException:
        with uninterrupted():
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
        raise
    with uninterrupted():
        try:
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
