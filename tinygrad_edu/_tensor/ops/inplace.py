"""In-place ops: ``add_``, ``mul_``, ``sub_``, ``div_``, ``pow_``, ``clamp_``, ``zero_``,
``fill_``, ``+=``, and ``exp_``, ``sqrt_``... for each one-input op of the table, each bumping
the version counter that backward checks saved tensors against (``t[i] = v``: ``indexing.py``).

>>> import tinygrad_edu as torch
>>> w = torch.tensor([1.0, 2.0])
>>> w.add_(1), w._version
(tensor([2., 3.]), 1)

A write goes into the tensor's elements and into every tensor that shares its storage
(``detach()``, ``.data``, views made without a graph).  On a tensor that records a graph the
op is recorded too (``y.add_(1)`` makes ``y.grad_fn`` an ``AddBackward0``), as PyTorch does.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

from ..._torch_cpu import random as draws
from ..._torch_cpu import random_transforms as more_draws
from ...core.engine import apply
from ...core.grad_mode import STATE, is_inference_mode_enabled
from ...core.ops import OPS, Op
from .. import kernels
from ..arguments import operands
from ..dtype import C_NAMES, bool_, float32, int64
from ..tensor_graph import is_tensor, node_class, remember, result, watch
from ..tensor_messages import INFERENCE_INPLACE, LEAF_INPLACE, OVERLAP
from .writeback import check_view_of_leaf, write_data, written

__all__ = ["METHODS", "VersionCounter", "adopt", "write"]


class VersionCounter:
    """How many times a storage was written in place (``t._version``); views and
    ``detach()`` share their base's, ``.data`` gets its own (PyTorch's rules)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0


def _check_leaf(t: Any, message: str = LEAF_INPLACE) -> None:
    if t.is_inference() and not is_inference_mode_enabled():
        raise RuntimeError(INFERENCE_INPLACE)
    if STATE.enabled and t.is_leaf and t.requires_grad:
        raise RuntimeError(message)


def _binary_(key: str) -> Any:
    def method(self: Any, other: Any, *, alpha: float = 1) -> Any:
        return _inplace(self, key, other * alpha if alpha != 1 else other)

    method.__name__ = f"{key}_"
    return method


def _operator(key: str) -> Any:
    def method(self: Any, other: Any) -> Any:
        return _inplace(self, key, other)

    method.__name__ = f"__i{key}__"
    return method


def _inplace(t: Any, key: str, other: Any) -> Any:
    return adopt(t, lambda before: kernels.binary(key, before, other))


def adopt(t: Any, compute: Any, cast_name: str = "") -> Any:
    """t becomes ``compute(t as it was)``: the op's result is recorded into t (which then
    stands for it) when it has a graph, else written into t's storage."""
    _check_leaf(t)
    if any(st == 0 and n > 1 for st, n in zip(t.stride(), t.shape)):  # an expanded tensor
        raise RuntimeError(OVERLAP)
    # the version before the update, as its own tensor: the new node's input is not t
    # (a leaf that requires grad gets here only under no_grad, where nothing is recorded)
    before = type(t).from_values(t.flat, t.shape, t.dtype, t.grad_fn)
    out = compute(before)
    if out is NotImplemented:
        return NotImplemented
    if out.dtype is not t.dtype and not _can_cast(out.dtype, t.dtype):
        raise RuntimeError(
            f"result type {C_NAMES[out.dtype][0]} can't be cast to the desired output type "
            f"{cast_name or C_NAMES[t.dtype][0]}"
        )
    if out.grad_fn is not None:  # t now stands for the new result
        check_view_of_leaf(t)
        if t.backward_hooks and t.grad_fn is not None:
            # hooks registered so far get the gradient of the version they were registered on
            before.backward_hooks, t.backward_hooks = t.backward_hooks, None
            watch(before)
        t.flat, t.grad_fn = out.flat, out.grad_fn
        remember(t)
        written(t)
        t.version_counter.value += 1
        return t
    return _write(t, [v.data for v in out.flat], out.shape)


def _can_cast(src: Any, dst: Any) -> bool:
    # PyTorch's canCast: never a float into an integer, never anything else into a bool
    if src.is_floating_point and not dst.is_floating_point:
        return False
    return dst is not bool_ or src is bool_


def _unary_(key: str) -> Any:
    def method(self: Any, *params: Any) -> Any:
        return adopt(self, lambda before: kernels.unary(key, before, *params))

    method.__name__ = f"{OPS[key].method_name}_"
    return method


def pow_(t: Any, exponent: Any) -> Any:
    return _inplace(t, "powt" if is_tensor(exponent) else "pow", exponent)


def clamp_(t: Any, min: Any = None, max: Any = None) -> Any:
    """``t.clamp_(min, max)``: with a graph, ``clamp``'s own node (ClampBackward1)."""
    operands("clamp_", (), {k: v for k, v in (("min", min), ("max", max)) if v is not None})
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if not t.dtype.is_floating_point and any(isinstance(b, float) for b in (min, max)):
        raise RuntimeError("result type Float can't be cast to the desired output type long int")
    if STATE.enabled and t.requires_grad:
        return adopt(t, lambda before: before.clamp(min, max))

    def bound(x: float) -> float:  # as PyTorch: nan stays nan, min above max gives max
        if x != x:
            return x
        x = x if min is None or x >= min else float(min)
        return x if max is None or x <= max else float(max)

    _check_leaf(t)
    return _write(t, [bound(v.data) for v in t.flat], t.shape)


def _write(t: Any, data: list[float], shape: Any) -> Any:
    _check_leaf(t)
    check_view_of_leaf(t)
    if shape != t.shape:
        raise RuntimeError(
            f"output with shape {list(t.shape)} doesn't match the broadcast shape {list(shape)}"
        )
    if t.dtype is int64:
        data = [float(int(d)) if math.isfinite(d) else d for d in data]
    elif t.dtype is float32 and kernels.float32_arithmetic():  # the numbers it can hold
        data = kernels.rounded(data)
    _write_at(t, 0, data)
    return t


def _write_at(t: Any, offset: int, data: list[float]) -> None:
    write_data(t, list(range(offset, offset + len(data))), data)
    t.version_counter.value += 1


# zero_ and fill_ on a tensor that records a graph: every element the number, its grad 0
_FILLS = {
    name: Op(key="fill", name=name, forward=lambda x, c: c, local=lambda x, c, out: (0.0,),
             expr="fill({0}, {1})", dlocal=("0",), params=(("value", 0.0),), method=None,
             micrograd="", masked=True)
    for name in ("ZeroBackward0", "FillBackward2", "FillBackward3", "NormalBackward0",
                 "UniformBackward0", "ExponentialBackward0", "CauchyBackward0",
                 "LogNormalBackward0", "GeometricBackward0", "RandomBackward0", "RandomBackward1",
                 "RandomBackward2", "BernoulliBackward1", "BernoulliBackward2")
}  # fmt: skip
for _op in _FILLS.values():
    node_class(_op.name)


def _filled(t: Any, value: Any, name: str) -> Any:
    x = float(value.item() if is_tensor(value) else value)
    if t.dtype is float32 and kernels.float32_arithmetic():
        x = kernels.rounded([x])[0]
    if STATE.enabled and t.requires_grad:
        op = _FILLS[name]
        return adopt(t, lambda before: result([apply(op, (v, x)) for v in before.flat], t.shape,
                                              t.dtype, node_class(name), (before,)))  # fmt: skip
    return _write(t, [x] * len(t.flat), t.shape)


def zero_(t: Any) -> Any:
    return _filled(t, 0.0, "ZeroBackward0")


def fill_(t: Any, value: Any) -> Any:
    operands("fill_", (value,))
    return _filled(t, value, "FillBackward3" if is_tensor(value) else "FillBackward2")


def write(t: Any, data: list[float]) -> Any:
    """Write ``data`` (row-major, one number per element) into t in place, as an in-place op
    does (through the views that share its storage, the version bumped): what ``nn.init`` and
    the in-place random fills use."""
    return _write(t, data, t.shape)


_C_BY_NAME = {d.name: names for d, names in C_NAMES.items()}


def _positive(v: float, fn: str, name: str) -> float:
    if not v > 0.0:
        raise RuntimeError(f"{fn} expects {name} > 0.0, but found {name}={v:g}")
    return v


def _continuous(dt: str, what: str, c_name: int = 1) -> str:
    if dt not in ("float32", "float64"):
        c = _C_BY_NAME[dt][c_name]
        raise RuntimeError(
            f"{what} distribution is a continuous probability distribution. dtype must be a "
            f"floating point but you specified {c}"
        )
    return dt


def _floating(dt: str, kernel: str, ints: bool = False) -> str:
    if dt in ("float32", "float64") or (ints and dt not in ("bool", "float16", "bfloat16")):
        return dt
    raise NotImplementedError(f"\"{kernel}\" not implemented for '{_C_BY_NAME[dt][0]}'")


def _probability(p: tuple[float, ...]) -> float:
    if not p:
        raise TypeError('geometric_() missing 1 required positional arguments: "p"')
    if not 0.0 < p[0] < 1.0:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p[0]:g}")
    return p[0]


def _fill(draw: Any, names: tuple[str, ...], node: Any = None) -> Any:
    """A random fill ``t.f_(...)``: ``names`` are PyTorch's keywords for the draw's parameters,
    in order (``normal_(mean=, std=)``); ``node`` its node's name on a tensor that records a
    graph (each element then the number drawn, its gradient 0), or a function of the numbers
    given to it (``random_``'s three overloads have three names)."""
    defaults = [p.default for p in inspect.signature(draw).parameters.values()][3:]

    def method(self: Any, *args: Any, generator: Any = None, **kwargs: Any) -> Any:
        unknown = set(kwargs) - set(names[len(args) :])
        if unknown:
            raise TypeError(f"got an unexpected keyword argument '{sorted(unknown)[0]}'")
        given = list(args)
        for k, name in enumerate(names[len(args) :], len(args)):
            if not kwargs:
                break
            default = defaults[k] if k < len(defaults) else inspect.Parameter.empty
            if name not in kwargs and default is inspect.Parameter.empty:
                break
            given.append(kwargs.pop(name, default))  # a keyword skipped: its default
        _check_leaf(self)  # before any number is drawn, as PyTorch checks
        data = draw(generator, len(self.flat), self.dtype.name, *given)
        name = node(len(given)) if callable(node) else node
        if name is None or not (STATE.enabled and self.requires_grad):
            return _write(self, data, self.shape)
        op = _FILLS[name]
        if self.dtype is float32 and kernels.float32_arithmetic():
            data = kernels.rounded(data)
        return adopt(self, lambda before: result(
            [apply(op, (v, x)) for v, x in zip(before.flat, data)], self.shape, self.dtype,
            node_class(name), (before,)))  # fmt: skip

    return method


METHODS: dict[str, Any] = {
    "uniform_": _fill(
        lambda g, n, dt, a=0.0, b=1.0: draws.uniform(g, n, a, b, dt),
        ("from", "to"),
        "UniformBackward0",
    ),
    "normal_": _fill(
        lambda g, n, dt, m=0.0, s=1.0: draws.normal(g, n, m, s, dt),
        ("mean", "std"),
        "NormalBackward0",
    ),
    "exponential_": _fill(
        lambda g, n, dt, lambd=1.0: draws.exponential(
            g, n, lambd, _continuous(dt, "Exponential", 0)
        ),
        ("lambd",),
        "ExponentialBackward0",
    ),
    "cauchy_": _fill(
        lambda g, n, dt, median=0.0, sigma=1.0: more_draws.cauchy(
            g, n, median, _positive(sigma, "cauchy_", "sigma"), _continuous(dt, "Cauchy")
        ),
        ("median", "sigma"),
        "CauchyBackward0",
    ),
    "log_normal_": _fill(
        lambda g, n, dt, mean=1.0, std=2.0: more_draws.log_normal(
            g, n, mean, _positive(std, "log_normal_", "std"), _floating(dt, "log_normal_cpu")
        ),
        ("mean", "std"),
        "LogNormalBackward0",
    ),
    "geometric_": _fill(
        lambda g, n, dt, *p: more_draws.geometric(
            g, n, _probability(p), _floating(dt, "geometric_cpu", ints=True)
        ),
        ("p",),
        "GeometricBackward0",
    ),
    "bernoulli_": _fill(
        lambda g, n, dt, p=0.5: [float(b) for b in draws.bernoulli(g, n, p, dt)],
        ("p",),
        "BernoulliBackward2",
    ),
    "random_": _fill(
        lambda g, n, dt, low=None, high=None: [
            float(v)
            for v in (
                draws.random_(g, n, dt)
                if low is None
                else draws.randint(g, n, 0, low)
                if high is None
                else draws.randint(g, n, low, high)
            )
        ],
        ("from", "to"),
        lambda given: ("RandomBackward2", "RandomBackward1", "RandomBackward0")[given],
    ),
    "add_": _binary_("add"),
    "sub_": _binary_("sub"),
    "mul_": lambda self, other: _inplace(self, "mul", other),
    "div_": lambda self, other: _inplace(self, "div", other),
    "__iadd__": _operator("add"),
    "__isub__": _operator("sub"),
    "__imul__": _operator("mul"),
    "__itruediv__": _operator("div"),
    "zero_": zero_,
    "fill_": fill_,
    "pow_": pow_,
    "__ipow__": pow_,
    "clamp_": clamp_,
    "clip_": clamp_,
    "clamp_min_": _unary_("clamp_min"),
    "clamp_max_": _unary_("clamp_max"),
    **{
        f"{op.method_name}_": _unary_(op.key)
        for op in OPS.values()
        if op.slots == 1 and not op.params and op.method_name and "Tensor" in op.where
    },
}
