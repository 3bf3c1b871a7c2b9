"""Anomaly mode, one switch for the whole process as PyTorch's (grad mode is per thread):
backward names the node that made a nan.

>>> from tinygrad_edu import Value
>>> from tinygrad_edu.core.anomaly_mode import set_detect_anomaly
>>> set_detect_anomaly(True)
>>> x = Value(-1.0)
>>> try:
...     x.sqrt().backward()
... except RuntimeError as e:
...     print(e)
Function 'SqrtBackward0' returned nan values in its 0th output.
>>> set_detect_anomaly(False)
"""

from __future__ import annotations

import traceback
import warnings
import weakref
from typing import Any

from .messages import ANOMALY_ON

__all__ = [
    "MODE",
    "detect_anomaly",
    "fail",
    "is_anomaly_check_nan_enabled",
    "is_anomaly_enabled",
    "record",
    "set_detect_anomaly",
]


class _Mode:
    """The switch every thread sees: PyTorch keeps anomaly mode in one process-wide flag
    (``AnomalyMode::_enabled``), unlike grad mode, which is thread-local."""

    enabled = False
    check_nan = True


MODE = _Mode()
# the forward stack of each node made while anomaly mode was on (weakly: the graph owns the node)
_STACKS: weakref.WeakKeyDictionary[Any, list[str]] = weakref.WeakKeyDictionary()


def is_anomaly_enabled() -> bool:
    return MODE.enabled


def is_anomaly_check_nan_enabled() -> bool:
    return MODE.check_nan


def set_detect_anomaly(mode: bool, check_nan: bool = True) -> None:
    """Make backward raise, naming the node, when a node returns nan (PyTorch's anomaly mode)."""
    MODE.enabled = bool(mode)
    MODE.check_nan = bool(check_nan)


def record(node: Any) -> None:
    """Keep the forward stack that made ``node``, for the message if its backward fails."""
    _STACKS[node] = traceback.format_stack()[:-3]


def fail(node: Any, index: int) -> None:
    """Warn with the forward stack of ``node`` and raise PyTorch's error for its nan output."""
    name = node.name()
    stack = "".join(_STACKS.get(node, []))
    warnings.warn(
        f"Error detected in {name}. Traceback of forward call that caused the error:\n{stack}",
        UserWarning,
        stacklevel=4,
    )
    raise RuntimeError(f"Function '{name}' returned nan values in its {index}th output.")


class detect_anomaly:  # noqa: N801 - PyTorch's name
    """Anomaly mode for a block: ``with detect_anomaly(): loss.backward()``."""

    def __init__(self, check_nan: bool = True) -> None:
        # PyTorch warns here, for the context manager only (set_detect_anomaly is silent)
        warnings.warn(ANOMALY_ON, UserWarning, stacklevel=2)
        self.check_nan = check_nan

    def __enter__(self) -> None:
        self.prev = (MODE.enabled, MODE.check_nan)
        set_detect_anomaly(True, self.check_nan)

    def __exit__(self, *exc: object) -> None:
        MODE.enabled, MODE.check_nan = self.prev
