"""``tinygrad-edu run PROGRAM.py [ARGS]``: a PyTorch program, with ``torch`` and every
``torch.*`` import bound to tinygrad_edu (``tinygrad_edu._as_torch`` holds the import hook)."""

from __future__ import annotations

import argparse
import traceback

from .common import UsageError

__all__ = ["register", "run"]


def run(args: argparse.Namespace) -> int:
    from tinygrad_edu._as_torch import ProgramError, run_program  # loaded when a program runs

    try:
        run_program(args.program, args.args)
    except ProgramError as e:
        raise UsageError(str(e)) from None
    except Exception:  # the program's own error: its traceback and status 1, as python gives
        traceback.print_exc()
        return 1
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "run",
        help="run a PyTorch program with `torch` and every `torch.*` import bound to tinygrad_edu",
    )
    p.add_argument("program", metavar="PROGRAM.py", help="the program to run")
    p.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS", help="its own arguments")
    p.set_defaults(func=run)
