"""``torch.t_copy``, ``transpose_copy``, ``view_copy``, ... : a view op's result as a tensor of
its own (contiguous, no storage shared), under PyTorch's node name for it (the view's
backward name with ``_copy``: ``TBackward0_copy``).

>>> import tinygrad_edu as torch
>>> torch.t_copy(torch.ones(2, 3, requires_grad=True)).grad_fn.name()
'TBackward0_copy'
"""

from __future__ import annotations

from typing import Any

from ._more_ops import named

__all__ = ["FUNCTIONS"]

# the torch function, the Tensor method it copies, and the view's backward node
_COPIES = {
    "alias_copy": ("view_as", "AliasBackward0"),
    "diagonal_copy": ("diagonal", "DiagonalBackward0"),
    "expand_copy": ("expand", "ExpandBackward0"),
    "permute_copy": ("permute", "PermuteBackward0"),
    "select_copy": ("select", "SelectBackward0"),
    "slice_copy": ("_slice", "SliceBackward0"),
    "split_copy": ("split", "SplitBackward0"),
    "split_with_sizes_copy": ("split", "SplitWithSizesBackward0"),
    "squeeze_copy": ("squeeze", "SqueezeBackward0"),
    "t_copy": ("t", "TBackward0"),
    "transpose_copy": ("transpose", "TransposeBackward0"),
    "unbind_copy": ("unbind", "UnbindBackward0"),
    "unfold_copy": ("unfold", "UnfoldBackward0"),
    "unsqueeze_copy": ("unsqueeze", "UnsqueezeBackward0"),
    "view_copy": ("view", "ViewBackward0"),
}


def _own(t: Any, name: str, input: Any) -> Any:
    c = t.contiguous()
    if c is t or c.data_ptr() == input.data_ptr():
        c = t.clone()
    return named(f"{name}_copy", c, (input,))


def _slice(t: Any, dim: int = 0, start: Any = None, end: Any = None, step: int = 1) -> Any:
    index = [slice(None)] * t.dim()
    index[dim] = slice(start, end, step)
    return t[tuple(index)]


def _copy(key: str, method: str, node: str) -> Any:
    def fn(input: Any, *args: Any, **kwargs: Any) -> Any:
        if method == "view_as":
            r = input.view(input.shape)
        elif method == "_slice":
            r = _slice(input, *args, **kwargs)
        else:
            r = getattr(input, method)(*args, **kwargs)
        if isinstance(r, (tuple, list)):
            return tuple(_own(t, node, input) for t in r)
        return _own(r, node, input)

    fn.__name__ = key
    fn.__doc__ = f"``{method}`` as a tensor of its own (``{node}_copy``)."
    return fn


FUNCTIONS: dict[str, Any] = {key: _copy(key, m, n) for key, (m, n) in _COPIES.items()}
