"""``torch.device`` and ``torch.cuda``: everything here runs on the CPU, as PyTorch's names say.

>>> import tinygrad_edu as torch
>>> torch.device("cuda" if torch.cuda.is_available() else "cpu")
device(type='cpu')
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

__all__ = [
    "CPU",
    "DEVICE_TYPES",
    "check_device",
    "cuda",
    "device",
    "get_default_device",
    "set_default_device",
]


# the device types PyTorch's device strings may name (c10/core/Device.cpp), in its order
DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                "privateuseone")  # fmt: skip


class device:  # noqa: N801 - PyTorch's name
    """A device: only ``"cpu"`` runs here; another type is refused as PyTorch refuses one it
    was not built with."""

    def __init__(self, type: Any = "cpu", index: int | None = None) -> None:
        name = type.type if isinstance(type, device) else str(type)
        kind, _, num = name.partition(":")
        if kind != "cpu":
            raise RuntimeError(f"tinygrad_edu runs on the CPU only, not on {name!r}")
        self.type, self.index = kind, (int(num) if num else index)

    def __repr__(self) -> str:
        return (
            f"device(type='{self.type}')"
            if self.index is None
            else (f"device(type='{self.type}', index={self.index})")
        )

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self) -> int:
        return hash((self.type, self.index))


CPU = device("cpu")
cuda = SimpleNamespace(is_available=lambda: False, device_count=lambda: 0)


def check_device(where: Any) -> None:
    """A factory's ``device=``: None, ``"cpu"`` or a CPU ``device``; another is refused."""
    if where is not None and not (isinstance(where, device) and where.type == "cpu"):
        device(where)


class _Default:
    device = CPU


_DEFAULT = _Default()


def set_default_device(where: Any) -> None:
    """``torch.set_default_device("cpu")``: the CPU is the only device, so nothing changes."""
    _DEFAULT.device = CPU if where is None else device(where)


def get_default_device() -> device:
    """The device factories make tensors on: the CPU."""
    return _DEFAULT.device
