"""What the exercises' checks share: a check that fails says what it expected and what came.

Each lesson ends with an exercise and its ``check_...()``.  The checks raise
``WrongAnswerError`` (an ``AssertionError``) with a message ``<what>: expected <this>, got
<that>``; an error raised by the student's code (a blank's ``NotImplementedError`` included)
becomes such a message too, so a student always reads what was wanted.

>>> close(0.5, 0.5, "f(1)")
>>> try:
...     close(None, 0.5, "f(1)")
... except WrongAnswerError as e:
...     print(e)
f(1): expected 0.5 (within 1e-09), got None
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn

__all__ = ["WrongAnswerError", "attempt", "close", "fail", "is_number", "passed", "same_keys"]


class WrongAnswerError(AssertionError):
    """A check rejected an answer; the message says what was expected and what came."""


def fail(what: str, expected: object, got: object) -> NoReturn:
    raise WrongAnswerError(f"{what}: expected {expected}, got {got}")


def attempt(fn: Callable[..., Any], *args: Any, what: str, expected: object, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``; an exception it raises is reported as a wrong answer."""
    try:
        return fn(*args, **kwargs)
    except WrongAnswerError:
        raise
    except Exception as e:  # any error in the answer is the student's to read
        fail(what, expected, f"{type(e).__name__}: {e}")


def is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def close(got: object, want: float, what: str, tol: float = 1e-9) -> None:
    """``got`` is a plain number within ``tol`` of ``want``."""
    if not is_number(got) or not abs(got - want) <= tol:  # type: ignore[operator]
        fail(what, f"{want!r} (within {tol:g})", repr(got))


def same_keys(answers: object, keys: Iterable[Any], what: str) -> None:
    """``answers`` is a dict with exactly ``keys``: an empty or partial answer is a wrong one."""
    keys = list(keys)
    if not isinstance(answers, dict):
        fail(what, f"a dict with the keys {keys}", repr(answers))
    missing = [k for k in keys if k not in answers]
    extra = [k for k in answers if k not in keys]
    if missing or extra:
        got = ", ".join(
            part
            for part in (
                f"no answer for {missing}" if missing else "",
                f"unexpected keys {extra}" if extra else "",
            )
            if part
        )
        fail(what, f"an answer for each of {keys}", got)


def passed(name: str, detail: str = "all good") -> None:
    print(f"{name}: {detail}")
