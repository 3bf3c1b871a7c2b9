"""What ``register_hook`` returns, as ``torch.utils.hooks.RemovableHandle``.

>>> hooks = new_hooks()
>>> h = RemovableHandle(hooks)
>>> hooks[h.id] = print
>>> h.remove(); len(hooks)
0
"""

from __future__ import annotations

import itertools
import weakref
from collections import OrderedDict
from typing import Any

from .dtype import C_NAMES

__all__ = ["RemovableHandle", "checked_result", "new_hooks"]


def checked_result(hook: Any, grad: Any, result: Any) -> Any:
    """A tensor hook's result, refused as PyTorch refuses it when it is not a tensor of the
    gradient's size and type (it would be used in the gradient's place)."""
    name = getattr(hook, "__name__", type(hook).__name__)
    if not (hasattr(result, "shape") and hasattr(result, "dtype")):
        raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")
    if result.dtype is not grad.dtype:
        was, got = (f"torch.{C_NAMES[t.dtype][0]}Tensor" for t in (grad, result))
        raise RuntimeError(f"hook '{name}' has changed the type of value (was {was} got {got})")
    if tuple(result.shape) != tuple(grad.shape):
        raise RuntimeError(f"hook '{name}' has changed the size of value")
    return result


def new_hooks() -> OrderedDict[int, Any]:
    """A fresh hook table: ordered (hooks run in the order registered), and weakly
    referenceable, so a handle does not keep a tensor's hooks alive (as PyTorch's)."""
    return OrderedDict()


class RemovableHandle:
    """``handle.remove()`` takes the hook away; ``with handle:`` removes it on leaving."""

    _ids = itertools.count()

    def __init__(self, hooks: OrderedDict[int, Any]) -> None:
        self.id = next(RemovableHandle._ids)
        self._hooks = weakref.ref(hooks)

    def remove(self) -> None:
        hooks = self._hooks()
        if hooks is not None:  # the tensor and its hooks may be gone already
            hooks.pop(self.id, None)

    def __enter__(self) -> RemovableHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()
