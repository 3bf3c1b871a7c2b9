"""What the ``tinygrad-edu`` commands share: the usage error, the expression and number
arguments, the output file checks and the console.  The commands import this module, never the
dispatcher (``viz/cli/__init__.py``), so no import goes in a circle.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from tinygrad_edu_cli import STOPS, stop, unraisable

if TYPE_CHECKING:
    from rich.console import Console

    from tinygrad_edu import Value


PROG = "tinygrad-edu"


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def expression_arguments(p: argparse.ArgumentParser) -> None:
    """EXPR and --var NAME=VALUE, as draw, tree and trace all take them."""
    from ..expr import FUNCTIONS

    p.add_argument(
        "expr",
        metavar="EXPR",
        help="arithmetic over named variables: numbers, names, + - * / **, unary -, parentheses "
        f"and the calls {' '.join(sorted(FUNCTIONS))}; quote it, and give one that starts with - "
        "a space (' -x*2' or '-x * 2') so it is not read as an option",
    )
    p.add_argument(
        "--var",
        action="append",
        metavar="NAME=VALUE",
        help="give a variable its value (repeat for each variable)",
    )


def expression(args: argparse.Namespace) -> Value:
    """The root Value of ``args.expr`` over ``args.var``; bad input is a UsageError."""
    from ..expr import ExprError, build, parse_vars

    try:
        return build(args.expr, parse_vars(args.var or []))
    except ExprError as e:
        raise UsageError(str(e)) from None


_DIGITS = re.compile(r"[+-]?[0-9]+")
MAX_DIGITS = 18  # every number the commands take fits in int64; a longer one is refused unread


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (a 5,000-digit argument
    would fill the terminal)."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def whole_number(text: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """The command line's one rule for a whole number: ASCII digits, an optional sign, at most
    ``MAX_DIGITS`` of them (Python itself refuses to read an int of more than 4300 digits).

    For argparse's ``type=``: anything else is an ``argparse.ArgumentTypeError``.
    """
    word = text.strip(" ")
    if not _DIGITS.fullmatch(word):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number (ASCII digits 0-9)")
    if len(word.lstrip("+-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is too large (at most {MAX_DIGITS} digits)"
        )
    n = int(word)
    if minimum is not None and n < minimum:
        raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
    if maximum is not None and n > maximum:
        raise argparse.ArgumentTypeError(f"must be at most {maximum}, got {n}")
    return n


def positive_number(text: str) -> int:
    """``whole_number`` of at least 1 (a count of steps, nodes...)."""
    return whole_number(text, minimum=1)


def output_file(path: str, suffixes: tuple[str, ...], *, also: str = "") -> Path:
    """``path`` as a file we can write, checked before any work is done; else a UsageError.

    ``suffixes``: the endings it may have (``also`` is added to the message that lists them).
    """
    p = Path(path)
    if p.suffix.lower() not in suffixes:
        raise UsageError(
            f"cannot write {path!r}: the name must end in {' or '.join(suffixes)}{also}"
        )
    writable_parent(p, path)
    if p.is_dir():
        raise UsageError(f"cannot write {path!r}: it is a directory")
    return p


def writable_parent(p: Path, shown: str) -> None:
    """Refuse ``p`` (shown to the user as ``shown``) if its folder is missing or read-only."""
    try:
        parent = p.absolute().parent
        p.exists()  # a name too long for the file system fails here, not after the work
        ok = parent.is_dir()
    except OSError as e:
        raise UsageError(f"cannot write {shown!r}: {e.strerror or e}") from None
    if not ok:
        raise UsageError(f"cannot write {shown!r}: no directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write {shown!r}: the directory is not writable")


@contextlib.contextmanager
def signals_stop_quietly() -> Iterator[None]:
    """SIGINT and SIGTERM raise ``KeyboardInterrupt(signum)`` while a command runs: the
    clean-up of its temporary files runs, and the dispatcher exits with 128 + signum. (By
    default SIGTERM kills at once: a temporary folder being filled stayed behind.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = [signal.signal(s, stop) for s in STOPS]
    hook, sys.unraisablehook = sys.unraisablehook, unraisable
    try:
        yield
    finally:
        sys.unraisablehook = hook
        for s, handler in zip(STOPS, before):
            signal.signal(s, handler)


def console() -> Console:
    """rich's Console for a command's output: COLUMNS=0 counts as unset, as COLUMNS=-5 does.

    (rich takes 0 as a width and prints nothing at all.)
    """
    from rich.console import Console

    out = Console()
    return out if out.width > 0 else Console(width=80)
