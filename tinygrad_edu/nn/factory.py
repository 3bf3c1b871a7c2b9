"""``nn.factory_kwargs``: the ``device``/``dtype``/``memory_format`` keywords a module's
``__init__(**kwargs)`` passes on to the factory functions, checked as PyTorch checks them.

>>> import tinygrad_edu as torch
>>> torch.nn.factory_kwargs({"dtype": torch.float64})
{'dtype': torch.float64}
"""

from __future__ import annotations

from typing import Any

__all__ = ["factory_kwargs"]

_SIMPLE = {"device", "dtype", "memory_format"}


def factory_kwargs(kwargs: dict[str, Any] | None) -> dict[str, Any]:
    """The canonical factory keywords of ``kwargs``: unknown keys are refused, and an explicit
    ``factory_kwargs`` entry may give one that clashes with the caller's own arguments."""
    if kwargs is None:
        return {}
    expected = _SIMPLE | {"factory_kwargs"}
    if not kwargs.keys() <= expected:
        raise TypeError(f"unexpected kwargs {kwargs.keys() - expected}")
    r = dict(kwargs.get("factory_kwargs", {}))
    for k in _SIMPLE:
        if k in kwargs:
            if k in r:
                raise TypeError(f"{k} specified twice, in **kwargs and in factory_kwargs")
            r[k] = kwargs[k]
    return r
