"""The optimizer base, ``torch.optim.Optimizer``: parameter groups, state, ``zero_grad``.

Parameters are Values, or Tensors (each element Value is updated). Each subclass's ``step``
writes PyTorch's single-tensor formula, operation for operation in PyTorch's order and fused
where its CPU kernels fuse (``add_(x, alpha=a)``, ``lerp_``, ``addcmul_`` are one rounding
each: ``fmath.fma``), so a run matches ``torch.optim`` bit for bit in float64.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..dtype import float32
from ..engine import Value
from ..float32_libm import f32, fma32
from ..fmath import fma
from ..graph import ZERO
from ..tensor import Tensor

__all__ = ["FLOAT32", "FLOAT64", "Arithmetic", "Optimizer", "lerp", "zero_grad"]


def lerp(start: float, end: float, weight: float) -> float:
    """PyTorch's ``lerp`` kernel, fused as its CPU build computes it."""
    if abs(weight) < 0.5:
        return fma(weight, end - start, start)
    return fma(start - end, 1.0 - weight, end)


class Arithmetic:
    """The float math of one parameter's update: float64 (Python floats) or float32, where each
    kernel of PyTorch's step rounds once and a Python number is first cast to float32 (the
    ``alpha`` of ``add_``, the weight of ``lerp_``), as its CPU kernels take them."""

    def __init__(self, single: bool) -> None:
        self.single = single

    def r(self, x: float) -> float:
        """A kernel's result, rounded to the parameter's precision."""
        return f32(x) if self.single else x

    def fma(self, a: float, b: float, c: float) -> float:
        """``a * b + c`` with one rounding (``add_(x, alpha=a)``, ``addcmul_``)."""
        if self.single:
            return fma32(f32(a), f32(b), f32(c))
        return fma(a, b, c)

    def lerp(self, start: float, end: float, weight: float) -> float:
        """``start.lerp_(end, weight)``: PyTorch's lerp kernel, fused as its CPU build is."""
        if not self.single:
            return lerp(start, end, weight)
        w = f32(weight)
        if abs(w) < 0.5:
            return fma32(w, f32(end - start), start)
        return fma32(-f32(end - start), f32(1.0 - w), end)


FLOAT32, FLOAT64 = Arithmetic(True), Arithmetic(False)


def _check(params: Iterable[Any]) -> list[Any]:
    ps = list(params)
    for p in ps:
        if not isinstance(p, (Value, Tensor)):
            raise TypeError(
                f"optimizer can only optimize Tensors, but one of the params is {type(p).__name__}"
            )
    return ps


class Optimizer:
    """Holds ``param_groups`` (dicts of ``params`` and options) and per-parameter ``state``.

    ``params`` is an iterable of parameters, or of dicts ``{"params": [...], "lr": ...}`` whose
    options override ``defaults``, as in PyTorch.
    """

    def __init__(self, params: Iterable[Any], defaults: dict[str, Any]) -> None:
        if isinstance(params, (Value, Tensor)):
            raise TypeError(
                "params argument given to the optimizer should be an iterable of Tensors or "
                f"dicts, but got {type(params).__name__}"
            )
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        self.defaults = dict(defaults)
        self.param_groups: list[dict[str, Any]] = []
        self.state: dict[Any, dict[str, Any]] = {}
        for g in groups:
            self.add_param_group(g)

    def add_param_group(self, group: dict[str, Any]) -> None:
        ps = group["params"]
        g = {
            **self.defaults,
            **group,
            "params": _check([ps] if isinstance(ps, (Value, Tensor)) else ps),
        }
        seen = {id(p) for other in self.param_groups for p in other["params"]}
        if any(id(p) in seen for p in g["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(g)

    @property
    def params(self) -> list[Any]:
        return [p for g in self.param_groups for p in g["params"]]

    def scalars(self, group: dict[str, Any]) -> Iterator[tuple[Value, float]]:
        """Each scalar of ``group`` to update, with its grad; a Tensor without a grad is
        skipped (PyTorch skips it)."""
        for p in group["params"]:
            if isinstance(p, Value):
                yield p, p.grad
            elif p.grad is not None:
                single = p.dtype is float32
                for v, g in zip(p.elements(), [g.data for g in p.grad.elements()]):
                    yield v, g
                    if single:  # the step has written v: a float32 parameter holds a float32
                        v.data = f32(v.data)

    def steps(self, group: dict[str, Any]) -> Iterator[tuple[Value, float, Arithmetic]]:
        """As ``scalars``, with the arithmetic of each scalar's update (float32 for a float32
        parameter: each operation of PyTorch's step rounded to float32)."""
        for p in group["params"]:
            ar = FLOAT32 if isinstance(p, Tensor) and p.dtype is float32 else FLOAT64
            for v, g in self.scalars({"params": [p]}):
                yield v, g, ar

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Clear the grads: see ``zero_grad``."""
        zero_grad(self.params, set_to_none=set_to_none)

    def state_dict(self) -> dict[str, Any]:
        """PyTorch's layout: parameters by their index across the groups."""
        index = {id(p): i for i, p in enumerate(self.params)}
        groups = [
            {
                **{k: v for k, v in g.items() if k != "params"},
                "params": [index[id(p)] for p in g["params"]],
            }
            for g in self.param_groups
        ]
        return {
            "state": {index[id(p)]: dict(s) for p, s in self.state.items() if id(p) in index},
            "param_groups": groups,
        }

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        params = self.params
        for g, saved in zip(self.param_groups, state_dict["param_groups"]):
            g.update({k: v for k, v in saved.items() if k != "params"})
        self.state = {params[i]: dict(s) for i, s in state_dict["state"].items()}

    def step(self) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        lines = [f"{type(self).__name__} ("]
        for i, g in enumerate(self.param_groups):
            lines.append(f"Parameter Group {i}")
            lines += [f"    {k}: {v}" for k, v in sorted(g.items()) if k != "params"]
        return "\n".join([*lines, ")"])


def zero_grad(params: Iterable[Any], *, set_to_none: bool = True) -> None:
    """Clear the grads of ``params``, as ``optimizer.zero_grad()`` and ``module.zero_grad()`` do.

    A Value's grad becomes 0.0 (micrograd: a Value always has a number).  A Tensor's grad
    becomes None, PyTorch's default; with ``set_to_none=False`` it is zeroed in place instead.

    >>> from tinygrad_edu import tensor
    >>> w = tensor([1.0, 2.0], requires_grad=True)
    >>> (w * w).sum().backward()
    >>> zero_grad([w], set_to_none=False)
    >>> w.grad
    tensor([0., 0.])
    >>> zero_grad([w])
    >>> w.grad is None
    True
    """
    for p in params:
        if isinstance(p, Value):
            p.grad = ZERO  # as a Value starts: the next backward's first contribution replaces it
        elif set_to_none:
            p.grad = None
        elif p.grad is not None:
            p.grad.zero_()
