"""Names around a tensor's place in the graph and a few global switches: ``Tensor.detach_``,
``Tensor.register_post_accumulate_grad_hook``, the deprecated ``Tensor.resize``/``resize_as``
(``ResizeBackward``), ``Tensor.module_load``, ``torch.asarray``, ``torch.fill``,
``torch.set_warn_always``/``is_warn_always_enabled``, ``torch.get/set_float32_matmul_precision``.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0], requires_grad=True)
>>> y = (x * 2).detach_()
>>> y.requires_grad, y.is_leaf
(False, True)
"""

from __future__ import annotations

import warnings
from typing import Any

from ._more_ops import named
from ._tensor.dtype import C_NAMES
from ._tensor.function import Function
from ._tensor.hooks import RemovableHandle, new_hooks
from ._tensor.ops.inplace import fill_
from ._tensor.tensor import Tensor, tensor
from ._tensor.tensor_graph import is_tensor
from .core.engine import Value
from .core.grad_mode import no_grad

__all__ = ["FUNCTIONS", "METHODS"]

DETACH_VIEW = (
    "Can't detach views in-place. Use detach() instead. If you are using "
    "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, "
    "gradients are views of DDP buckets, and hence detach_() cannot be called on these "
    "gradients. To fix this error, please refer to the Optimizer.zero_grad() function in "
    "torch/optim/optimizer.py as the solution."
)


def detach_(self: Tensor) -> Tensor:
    """Cut this tensor off its graph in place: it becomes a leaf that does not require grad
    (a view refuses, as PyTorch's)."""
    if self.view_of is not None:
        raise RuntimeError(DETACH_VIEW)
    if self.grad_fn is not None:
        self.flat = [Value(v.data, requires_grad=False) for v in self.flat]
        self.grad_fn = None
    self.requires_grad_(False)
    return self


def register_post_accumulate_grad_hook(self: Tensor, hook: Any) -> RemovableHandle:
    """Call ``hook(tensor)`` after each backward pass has added into this leaf's ``.grad``."""
    if not self.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self.grad_fn is not None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
    hooks = self.__dict__.get("post_accumulate_grad_hooks")
    if hooks is None:
        hooks = self.__dict__["post_accumulate_grad_hooks"] = new_hooks()
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    return handle


class Resize(Function):
    """PyTorch's ``torch.autograd._functions.Resize``: the same elements in a new shape of as
    many, its gradient reshaped back (``ResizeBackward``)."""

    @staticmethod
    def forward(ctx: Any, t: Any, sizes: tuple[int, ...]) -> Any:
        n = 1
        for s in sizes:
            n *= s
        if n != t.numel():
            wanted = "x".join(str(s) for s in sizes)
            have = "x".join(str(s) for s in t.shape)
            raise RuntimeError(
                f"requested resize to {wanted} ({n} elements in total), but the given tensor "
                f"has a size of {have} ({t.numel()} elements). autograd's resize can only "
                "change the shape of a given tensor, while preserving the number of elements. "
            )
        ctx.input_sizes = tuple(t.shape)
        return t.contiguous().view(*sizes).clone()

    @staticmethod
    def backward(ctx: Any, grad: Any) -> Any:
        return grad.contiguous().view(*ctx.input_sizes), None


def resize(self: Tensor, *sizes: Any) -> Tensor:
    warnings.warn("non-inplace resize is deprecated", UserWarning, stacklevel=2)
    shape = tuple(sizes[0]) if len(sizes) == 1 and not isinstance(sizes[0], int) else sizes
    return Resize.apply(self, tuple(shape))


def resize_as(self: Tensor, other: Tensor) -> Tensor:
    warnings.warn("non-inplace resize_as is deprecated", UserWarning, stacklevel=2)
    return Resize.apply(self, tuple(other.shape))


def module_load(self: Tensor, other: Tensor, assign: bool = False) -> Tensor:
    """How ``load_state_dict`` turns ``other`` into this parameter's new value, as PyTorch's
    default: ``other.detach()`` when assigning, else ``self.copy_(other).detach()``."""
    return other.detach() if assign else self.copy_(other).detach()


_ASARRAY_GRAD = (
    "torch.asarray: unspecified requires_grad now defaults to obj.requires_grad instead of "
    "False. Pass requires_grad=False explicitly to get the old behavior and silence this "
    "warning."
)


def asarray(obj: Any, *, dtype: Any = None, device: Any = None, copy: bool | None = None,
            requires_grad: bool | None = None) -> Tensor:  # fmt: skip
    """``obj`` as a tensor: a tensor itself when nothing has to change (no copy, same dtype),
    else a new one; numbers and nested lists as ``torch.tensor``."""
    if is_tensor(obj):
        same = dtype is None or dtype is obj.dtype
        if copy is False and not same:
            raise ValueError(
                f"can't alias tensor with dtype '{C_NAMES[obj.dtype][0]}' into dtype "
                f"'{C_NAMES[dtype][0]}'."
            )
        if requires_grad is None:
            if obj.requires_grad:
                warnings.warn(_ASARRAY_GRAD, UserWarning, stacklevel=2)
            requires_grad = obj.requires_grad
        if same and not copy:
            return obj if requires_grad == obj.requires_grad else obj.detach()
        with no_grad():
            out = obj.to(dtype) if dtype is not None else obj
            out = out.clone() if out is obj or copy else out
        return out.requires_grad_(bool(requires_grad))
    return tensor(obj, dtype=dtype, device=device, requires_grad=bool(requires_grad))


def fill(input: Tensor, value: Any) -> Tensor:
    """A new tensor like ``input`` with every element ``value``; on a graph its node is
    ``FillBackward0`` (``FillBackward1`` for a 0-d tensor value) and the input's gradient 0."""
    if not input.requires_grad:
        return fill_(input.clone(), value)
    out = fill_(input.clone(), value)  # the in-place fill's node, each element's slope 0
    return named("FillBackward1" if is_tensor(value) else "FillBackward0", out, (input,))


_STATE: dict[str, Any] = {"warn_always": False, "matmul_precision": "highest"}


def set_warn_always(b: bool) -> None:
    """``torch.set_warn_always``: PyTorch's warn-once warnings every time (a flag here)."""
    _STATE["warn_always"] = bool(b)


def is_warn_always_enabled() -> bool:
    return bool(_STATE["warn_always"])


def get_float32_matmul_precision() -> str:
    """``"highest"``: float32 matmuls here are always computed in float32."""
    return str(_STATE["matmul_precision"])


def set_float32_matmul_precision(precision: str) -> None:
    """Recorded and reported back; the CPU computes float32 matmuls in float32 whatever it
    says, as PyTorch's CPU does."""
    if precision not in ("highest", "high", "medium"):
        warnings.warn(
            f"{precision} is not one of 'highest', 'high', or 'medium'; the current"
            "setFloat32MatmulPrecision call has no effect.",
            UserWarning,
            stacklevel=2,
        )
        return
    _STATE["matmul_precision"] = precision


FUNCTIONS: dict[str, Any] = {
    "asarray": asarray,
    "fill": fill,
    "set_warn_always": set_warn_always,
    "is_warn_always_enabled": is_warn_always_enabled,
    "get_float32_matmul_precision": get_float32_matmul_precision,
    "set_float32_matmul_precision": set_float32_matmul_precision,
    "detach_": detach_,
}
METHODS: dict[str, Any] = {
    "detach_": detach_,
    "register_post_accumulate_grad_hook": register_post_accumulate_grad_hook,
    "resize": resize,
    "resize_as": resize_as,
    "module_load": module_load,
}
