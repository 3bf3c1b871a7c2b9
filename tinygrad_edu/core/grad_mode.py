"""Grad mode: whether ops record a graph. ``no_grad``, ``enable_grad``, ``set_grad_enabled``.

>>> from tinygrad_edu import Value, no_grad
>>> x = Value(2.0)
>>> with no_grad():
...     y = x * 3
>>> y.grad_fn is None, y.requires_grad
(True, False)

Grad mode is per thread, as PyTorch's: ``no_grad`` in one thread does not stop another thread
recording, and a new thread starts with grad mode on whatever the thread that started it does.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = [
    "enable_grad",
    "inference_mode",
    "is_grad_enabled",
    "is_inference_mode_enabled",
    "no_grad",
    "set_grad_enabled",
]

F = TypeVar("F", bound=Callable[..., Any])

# Every op reads ``STATE.enabled``, so the read is kept as cheap as a plain attribute while no
# thread has grad mode off (almost always). ``STATE`` is one object whose class is switched:
# ``_AllOn`` (a class attribute, True) while every thread records, ``_SomeOff`` (a property
# that asks this thread's flag) while at least one thread has grad mode off.


class _SomeOff:
    __slots__ = ()

    @property
    def enabled(self) -> bool:
        return _thread.off is None


class _AllOn:
    __slots__ = ()
    enabled = True


STATE: _AllOn | _SomeOff = _AllOn()


class _Thread(threading.local):
    off: _Off | None = None  # an _Off while this thread has grad mode off


_thread = _Thread()
_lock = threading.Lock()
_threads_off = 0


class _Off:
    """Held by a thread while its grad mode is off; counts such threads, switches STATE."""

    __slots__ = ()

    def __init__(self) -> None:
        global _threads_off
        with _lock:
            _threads_off += 1
            STATE.__class__ = _SomeOff

    def __del__(self) -> None:  # grad mode back on, or the thread ended with it off
        global _threads_off
        with _lock:
            _threads_off -= 1
            if not _threads_off:
                STATE.__class__ = _AllOn


def _set(mode: bool) -> None:
    """Set this thread's grad mode."""
    if mode:
        _thread.off = None  # the _Off it held is freed at once: its __del__ runs here
    elif _thread.off is None:
        _thread.off = _Off()


def is_grad_enabled() -> bool:
    return STATE.enabled


class _GradMode:
    """Base for the context managers; each also works as a decorator, like PyTorch's."""

    mode = True

    def __enter__(self) -> None:
        self._prev = STATE.enabled
        _set(self.mode)

    def __exit__(self, *exc: object) -> None:
        _set(self._prev)

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
        _set(self.mode)

    def __enter__(self) -> None:
        _set(self.mode)

    def __call__(self, fn: F) -> F:
        _set(self._prev)  # used as a decorator: the call above must not stick
        mode = self.mode

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with set_grad_enabled(mode):
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


class inference_mode(_GradMode):  # noqa: N801
    """``no_grad`` for evaluation, as tutorials write it (``with torch.inference_mode():``);
    ``inference_mode(False)`` records, as ``enable_grad`` (PyTorch's guard sets grad mode to
    ``not mode``). The results are ordinary tensors here (PyTorch marks them as inference
    tensors, which later refuse autograd)."""

    def __init__(self, mode: bool = True) -> None:
        self.enabled = bool(mode)
        self.mode = not self.enabled

    def __enter__(self) -> None:
        super().__enter__()
        _INFERENCE.depth += self.enabled

    def __exit__(self, *exc: object) -> None:
        _INFERENCE.depth -= self.enabled
        super().__exit__(*exc)

    def __call__(self, fn: F) -> F:
        enabled = self.enabled

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with inference_mode(enabled):
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


class _Depth(threading.local):
    depth = 0


_INFERENCE = _Depth()


def is_inference_mode_enabled() -> bool:
    """Whether this thread is inside ``inference_mode()``."""
    return _INFERENCE.depth > 0
