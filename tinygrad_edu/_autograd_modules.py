"""``torch.autograd``'s submodules that programs import by name: ``torch.autograd.graph``
(``Node``, ``saved_tensors_hooks``, ``save_on_cpu``, ``disable_saved_tensors_hooks``,
``register_multi_grad_hook``, ``increment_version``, ``get_gradient_edge``), and the homes
PyTorch gives its classes: ``torch.autograd.function`` (``Function``, ``FunctionCtx``,
``once_differentiable``), ``grad_mode``, ``anomaly_mode``, ``variable``; with
``torch.autograd.is_tensor_like``.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.autograd.function import Function
>>> y = torch.tensor([1.0], requires_grad=True) * 2
>>> Function is torch.autograd.Function, isinstance(y.grad_fn, torch.autograd.graph.Node)
(True, True)
"""

from __future__ import annotations

import abc
import functools
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from . import autograd
from ._removed_names import AUTOGRAD as AUTOGRAD_SWITCHES
from ._tensor.function import BackwardCFunction, Function, FunctionCtx
from ._tensor.hooks import RemovableHandle, new_hooks
from ._tensor.saved_hooks import disable_saved_tensors_hooks, save_on_cpu, saved_tensors_hooks
from ._tensor.tensor_graph import TensorNode, is_tensor
from .core import graph as core_graph
from .core.anomaly_mode import detect_anomaly, set_detect_anomaly
from .core.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled

__all__ = ["Node", "install", "is_tensor_like", "once_differentiable"]


class Node(abc.ABC):  # noqa: B024 - PyTorch's abstract class has no abstract method to give
    """What every ``grad_fn`` is an instance of: ``isinstance(y.grad_fn, Node)``."""

    def name(self) -> str:
        return type(self).__name__


for _cls in (TensorNode, core_graph.AccumulateGrad, core_graph.Node):
    Node.register(_cls)


def is_tensor_like(inp: Any) -> bool:
    """Whether ``inp`` is a tensor (PyTorch also counts objects with ``__torch_function__``)."""
    return is_tensor(inp) or hasattr(type(inp), "__torch_function__")


def once_differentiable(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A Function's backward that is not differentiated again: it runs with grad mode off."""

    @functools.wraps(fn)
    def wrapper(ctx: Any, *args: Any) -> Any:
        with no_grad():
            return fn(ctx, *args)

    return wrapper


def register_multi_grad_hook(tensors: Sequence[Any], fn: Callable[..., Any], *,
                             mode: str = "all") -> RemovableHandle:  # fmt: skip
    """``fn(grads)`` once every tensor's gradient of a backward pass is computed (``"all"``:
    a list, in the order of ``tensors``), or ``fn(grad)`` at the first (``"any"``)."""
    if mode not in ("all", "any"):
        raise ValueError(f"Expects mode to be one of ('all', 'any') but got {mode}")
    tensors = list(tensors)
    hooks = new_hooks()
    handle = RemovableHandle(hooks)
    got: dict[int, Any] = {}

    def one(k: int) -> Callable[[Any], None]:
        def hook(g: Any) -> None:
            if handle.id not in hooks:
                return
            if mode == "any":
                if not got:
                    got[k] = g
                    fn(g)
                return
            got[k] = g
            if len(got) == len(tensors):
                grads = [got.get(j) for j in range(len(tensors))]
                got.clear()
                fn(grads)

        return hook

    hooks[handle.id] = fn
    inner = [t.register_hook(one(k)) for k, t in enumerate(tensors)]

    class _Handle(RemovableHandle):
        def remove(self) -> None:
            super().remove()
            for h in inner:
                h.remove()

    out = _Handle(hooks)
    out.id = handle.id
    return out


def increment_version(tensor: Any) -> None:
    """Count ``tensor`` as modified in place (what backward's saved-tensor check reads)."""
    tensor.version_counter.value += 1


def get_gradient_edge(tensor: Any) -> Any:
    """The node a consumer of ``tensor`` points its gradient to (its grad_fn, or a leaf's
    ``AccumulateGrad``), and the output number (0)."""
    return (tensor.gradient_edge(), 0)


def _module(name: str, doc: str, **names: Any) -> ModuleType:
    m = ModuleType(f"tinygrad_edu.autograd.{name}", doc)
    for key, value in names.items():
        setattr(m, key, value)
    m.__all__ = sorted(names)  # type: ignore[attr-defined]
    return m


def install() -> None:
    """Give ``tinygrad_edu.autograd`` these submodules (importable by name) and names."""
    made = {
        "graph": _module(
            "graph",
            "torch.autograd.graph: the graph's nodes and the saved-tensor hooks.",
            Node=Node,
            saved_tensors_hooks=saved_tensors_hooks,
            save_on_cpu=save_on_cpu,
            disable_saved_tensors_hooks=disable_saved_tensors_hooks,
            register_multi_grad_hook=register_multi_grad_hook,
            increment_version=increment_version,
            get_gradient_edge=get_gradient_edge,
        ),
        "function": _module(
            "function",
            "torch.autograd.function: your own differentiable ops.",
            Function=Function,
            FunctionCtx=FunctionCtx,
            BackwardCFunction=BackwardCFunction,
            once_differentiable=once_differentiable,
        ),
        "grad_mode": _module(
            "grad_mode",
            "torch.autograd.grad_mode: turning the recording of graphs off and on.",
            no_grad=no_grad,
            enable_grad=enable_grad,
            set_grad_enabled=set_grad_enabled,
            inference_mode=inference_mode,
        ),
        "anomaly_mode": _module(
            "anomaly_mode",
            "torch.autograd.anomaly_mode: where a nan of backward was made.",
            detect_anomaly=detect_anomaly,
            set_detect_anomaly=set_detect_anomaly,
        ),
        "variable": _module(
            "variable", "torch.autograd.variable: the old Variable.", Variable=autograd.Variable
        ),
    }
    for name, module in made.items():
        setattr(autograd, name, module)
        sys.modules[module.__name__] = module
    autograd.is_tensor_like = is_tensor_like  # type: ignore[attr-defined]
    for key, value in AUTOGRAD_SWITCHES.items():  # is_multithreading_enabled, ...
        setattr(autograd, key, value)
