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

__all__ = ["RemovableHandle", "new_hooks"]


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
