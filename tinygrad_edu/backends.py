"""``torch.backends``: the flags tutorials set before training (``cudnn.deterministic``,
``cudnn.benchmark``) and the checks they make (``mps.is_available()``), as PyTorch's CPU-only
build answers them: no accelerator is available, and a flag set is only remembered.

>>> import tinygrad_edu as torch
>>> torch.backends.cudnn.deterministic = True
>>> torch.backends.mps.is_available(), torch.backends.cudnn.is_available()
(False, False)
"""

from __future__ import annotations

from typing import Any

__all__ = ["cpu", "cuda", "cudnn", "mkldnn", "mps", "opt_einsum"]


class _Backend:
    """A backend's flags (attributes anyone may set) and its ``is_available()``."""

    def __init__(self, name: str, available: bool = False, **flags: Any) -> None:
        self.__name__ = f"torch.backends.{name}"
        self._available = available
        self.__dict__.update(flags)

    def is_available(self) -> bool:
        return self._available

    def is_built(self) -> bool:
        return self._available

    def __repr__(self) -> str:
        return f"<module '{self.__name__}'>"


cudnn = _Backend("cudnn", enabled=True, deterministic=False, benchmark=False, allow_tf32=True)
mps = _Backend("mps")
cuda = _Backend("cuda", matmul=_Backend("cuda.matmul", allow_tf32=False))
mkldnn = _Backend("mkldnn", available=True, enabled=True)
opt_einsum = _Backend("opt_einsum", enabled=False, strategy=None)
cpu = _Backend("cpu", available=True)
cpu.get_cpu_capability = lambda: "DEFAULT"  # type: ignore[attr-defined]
