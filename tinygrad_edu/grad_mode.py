"""Grad mode: whether ops record a graph. ``no_grad``, ``enable_grad``, ``set_grad_enabled``.

>>> from tinygrad_edu import Value, no_grad
>>> x = Value(2.0)
>>> with no_grad():
...     y = x * 3
>>> y.grad_fn is None, y.requires_grad
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["enable_grad", "is_grad_enabled", "no_grad", "set_grad_enabled"]

F = TypeVar("F", bound=Callable[..., Any])


class _State:
    # One process-wide flag, read on every op; a plain attribute is the cheapest read.
    enabled = True


STATE = _State()


def is_grad_enabled() -> bool:
    return STATE.enabled


class _GradMode:
    """Base for the context managers; each also works as a decorator, like PyTorch's."""

    mode = True

    def __enter__(self) -> None:
        self._prev = STATE.enabled
        STATE.enabled = self.mode

    def __exit__(self, *exc: object) -> None:
        STATE.enabled = self._prev

    def __call__(self, fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.__class__():
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


class no_grad(_GradMode):  # noqa: N801 - PyTorch's name
    """Ops inside make results with no grad_fn (as for evaluation or an SGD update)."""

    mode = False


class enable_grad(_GradMode):  # noqa: N801
    """Turns recording back on, for example inside ``no_grad()``."""

    mode = True


class set_grad_enabled(_GradMode):  # noqa: N801
    """``set_grad_enabled(False)`` acts at once (as a call) and as a context manager."""

    def __init__(self, mode: bool) -> None:
        self._prev = STATE.enabled
        self.mode = bool(mode)
        STATE.enabled = self.mode

    def __enter__(self) -> None:
        STATE.enabled = self.mode

    def __call__(self, fn: F) -> F:
        STATE.enabled = self._prev  # used as a decorator: the call above must not stick
        mode = self.mode

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with set_grad_enabled(mode):
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]
