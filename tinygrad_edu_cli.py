"""The ``tinygrad-edu`` command's entry point, loaded before anything else of the project.

It makes SIGINT (Ctrl-C) and SIGTERM a quiet stop first, then imports the command line
(``viz.cli``, whose imports take a few tenths of a second): a signal at any moment, during
those imports too, ends the command with status 128 + the signal's number and no traceback.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType
from typing import Any

__all__ = ["STOPS", "main", "signal_status", "stop", "unraisable"]

STOPS = (signal.SIGINT, signal.SIGTERM)


def stop(signum: int, frame: FrameType | None) -> None:
    """The handler of SIGINT and SIGTERM while a command runs: ``KeyboardInterrupt(signum)``."""
    for s in STOPS:  # a second signal must not cut the clean-up the first one started
        signal.signal(s, signal.SIG_IGN)
    raise KeyboardInterrupt(signum)


def unraisable(u: Any, *, _python: Any = sys.__unraisablehook__) -> None:
    """``sys.unraisablehook`` while a command runs: a stop raised where Python must ignore it
    (a finalizer: a Value's ``__del__`` freeing a chain, a weakref's callback) is not printed
    as "Exception ignored" with a traceback, and not lost: it is raised again a millisecond
    later, from a timer, where the command's code runs (again, if that is another finalizer)."""
    e = u.exc_value
    if not (isinstance(e, KeyboardInterrupt) and e.args and hasattr(signal, "setitimer")):
        _python(u)
        return

    def again(_signum: int, _frame: FrameType | None) -> None:
        raise KeyboardInterrupt(*e.args)

    signal.signal(signal.SIGALRM, again)
    signal.setitimer(signal.ITIMER_REAL, 0.001)


def signal_status(e: KeyboardInterrupt) -> int:
    """The exit status for a stop by a signal: 128 + its number (130 for Ctrl-C)."""
    signum = e.args[0] if e.args and isinstance(e.args[0], int) else signal.SIGINT
    return 128 + signum


def main() -> int:
    """Run ``tinygrad-edu`` (``sys.argv``) and return its exit status."""
    try:
        for s in STOPS:
            signal.signal(s, stop)
        sys.unraisablehook = unraisable
        from viz.cli import main as command_line

        return command_line()
    except KeyboardInterrupt as e:
        return signal_status(e)
    finally:
        for s in STOPS:  # the process is ending: nothing may interrupt its exit
            signal.signal(s, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main())
