"""The ``tinygrad-edu`` command line: the dispatcher.

Each subcommand lives in its own module (``draw.py``, ``trace.py``, ...), which adds its
parser with ``register(subparsers)`` and sets ``func`` (which returns the exit status);
what the commands share is in ``common.py``, which they import (never this module).  Bad
input of any kind ends in one line on stderr and exit status 2, never a traceback.

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
import sys
from collections.abc import Iterator, Sequence
from typing import NoReturn, TextIO

from tinygrad_edu_cli import signal_status

from .common import (
    PROG,
    UsageError,
    console,
    expression,
    expression_arguments,
    output_file,
    positive_number,
    shown,
    signals_stop_quietly,
    whole_number,
    writable_parent,
)

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


# The modules that add a subcommand each, in the order `--help` lists them.
COMMANDS = (
    "viz.cli.draw",
    "viz.cli.trace",
    "viz.cli.train",
    "viz.cli.lesson",
    "viz.demo",
    "viz.cli.run",
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
    with signals_stop_quietly(), _forgiving_streams():
        try:
            rest, pulled = _pull_vars(list(sys.argv[1:] if argv is None else argv))
            try:
                args = _parser().parse_args(rest)
            except SystemExit as e:  # --help, --version: argparse printed and exits
                _flush_stdout()
                return e.code if isinstance(e.code, int) else 0
            if pulled:
                if not hasattr(args, "var"):
                    raise UsageError(f"unrecognized arguments: --var {shown(pulled[0])}")
                args.var = pulled + (args.var or [])
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
        except KeyboardInterrupt as e:  # Ctrl-C or SIGTERM: the files' clean-up has run
            return signal_status(e)


def _pull_vars(argv: list[str]) -> tuple[list[str], list[str]]:
    """Take every ``--var NAME=VALUE`` out of ``argv`` before argparse sees it: argparse's
    search for the next option is quadratic in their number (4x10^4 of them took 54 s);
    one read here is linear. What it leaves (a value that starts with '-', anything after
    '--') argparse still judges."""
    rest: list[str] = []
    pulled: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            rest += argv[i:]
            break
        if word == "--var" and i + 1 < len(argv) and not argv[i + 1].startswith("-"):
            pulled.append(argv[i + 1])
            i += 2
            continue
        if word.startswith("--var="):
            pulled.append(word[len("--var=") :])
        else:
            rest.append(word)
        i += 1
    return rest, pulled


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
