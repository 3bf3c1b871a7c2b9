"""Run the misuse corpus under one engine and print each case's outcome as JSON.

    python tests/api_misuse/outcome.py torch          # real PyTorch (make parity)
    python tests/api_misuse/outcome.py tinygrad_edu   # torch bound to tinygrad_edu

An outcome is ``"TypeError: <first line of the message>"`` for a case that raises, or
``"= <repr of the value>"`` for one that returns; object addresses are masked, and a case that
runs past ``LIMIT`` seconds is ``"hang"``. ``regen.py`` stores PyTorch's outcomes in
``torch_outcomes.json``; ``tests/test_api_misuse.py`` compares tinygrad_edu's with them.
"""

from __future__ import annotations

import json
import re
import signal
import sys
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cases import CASES, PRELUDE

LIMIT = 20  # seconds: no wrong call should take more than a moment (a loaded machine: 20)
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


class _HangError(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _HangError


def run_case(code: str) -> str:
    """What ``code`` does, after the prelude: its exception or the repr of its last line."""
    env: dict[str, Any] = {}
    exec(PRELUDE, env)
    *body, last = code.splitlines()
    # the last line is the value when it is an expression (indented lines belong to a block)
    try:
        compile(last, "<case>", "eval")
        is_expr = not last.startswith((" ", "\t"))
    except SyntaxError:
        is_expr = False
    if not is_expr:
        body, last = [*body, last], "None"
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec("\n".join(body), env)
            value = eval(last, env)
            text = "= " + repr(value)
    except _HangError:
        return "hang"
    except BaseException as e:
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            raise
        first = (str(e).strip().splitlines() or [""])[0]
        text = f"{type(e).__name__}: {first}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return _ADDRESS.sub("0x…", text)[:400]


def outcomes(names: list[str] | None = None) -> dict[str, str]:
    """Every case's outcome under the engine bound to ``torch`` now."""
    signal.signal(signal.SIGALRM, _alarm)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
    # the first use of torch.optim imports much of PyTorch: done here, outside any case's time
    exec(PRELUDE + "torch.optim.SGD([x], lr=0.1)\n", {})
    return {name: run_case(CASES[name]) for name in names or CASES}


def main(argv: list[str]) -> int:
    engine, *names = argv
    if engine == "tinygrad_edu":
        from tinygrad_edu._as_torch import install

        install()
    elif engine != "torch":
        raise SystemExit(f"unknown engine {engine!r}: expected torch or tinygrad_edu")
    json.dump(outcomes(names), sys.stdout, indent=1, ensure_ascii=False, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
