"""The ``tinygrad-edu`` command line.

Each subcommand lives in its own module, which adds its parser with ``register(subparsers)``
and sets ``func`` (which returns the exit status).  Bad input of any kind ends in one line on
stderr and exit status 2, never a traceback.

Whatever the terminal's encoding, the output never fails on a character: a file name that is
not valid in it (bytes that are not UTF-8) is written back as the bytes it was typed as, and
any other character it cannot show as a backslash escape (the views print ASCII symbols there
in the first place).  A number on the command line is written in ASCII digits
(``whole_number``): ``int()`` alone would also read ``'١'``, ``'１０'`` and ``'1_000'``.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

if TYPE_CHECKING:
    from rich.console import Console

    from tinygrad_edu import Value

__all__ = [
    "UsageError",
    "console",
    "expression",
    "expression_arguments",
    "main",
    "output_file",
    "positive_number",
    "whole_number",
    "writable_parent",
]

PROG = "tinygrad-edu"


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        if "required: EXPR" in message:  # often an EXPR like -x*2, taken for an option
            message += " (an EXPR that starts with - needs a space first: ' -x*2')"
        raise UsageError(message)

    # argparse's own printing swallows a failed write: --help > /dev/full would exit 0
    def print_help(self, file: TextIO | None = None) -> None:
        (file or sys.stdout).write(self.format_help())

    def print_usage(self, file: TextIO | None = None) -> None:
        (file or sys.stdout).write(self.format_usage())


def expression_arguments(p: argparse.ArgumentParser) -> None:
    """EXPR and --var NAME=VALUE, as draw, tree and trace all take them."""
    from .expr import FUNCTIONS

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
    from .expr import ExprError, build, parse_vars

    try:
        return build(args.expr, parse_vars(args.var or []))
    except ExprError as e:
        raise UsageError(str(e)) from None


_DIGITS = re.compile(r"[+-]?[0-9]+")


def whole_number(text: str, *, minimum: int | None = None) -> int:
    """The command line's one rule for a whole number: ASCII digits, an optional sign.

    For argparse's ``type=``: anything else is an ``argparse.ArgumentTypeError``.
    """
    word = text.strip(" ")
    if not _DIGITS.fullmatch(word):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (ASCII digits 0-9)")
    n = int(word)
    if minimum is not None and n < minimum:
        raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {n}")
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


def console() -> Console:
    """rich's Console for a command's output: COLUMNS=0 counts as unset, as COLUMNS=-5 does.

    (rich takes 0 as a width and prints nothing at all.)
    """
    from rich.console import Console

    out = Console()
    return out if out.width > 0 else Console(width=80)


# The modules that add a subcommand each, in the order `--help` lists them.
COMMANDS = (
    "viz.cmd_draw",
    "viz.cmd_trace",
    "viz.cmd_train",
    "viz.cmd_lesson",
    "viz.demo",
    "viz.cmd_run",
)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Watch automatic differentiation happen.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tinygrad-edu`` with ``argv`` (default: sys.argv); returns the exit status."""
    with _forgiving_streams():
        try:
            try:
                args = _parser().parse_args(argv)
            except SystemExit as e:  # --help, --version: argparse printed and exits
                _flush_stdout()
                return e.code if isinstance(e.code, int) else 0
            status = int(args.func(args) or 0)
            _flush_stdout()
            return status
        except UsageError as e:
            print(f"{PROG}: error: {e}", file=sys.stderr)
            return 2
        except BrokenPipeError:  # `tinygrad-edu ... | head` is not an error
            _drop_stdout()
            return 0
        except OSError as e:  # stdout itself failed (a full disk); files are the commands' own
            _drop_stdout()
            where = repr(e.filename) if e.filename else "to standard output"
            print(f"{PROG}: error: cannot write {where}: {e.strerror or e}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            return 130


def _flush_stdout() -> None:
    """Flush now, so that a full or closed stdout is an error here and not at exit."""
    if sys.stdout is not None:
        sys.stdout.flush()


def _as_typed(err: UnicodeError) -> tuple[str | bytes, int]:
    """Encoding error handler: bytes that came in undecodable (surrogateescape) go out as
    they came; any other character the stream cannot encode becomes a backslash escape."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    bad = err.object[err.start : err.end]
    if all("\udc80" <= ch <= "\udcff" for ch in bad):
        return bytes(ord(ch) - 0xDC00 for ch in bad), err.end
    return codecs.backslashreplace_errors(err)


codecs.register_error("tinygrad_edu.as_typed", _as_typed)


@contextlib.contextmanager
def _forgiving_streams() -> Iterator[None]:
    """stdout and stderr with the ``_as_typed`` error handler while a command runs."""
    changed = []
    for stream in (sys.stdout, sys.stderr):
        errors = getattr(stream, "errors", None)
        try:
            stream.reconfigure(errors="tinygrad_edu.as_typed")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # not a text stream, or closed
            continue
        changed.append((stream, errors))
    try:
        yield
    finally:
        for stream, errors in changed:
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors=errors)


def _drop_stdout() -> None:
    """Point stdout at the null device, so that Python's flush at exit cannot fail again."""
    with contextlib.suppress(AttributeError, OSError, ValueError):  # no real stdout: no flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    # `python -m viz.cli` runs this file as __main__, a second copy of the module: call the
    # package's copy, whose UsageError is the one the commands raise.
    from viz.cli import main as package_main

    sys.exit(package_main())
