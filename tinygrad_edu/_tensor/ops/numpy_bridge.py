"""``Tensor.numpy()`` and ``torch.from_numpy``, where numpy is installed (it is not needed else).

PyTorch's array shares memory with its tensor; a tinygrad_edu tensor is made of Values, so
``numpy()`` returns a copy and says so once (a warning), and ``from_numpy`` copies the array.
Without numpy, both raise PyTorch's own error.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from ..dtype import bool_, dtype, float32, float64, int64
from ..tensor import Tensor, tensor

__all__ = ["from_numpy", "numpy"]

# the numpy dtype name of each of ours, and back
_NUMPY = {"float32": "float32", "float64": "float64", "int64": "int64", "bool": "bool"}


def _numpy() -> Any:
    try:  # numpy is optional: looked up when asked for, never imported by the package
        return importlib.import_module("numpy")
    except ImportError:
        raise RuntimeError("Numpy is not available") from None


def numpy(self: Tensor, *, force: bool = False) -> Any:
    """The tensor's numbers as a numpy array (a copy: changing one does not change the other)."""
    np = _numpy()
    if self.requires_grad and not force:
        raise RuntimeError(
            "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
        )
    warnings.warn(
        "tinygrad_edu: numpy() returns a copy; PyTorch's array shares memory with the tensor",
        stacklevel=2,
    )
    return np.array(self.tolist(), dtype=_NUMPY[self.dtype.name])


def from_numpy(array: Any) -> Tensor:
    """A tensor with a numpy array's numbers and dtype (a copy)."""
    _numpy()
    from_name = {v: k for k, v in _NUMPY.items()}
    name = str(array.dtype)
    if name not in from_name:
        raise TypeError(
            f"can't convert np.ndarray of type numpy.{name}. The only supported types are: "
            "float64, float32, int64 and bool."
        )
    return tensor(array.tolist(), dtype=_dtype(from_name[name]))


def _dtype(name: str) -> dtype:
    return {"float32": float32, "float64": float64, "int64": int64, "bool": bool_}[name]


# set here, not in tensor.py: the bridge sits above the tensor, which knows nothing of numpy
Tensor.numpy = numpy  # type: ignore[attr-defined]
