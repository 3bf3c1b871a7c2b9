"""``torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook)`` and its kin: every
tensor an op saves for backward while the hooks are on goes through ``pack_hook`` when the op
runs, and what it returned through ``unpack_hook`` when backward (or ``grad_fn._saved_self``)
reads it, in PyTorch's order: an op's saved tensors in the order PyTorch saves them, and at
backward the nodes in the order the pass runs them.

The pass here computes with the numbers it kept: the hooks see every saved tensor (to print,
count, move or write it to disk), and a pair that is not each other's inverse does not change
the gradient as it would in PyTorch (``unpack_hook``'s result is what ``_saved_*`` gives).

>>> import tinygrad_edu as torch
>>> a = torch.ones(2, requires_grad=True)
>>> with torch.autograd.graph.saved_tensors_hooks(lambda t: print("pack", t) or t, lambda t: t):
...     y = a.exp()
pack tensor([2.7183, 2.7183], grad_fn=<ExpBackward0>)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..core.grad_mode import no_grad

__all__ = [
    "disable_saved_tensors_hooks",
    "pack",
    "save_on_cpu",
    "saved_tensors_hooks",
    "top",
]

Hooks = tuple[Callable[[Any], Any], Callable[[Any], Any]]


class _State(threading.local):  # PyTorch's default hooks are per thread
    def __init__(self) -> None:
        self.stack: list[Hooks] = []
        self.disabled: str | None = None


_STATE = _State()


def top() -> Hooks | None:
    """The innermost hooks in force, or None."""
    return _STATE.stack[-1] if _STATE.stack else None


def pack(tensors: list[Any]) -> list[tuple[Any, Any]]:
    """Each tensor through the innermost ``pack_hook``: (what it returned, an unpacker)."""
    hooks = top()
    if hooks is None:
        return []
    pack_hook, unpack_hook = hooks
    return [(pack_hook(t), _unpacker(unpack_hook, t)) for t in tensors]


def _unpacker(unpack_hook: Callable[[Any], Any], saved: Any) -> Callable[[Any], Any]:
    """``unpack_hook`` with PyTorch's finish: its result (computed with grad mode off) takes
    the saved tensor's place in the graph (its grad_fn, or its requires_grad as a leaf)."""
    fn, leaf_grad = saved.grad_fn, saved.grad_fn is None and saved.requires_grad

    def unpack(packed: Any) -> Any:
        with no_grad():
            t = unpack_hook(packed)
        if fn is not None:
            return type(t).from_values(t.flat, t.shape, t.dtype, fn)
        return t.requires_grad_(True) if leaf_grad and not t.requires_grad else t

    return unpack


class saved_tensors_hooks:  # noqa: N801 - PyTorch's name
    """A context in which the tensors ops save for backward go through the two hooks."""

    def __init__(self, pack_hook: Callable[[Any], Any], unpack_hook: Callable[[Any], Any]) -> None:
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self) -> saved_tensors_hooks:
        if _STATE.disabled is not None:
            raise RuntimeError(_STATE.disabled)
        _STATE.stack.append((self.pack_hook, self.unpack_hook))
        return self

    def __exit__(self, *exc: object) -> None:
        _STATE.stack.pop()


class save_on_cpu(saved_tensors_hooks):  # noqa: N801 - PyTorch's name
    """Saved tensors kept as CPU copies (every tensor is on the CPU here: a copy each)."""

    def __init__(self, pin_memory: bool = False, device_type: str = "cuda") -> None:
        def pack_to_cpu(t: Any) -> Any:
            return (t.device, t.detach().clone())

        def unpack_from_cpu(packed: Any) -> Any:
            device, t = packed
            return t.to(device)

        super().__init__(pack_to_cpu, unpack_from_cpu)


class disable_saved_tensors_hooks:  # noqa: N801 - PyTorch's name
    """A context in which entering ``saved_tensors_hooks`` raises ``error_message``."""

    def __init__(self, error_message: str) -> None:
        self.error_message = error_message

    def __enter__(self) -> disable_saved_tensors_hooks:
        self.before, _STATE.disabled = _STATE.disabled, self.error_message
        return self

    def __exit__(self, *exc: object) -> None:
        _STATE.disabled = self.before
