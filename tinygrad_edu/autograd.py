"""``torch.autograd``: ``backward``, ``grad``, ``gradcheck`` for tensors, and anomaly mode.

>>> import tinygrad_edu as torch
>>> x = torch.tensor(2.0, requires_grad=True)
>>> torch.autograd.grad(x**3, x)
(tensor(12.),)
>>> w = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
>>> torch.autograd.gradcheck(lambda t: (t * t).sum(), (w,))
True

The pass itself is ``tensor_pass.py``'s; ``Tensor.backward`` forwards here, as
``torch.Tensor.backward`` forwards to ``torch.autograd.backward``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from . import tensor_pass
from .anomaly_mode import detect_anomaly, set_detect_anomaly
from .dtype import float32, float64, round_float32
from .engine import Value, apply
from .grad_mode import no_grad, set_grad_enabled
from .gradcheck import GradcheckError
from .gradcheck import gradcheck as scalar_gradcheck
from .gradients import grad as engine_grad
from .kernels import float32_arithmetic, rounded
from .messages import NO_GRAD
from .ops import OPS
from .tensor_graph import check_versions, double_backward_name, is_tensor, lift, renamed

__all__ = [
    "GradcheckError",
    "Variable",
    "backward",
    "detect_anomaly",
    "grad",
    "gradcheck",
    "set_detect_anomaly",
]

# two-input elementwise nodes: a 0-d input of theirs was broadcast, so its gradient is a sum
_ELEMENTWISE = frozenset(op.name for op in OPS.values() if op.slots == 2)


def backward(
    tensors: Any,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    inputs: Any = None,
) -> None:
    """``torch.autograd.backward``: ``t.backward()`` for several roots at once."""
    if inputs is not None:
        raise NotImplementedError("backward(inputs=...) is not supported")
    roots = [tensors] if is_tensor(tensors) else list(tensors)
    if grad_tensors is None or is_tensor(grad_tensors) or isinstance(grad_tensors, (int, float)):
        grads = [grad_tensors] * len(roots) if grad_tensors is None else [grad_tensors]
    else:
        grads = list(grad_tensors)
    tensor_pass.backward(roots, grads, retain_graph=bool(retain_graph or create_graph),
                         create_graph=create_graph)  # fmt: skip


def grad(
    outputs: Any,
    inputs: Any,
    grad_outputs: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    allow_unused: bool | None = None,
    materialize_grads: bool = False,
) -> tuple[Any, ...]:
    """``torch.autograd.grad``: d outputs / d inputs as a tuple, leaving every ``.grad`` alone.

    >>> from tinygrad_edu import tensor
    >>> x = tensor(2.0, requires_grad=True)
    >>> (g,) = grad(x**3, x, create_graph=True)
    >>> g, grad(g, x)
    (tensor(12., grad_fn=<MulBackward0>), (tensor(12.),))
    """
    outs = [outputs] if is_tensor(outputs) else list(outputs)
    ins = [inputs] if is_tensor(inputs) else list(inputs)
    if grad_outputs is None or is_tensor(grad_outputs):
        gouts = [grad_outputs] * len(outs) if grad_outputs is None else [grad_outputs]
    else:
        gouts = list(grad_outputs)
    for o in outs:
        if not o.requires_grad:
            raise RuntimeError(NO_GRAD)
    for x in ins:
        if not x.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    check_versions(outs)
    per_out = [
        tensor_pass.seeds_of(o, g, k, create_graph) for k, (o, g) in enumerate(zip(outs, gouts))
    ]
    seeds = [s for ss in per_out for s in ss]
    values = [v for o in outs for v in o.flat]
    retain = create_graph if retain_graph is None else retain_graph
    if create_graph:  # the gradient is a graph of Values: the engine's grad() builds it
        wanted = [v for x in ins for v in x.flat]
        got = engine_grad(values, wanted, seeds, create_graph=True, retain_graph=retain)
    else:  # float32 graphs: PyTorch's formulas node by node; else the scalar pass
        got = tensor_pass.grad32(outs, per_out, ins, retain_graph=retain)
        if got is None:
            got = tensor_pass.grad_with_hooks(values, seeds, ins, retain_graph=retain)
    it = iter(got)
    result: list[Any] = []
    for k, x in enumerate(ins):
        g = [next(it) for _ in x.flat]
        if x.flat and all(e is None for e in g) and not materialize_grads:
            if not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {k} appears to not have been used in "
                    "the graph. Set allow_unused=True if this is the desired behavior."
                )
            result.append(None)
            continue
        g = [0.0 if e is None else e for e in g]
        if create_graph:
            result.append(_graph_of_gradient(x, g, outs))
        else:
            f32 = x.dtype is float32 and float32_arithmetic()
            data = rounded([float(e) for e in g]) if f32 else g
            vals = [Value(float(e), requires_grad=False) for e in data]
            result.append(type(x).from_values(vals, x.shape, x.dtype))
    return tuple(result)


def _graph_of_gradient(x: Any, g: list[Any], outs: list[Any]) -> Any:
    """The create_graph gradient of ``x`` as a tensor, its node named as PyTorch names it."""
    consumers = _consumers(outs).get(id(x), [])
    r = lift(type(x), g, x.shape, x.dtype)
    flat = getattr(getattr(consumers[0], "op", None), "flat_double", "") if consumers else ""
    if len(consumers) == 1 and flat and r.grad_fn is None and r.flat:
        # relu's and abs's slopes are constants here, but PyTorch computes them from the
        # saved input, so the gradient has a graph (whose own derivative is 0)
        with set_grad_enabled(True):
            on_x = [
                apply(OPS["add"], (apply(OPS["mul"], (v, 0.0)), float(c)))
                for v, c in zip(x.flat, g)
            ]
        r = renamed(lift(type(x), on_x, x.shape, x.dtype), flat)
    elif len(consumers) > 1:  # PyTorch adds up the gradients of several uses
        r = renamed(r, "AddBackward0")
    elif consumers:
        fn = consumers[0]
        slot = next(j for j, i in enumerate(fn.inputs) if i is x)
        if not x.shape and fn.shape and type(fn).__name__ in _ELEMENTWISE:
            r = renamed(r, "SumBackward0")  # summed back from the broadcast shape
        else:
            r = renamed(r, double_backward_name(fn, slot))
    # the input's own hooks (hooks on tensors in between are not run on this path)
    return tensor_pass.call_hooks(x, r) if x.backward_hooks else r


def _consumers(outputs: list[Any]) -> dict[int, list[Any]]:
    """For each tensor in the graph of ``outputs`` (by id), the tensor nodes that use it."""
    found: dict[int, list[Any]] = {}
    seen: set[int] = set()
    stack = [o.grad_fn for o in outputs if o.grad_fn is not None]
    while stack:
        fn = stack.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        for x in fn.inputs or ():
            if is_tensor(x):
                found.setdefault(id(x), []).append(fn)
                if x.grad_fn is not None:
                    stack.append(x.grad_fn)
    return found


# -- gradcheck -------------------------------------------------------------------------------


def gradcheck(
    func: Callable[..., Any],
    inputs: Any,
    *more: Value,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
) -> bool:
    """PyTorch's gradcheck: every Jacobian entry against central differences.

    A float32 input is perturbed and read back in float32, as in PyTorch, where that makes the
    check fail: use float64 inputs.  Called with Values, it is the scalar ``gradcheck``.
    """
    if isinstance(inputs, Value):
        return scalar_gradcheck(func, inputs, *more, eps=eps, atol=atol, rtol=rtol,
                                raise_exception=raise_exception)  # fmt: skip
    ins = (inputs,) if is_tensor(inputs) else tuple(inputs)
    wanted = [i for i, x in enumerate(ins) if is_tensor(x) and x.requires_grad]
    if not wanted:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, "
            "but none of them have requires_grad=True."
        )
    for i in wanted:
        if ins[i].dtype is not float64:
            warnings.warn(
                f"Input #{i} requires gradient and is not a double precision floating point or "
                "complex. This check will likely fail if all the inputs are not of double "
                "precision floating point or complex. ",
                UserWarning,
                stacklevel=2,
            )

    def outputs() -> list[Any]:
        out = func(*ins)
        return [out] if is_tensor(out) else list(out)

    for o, out in enumerate(outputs()):
        for i in wanted:
            x = ins[i]
            analytical = _analytical(out, x)
            numerical = _numerical(outputs, o, x, eps)
            ok = all(
                abs(a - n) <= atol + rtol * abs(n)
                for ra, rn in zip(analytical, numerical)
                for a, n in zip(ra, rn)
            )
            if not ok:
                if not raise_exception:
                    return False
                dt = out.dtype if out.dtype.is_floating_point else float32
                raise GradcheckError(
                    f"Jacobian mismatch for output {o} with respect to input {i},\n"
                    f"numerical:{_matrix(x, numerical, dt)}\n"
                    f"analytical:{_matrix(x, analytical, dt)}\n"
                )
    return True


def _matrix(like: Any, rows: list[list[float]], dt: Any) -> Any:
    shape = (len(rows), len(rows[0]) if rows else 0)
    vals = [Value(float(v), requires_grad=False) for r in rows for v in r]
    return type(like).from_values(vals, shape, dt)


def _analytical(out: Any, x: Any) -> list[list[float]]:
    """Rows are input elements, columns output elements (PyTorch's layout)."""
    cols = []
    for e in range(out.numel()):
        if not out.requires_grad:
            cols.append([0.0] * x.numel())
            continue
        onehot = [Value(float(k == e), requires_grad=False) for k in range(out.numel())]
        seed = type(out).from_values(onehot, out.shape, out.dtype)
        (g,) = grad(out, x, grad_outputs=seed, retain_graph=True, allow_unused=True,
                    materialize_grads=True)  # fmt: skip
        cols.append([v.data for v in g.flat])
    return [list(row) for row in zip(*cols)] if cols else [[] for _ in range(x.numel())]


def _numerical(outputs: Callable[[], list[Any]], o: int, x: Any, eps: float) -> list[list[float]]:
    single = x.dtype is float32  # a float32 tensor holds and returns float32 numbers
    rnd = round_float32 if single else float
    rows = []
    for v in x.flat:
        old = v.data
        with no_grad():
            v.data = rnd(old + eps)
            hi = [rnd(e.data) for e in outputs()[o].flat]
            v.data = rnd(old - eps)
            lo = [rnd(e.data) for e in outputs()[o].flat]
        v.data = old
        rows.append([rnd(h - lw) / (2 * eps) for h, lw in zip(hi, lo)])
    return rows


class _VariableType(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        return is_tensor(obj)  # every tensor is a Variable now, as in PyTorch


class Variable(metaclass=_VariableType):
    """Before PyTorch 0.4 a tensor was wrapped in a Variable to record a graph; today
    ``Variable(t)`` is a new leaf with ``t``'s numbers (not ``t`` itself, as in PyTorch)."""

    def __new__(cls, data: Any, requires_grad: bool = False, volatile: bool = False) -> Any:
        out = data.detach()
        return out.requires_grad_(True) if requires_grad else out
