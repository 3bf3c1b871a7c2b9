"""The ``tinygrad-edu`` command's entry point, loaded before anything else of the project.

It makes SIGINT (Ctrl-C) and SIGTERM a quiet stop first, then imports the command line
(``viz.cli``, whose imports take a few tenths of a second): a signal at any moment, during
those imports too, ends the command with status 128 + the signal's number and no traceback.
"""

from __future__ import annotations

import signal
import sys

__all__ = ["main"]

_STOPS = (signal.SIGINT, signal.SIGTERM)


def _stop(signum: int, frame: object) -> None:
    for s in _STOPS:  # a second signal must not cut the clean-up the first one started
        signal.signal(s, signal.SIG_IGN)
    raise KeyboardInterrupt(signum)


def main() -> int:
    """Run ``tinygrad-edu`` (``sys.argv``) and return its exit status."""
    try:
        for s in _STOPS:
            signal.signal(s, _stop)
        from viz.cli import main as command_line

        return command_line()
    except KeyboardInterrupt as e:
        return 128 + (e.args[0] if e.args and isinstance(e.args[0], int) else signal.SIGINT)
    finally:
        for s in _STOPS:  # the process is ending: nothing may interrupt its exit
            signal.signal(s, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main())
