"""``torch.nn.parallel``: ``DataParallel`` and ``data_parallel``. With no GPU (PyTorch's case
on a CPU-only machine, and always here) they run the module as it is: the module under
``.module`` (so its state_dict keys start with ``module.``).

>>> import tinygrad_edu as torch
>>> net = torch.nn.DataParallel(torch.nn.Linear(2, 1))
>>> list(net.state_dict()), net.device_ids
(['module.weight', 'module.bias'], [])
"""

from __future__ import annotations

from typing import Any

from ..module import Module

__all__ = ["DataParallel", "data_parallel"]


class DataParallel(Module):
    """``module`` wrapped for multi-GPU data parallelism; on a CPU it simply runs it."""

    def __init__(self, module: Module, device_ids: Any = None, output_device: Any = None,
                 dim: int = 0) -> None:  # fmt: skip
        super().__init__()
        self.module = module
        self.device_ids: list[int] = []  # no CUDA device: PyTorch returns here as well

    def forward(self, *inputs: Any, **kwargs: Any) -> Any:
        return self.module(*inputs, **kwargs)


def data_parallel(module: Module, inputs: Any, device_ids: Any = None, output_device: Any = None,
                  dim: int = 0, module_kwargs: Any = None) -> Any:  # fmt: skip
    """The functional form: ``module(*inputs, **module_kwargs)`` on a CPU."""
    if not isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    return module(*inputs, **(module_kwargs or {}))
