"""Names PyTorch keeps for old programs: the removed ``torch.solve``/``matrix_rank`` and
``Tensor.reinforce`` (each raises PyTorch's message), the deprecated ``chain_matmul`` and
``set_default_tensor_type``, ``Tensor.volatile``, and answers about a tensor that the CPU
alone makes simple (``name``, ``is_maia``, ``dense_dim``, ``const_data_ptr``, ``is_set_to``,
``grad_dtype``); ``set_anomaly_enabled`` and autograd's multithreading/view-replay switches.

>>> import tinygrad_edu as torch
>>> torch.ones(2).dense_dim(), torch.autograd.is_multithreading_enabled()
(1, True)
"""

from __future__ import annotations

import functools
import warnings
from typing import Any

from ._tensor.dtype import float32, float64, set_default_dtype
from .core.anomaly_mode import set_detect_anomaly

__all__ = ["AUTOGRAD", "FUNCTIONS", "METHODS", "PROPERTIES"]

_SOLVE = (
    "This function was deprecated since version 1.9 and is now removed. `torch.solve` is "
    "deprecated in favor of `torch.linalg.solve`. `torch.linalg.solve` has its arguments "
    "reversed and does not return the LU factorization."
)


def solve(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError(_SOLVE)


def matrix_rank(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("This function was deprecated since version 1.9 and is now removed.")


def reinforce(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("reinforce() was removed.")


def chain_matmul(*matrices: Any, out: Any = None) -> Any:
    """The product of the matrices, left to right (deprecated in PyTorch: linalg.multi_dot)."""
    warnings.warn(
        "torch.chain_matmul is deprecated and will be removed in a future PyTorch release. "
        "Use torch.linalg.multi_dot instead, which accepts a list of two or more tensors "
        "rather than multiple parameters.",
        UserWarning,
        stacklevel=2,
    )
    if len(matrices) == 1:
        return matrices[0].clone()
    r = functools.reduce(lambda a, b: a @ b, matrices)
    r = r.view(r.shape)  # PyTorch's linalg.multi_dot hands back a view (ViewBackward0)
    return r if out is None else out.copy_(r)


_DEFAULT_TYPES = {"torch.FloatTensor": float32, "torch.DoubleTensor": float64}


_WARNED = {"default_tensor_type": False}


def set_default_tensor_type(t: Any) -> None:
    """``torch.set_default_tensor_type(torch.DoubleTensor)``: the default float dtype."""
    if not _WARNED["default_tensor_type"]:  # TORCH_WARN_ONCE
        _WARNED["default_tensor_type"] = True
        _warn_deprecated_type()
    name = t if isinstance(t, str) else f"torch.{getattr(t, '__name__', t)}"
    if name.startswith("torch.cuda."):
        raise TypeError(f"type {name} not available. Torch not compiled with CUDA enabled.")
    if name not in _DEFAULT_TYPES:
        raise TypeError("only floating-point types are supported as the default type")
    set_default_dtype(_DEFAULT_TYPES[name])


def _warn_deprecated_type() -> None:
    warnings.warn(
        "torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
        "torch.set_default_dtype() and torch.set_default_device() as alternatives.",
        UserWarning,
        stacklevel=3,
    )


def set_anomaly_enabled(enabled: bool, check_nan: bool = True) -> None:
    """``torch.set_anomaly_enabled``: anomaly mode on or off for the process."""
    set_detect_anomaly(enabled, check_nan)


def _volatile(self: Any) -> bool:
    warnings.warn("volatile was removed (Variable.volatile is always False)", UserWarning,
                  stacklevel=2)  # fmt: skip
    return False


def is_set_to(self: Any, other: Any) -> bool:
    """Whether both are the same view of the same storage (offset, sizes, strides)."""
    return (
        self.data_ptr() == other.data_ptr()
        and tuple(self.shape) == tuple(other.shape)
        and tuple(self.stride()) == tuple(other.stride())
        and self.storage_offset() == other.storage_offset()
    )


_SWITCHES = {"multithreading": True, "view_replay": False}


def is_multithreading_enabled() -> bool:
    return bool(_SWITCHES["multithreading"])


def is_view_replay_enabled() -> bool:
    return bool(_SWITCHES["view_replay"])


class _Switch:
    """A context manager that sets one of autograd's switches and puts it back."""

    key = ""

    def __init__(self, mode: bool) -> None:
        self.before, _SWITCHES[self.key] = _SWITCHES[self.key], bool(mode)

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        _SWITCHES[self.key] = self.before


class set_multithreading_enabled(_Switch):  # noqa: N801 - PyTorch's name
    """The backward pass here runs in one thread whatever this says."""

    key = "multithreading"


FUNCTIONS: dict[str, Any] = {
    "solve": solve, "matrix_rank": matrix_rank, "chain_matmul": chain_matmul,
    "set_default_tensor_type": set_default_tensor_type, "set_anomaly_enabled": set_anomaly_enabled,
}  # fmt: skip
METHODS: dict[str, Any] = {
    "solve": solve, "reinforce": reinforce, "is_set_to": is_set_to,
    "dense_dim": lambda self: self.dim(),
    "const_data_ptr": lambda self: self.data_ptr(),
}  # fmt: skip
PROPERTIES: dict[str, Any] = {
    "volatile": property(_volatile),
    "name": property(lambda self: None),
    "is_maia": property(lambda self: False),
    "grad_dtype": property(lambda self: self.dtype),
}
AUTOGRAD: dict[str, Any] = {
    "is_multithreading_enabled": is_multithreading_enabled,
    "is_view_replay_enabled": is_view_replay_enabled,
    "set_multithreading_enabled": set_multithreading_enabled,
}
