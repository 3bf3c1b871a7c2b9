"""What the exercises' checks share: a one-line verdict, and predictions kept secret.

Each lesson ends with an exercise and its ``check_...()``.  A check that accepts the answer
prints one line (``check_by_hand: all good``).  A check that rejects it raises
``WrongAnswerError`` (an ``AssertionError``) whose message reads ``<what>: expected <this>, got
<that>``; an error raised by the student's code (a blank's ``NotImplementedError`` included)
becomes such a message too, so a student always reads what was wanted.

The student sees that message as one line, not as a traceback: in a notebook (IPython shows an
exception's ``_render_traceback_()``), in a script (this module's ``sys.excepthook``) and under
``tinygrad-edu lesson``.  The line names the check and says whether the answer is missing or
wrong (here cut in two)::

    check_by_hand: no answer yet: by_hand(2.0, -3.0, 10.0, -2.0): expected a dict of four
    grads, got NotImplementedError: Exercise 4.1: return the dict of dL/da, dL/db, dL/dc, dL/df

Set the environment variable ``TINYGRAD_EDU_TRACEBACK=1`` (in a notebook,
``os.environ["TINYGRAD_EDU_TRACEBACK"] = "1"``) for the full traceback instead.

Predict-then-check exercises use ``check_predictions``: a blank prediction says "fill in your
predictions", a wrong one says which are wrong without giving the answer away, and ``reveal()``
prints the answers of the last check (``TINYGRAD_EDU_REVEAL=1`` puts them in the message, for
the teacher).

>>> close(0.5, 0.5, "f(1)")
>>> try:
...     close(None, 0.5, "f(1)")
... except WrongAnswerError as e:
...     print(e)
...     print(verdict(e))
f(1): expected 0.5 (within 1e-09), got None
wrong answer: f(1): expected 0.5 (within 1e-09), got None
"""

from __future__ import annotations

import inspect
import io
import os
import sys
import tokenize
import traceback
from collections.abc import Callable, Iterable, Mapping
from types import TracebackType
from typing import Any, NoReturn

__all__ = [
    "REVEAL_VARIABLE",
    "TRACEBACK_VARIABLE",
    "WrongAnswerError",
    "attempt",
    "autograd_calls",
    "check_predictions",
    "close",
    "fail",
    "is_number",
    "passed",
    "reveal",
    "same_keys",
    "verdict",
]

TRACEBACK_VARIABLE = "TINYGRAD_EDU_TRACEBACK"  # set to 1: a rejected answer shows its traceback
REVEAL_VARIABLE = "TINYGRAD_EDU_REVEAL"  # set to 1: a wrong prediction's message has the answer
WRONG, MISSING = "wrong answer", "no answer yet"


def _wanted(variable: str) -> bool:
    return os.environ.get(variable, "").strip().lower() not in ("", "0", "no", "false")


class WrongAnswerError(AssertionError):
    """A check rejected an answer; the message says what was expected and what came.

    ``kind`` is ``"wrong answer"`` or ``"no answer yet"`` (the blank is still there).
    """

    def __init__(self, message: str, kind: str = WRONG) -> None:
        super().__init__(message)
        self.kind = kind

    def _render_traceback_(self) -> list[str]:  # IPython shows these lines for the exception
        if _wanted(TRACEBACK_VARIABLE):
            text = "".join(traceback.format_exception(type(self), self, self.__traceback__))
            return text.rstrip("\n").splitlines()
        return [verdict(self)]


def _check_name(tb: TracebackType | None) -> str | None:
    """The outermost ``check_...`` function the error passed through (the exercise's check)."""
    while tb is not None:
        name = tb.tb_frame.f_code.co_name
        if name.startswith("check_"):
            return name
        tb = tb.tb_next
    return None


def verdict(error: WrongAnswerError) -> str:
    """The one line a student reads for a rejected answer: the check, the kind, the message."""
    check = _check_name(error.__traceback__)
    hint = ""
    cause = error.__cause__
    if cause is not None and not isinstance(cause, NotImplementedError):
        hint = f" ({TRACEBACK_VARIABLE}=1 shows where)"
    line = " ".join(str(error).split())  # one line, whatever the message holds
    return (f"{check}: " if check else "") + f"{error.kind}: {line}{hint}"


def _excepthook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    if isinstance(error, WrongAnswerError) and not _wanted(TRACEBACK_VARIABLE):
        print(verdict(error), file=sys.stderr)  # the script still exits with status 1
    else:
        _previous_hook(kind, error, tb)


_previous_hook = getattr(sys.excepthook, "previous", sys.excepthook)
_excepthook.previous = _previous_hook  # type: ignore[attr-defined]
sys.excepthook = _excepthook  # a script ends on the verdict, not on a traceback


def fail(what: str, expected: object, got: object, kind: str = WRONG) -> NoReturn:
    raise WrongAnswerError(f"{what}: expected {expected}, got {got}", kind)


def attempt(fn: Callable[..., Any], *args: Any, what: str, expected: object, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``; an exception it raises is reported as a wrong answer."""
    try:
        return fn(*args, **kwargs)
    except WrongAnswerError:
        raise
    except Exception as e:  # any error in the answer is the student's to read
        kind = MISSING if isinstance(e, NotImplementedError) else WRONG
        raise WrongAnswerError(
            f"{what}: expected {expected}, got {type(e).__name__}: {e}", kind
        ) from e


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
        fail(what, f"an answer for each of {keys}", got, MISSING if missing else WRONG)


def passed(name: str, detail: str = "all good") -> None:
    print(f"{name}: {detail}")


# --- predictions, kept secret --------------------------------------------------------------

_ANSWERS: dict[str, dict[Any, Any]] = {}  # check name -> the true answers, for reveal()


def _blank(prediction: object) -> bool:
    if isinstance(prediction, tuple):
        return any(_blank(p) for p in prediction)
    return prediction is None or prediction is ... or prediction == ""


def check_predictions(name: str, predicted: object, actual: Mapping[Any, Any]) -> None:
    """Compare ``predicted`` (a dict) with ``actual`` without giving the answers away.

    A blank (``""``, ``None``, ``...``) asks for the predictions; a wrong one is named by its
    key only.  ``reveal()`` prints the answers afterwards; with ``TINYGRAD_EDU_REVEAL=1`` the
    message holds them.
    """
    _ANSWERS.pop(name, None)  # the last check run comes last
    _ANSWERS[name] = dict(actual)
    same_keys(predicted, actual, name)
    assert isinstance(predicted, dict)
    predicted = {k: tuple(v) if isinstance(v, list) else v for k, v in predicted.items()}
    blanks = [k for k in actual if _blank(predicted[k])]
    if blanks:
        fail(
            "fill in your predictions",
            f"a prediction for each of the {len(actual)}",
            "none yet" if len(blanks) == len(actual) else f"{blanks} still blank",
            MISSING,
        )
    wrong = [k for k in actual if predicted[k] != actual[k]]
    if wrong:
        got = f"{len(wrong)} wrong: {wrong}"
        if _wanted(REVEAL_VARIABLE):
            got += f"; the answers are { ({k: actual[k] for k in wrong}) }"
        else:
            got += " (look again; reveal() shows the answers)"
        fail(name, f"all {len(actual)} right", got)
    passed(name, f"all {len(actual)} right")


def reveal(name: str | None = None) -> None:
    """Print the answers of the last prediction check that ran (or of check ``name``)."""
    if not _ANSWERS:
        print("no prediction has been checked yet: run the check first")
        return
    name = name or next(reversed(_ANSWERS))
    for key, answer in _ANSWERS[name].items():
        print(f"{key}: {answer!r}")


# --- by hand means by hand ---------------------------------------------------------------


def autograd_calls(fn: Callable[..., Any]) -> list[str]:
    """What in ``fn``'s source hands the work to autograd: ``backward()``, ``.grad``, ``grad()``,
    ``Value(...)`` (an empty list when there is none, or when the source cannot be read)."""
    try:
        source = inspect.getsource(fn)
    except (OSError, TypeError):
        return []
    try:
        tokens = [
            t
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type in (tokenize.NAME, tokenize.OP)
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    found: list[str] = []
    for i, t in enumerate(tokens):
        before = tokens[i - 1].string if i else ""
        after = tokens[i + 1].string if i + 1 < len(tokens) else ""
        if t.type != tokenize.NAME:
            continue
        if t.string == "backward" and (before == "." or after == "("):
            found.append("backward()")
        elif t.string == "grad" and before == ".":
            found.append(".grad")
        elif t.string == "grad" and after == "(":
            found.append("grad()")
        elif t.string in ("Value", "tensor") and after == "(":
            found.append(f"{t.string}(...)")
    return list(dict.fromkeys(found))
