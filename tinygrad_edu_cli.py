"""The ``tinygrad-edu`` command's entry point, loaded before anything else of the project.

It makes SIGINT (Ctrl-C) and SIGTERM a quiet stop first, then imports the command line
(``viz.cli``, whose imports take a few tenths of a second): a signal at any moment, during
those imports too, ends the command with status 128 + the signal's number and no traceback.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType

__all__ = ["STOPS", "main", "stop"]

STOPS = (signal.SIGINT, signal.SIGTERM)


def stop(signum: int, frame: FrameType | None) -> None:
    """The handler of SIGINT and SIGTERM while a command runs: ``KeyboardInterrupt(signum)``.

    Not inside a finalizer (``__del__``, such as the Value's that frees a chain): Python
    ignores what one raises, printing "Exception ignored" and a traceback, and the stop would
    be lost.  There the stop waits for a timer (a millisecond, again while still inside one).
    """
    f = frame
    while f is not None and hasattr(signal, "setitimer"):
        if f.f_code.co_name == "__del__":
            signal.signal(signal.SIGALRM, lambda _s, later: stop(signum, later))
            signal.setitimer(signal.ITIMER_REAL, 0.001)
            return
        f = f.f_back
    for s in STOPS:  # a second signal must not cut the clean-up the first one started
        signal.signal(s, signal.SIG_IGN)
    raise KeyboardInterrupt(signum)


def main() -> int:
    """Run ``tinygrad-edu`` (``sys.argv``) and return its exit status."""
    try:
        for s in STOPS:
            signal.signal(s, stop)
        from viz.cli import main as command_line

        return command_line()
    except KeyboardInterrupt as e:
        return 128 + (e.args[0] if e.args and isinstance(e.args[0], int) else signal.SIGINT)
    finally:
        for s in STOPS:  # the process is ending: nothing may interrupt its exit
            signal.signal(s, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main())
