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

from ._tensor import tensor_pass
from ._tensor.dtype import float32, float64, round_float32
from ._tensor.function import Function, FunctionCtx
from ._tensor.kernels import copy, float32_arithmetic, rounded
from ._tensor.numbers_pass import backward_numbers
from ._tensor.tensor_graph import (
    check_versions,
    double_backward_name,
    is_tensor,
    lift,
    renamed,
    unpack_saved,
)
from .core.anomaly_mode import detect_anomaly, set_detect_anomaly
from .core.engine import Value, apply
from .core.grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from .core.gradcheck import GradcheckError
from .core.gradcheck import gradcheck as scalar_gradcheck
from .core.gradients import grad as engine_grad
from .core.messages import NO_GRAD
from .core.ops import OPS

__all__ = [
    "Function",
    "FunctionCtx",
    "GradcheckError",
    "Variable",
    "backward",
    "detect_anomaly",
    "enable_grad",
    "grad",
    "gradcheck",
    "gradgradcheck",
    "inference_mode",
    "no_grad",
    "set_detect_anomaly",
    "set_grad_enabled",
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
    """``torch.autograd.backward``: ``t.backward()`` for several roots at once; with
    ``inputs``, only those tensors (leaves or not) get their gradient added to ``.grad``."""
    roots = [tensors] if is_tensor(tensors) else list(tensors)
    if grad_tensors is None or is_tensor(grad_tensors) or isinstance(grad_tensors, (int, float)):
        grads = [grad_tensors] * len(roots) if grad_tensors is None else [grad_tensors]
    else:
        grads = list(grad_tensors)
    retain = bool(retain_graph or create_graph)
    if inputs is not None:
        _backward_into(roots, grads, inputs, retain_graph=retain, create_graph=create_graph)
        return
    unpack_saved(roots, retain_graph=retain)
    if not create_graph and backward_numbers(roots, grads, retain_graph=retain):
        return  # a graph that has computed only its numbers, differentiated on its numbers
    tensor_pass.backward(roots, grads, retain_graph=retain, create_graph=create_graph)


def _backward_into(
    roots: list[Any], grads: list[Any], inputs: Any, *, retain_graph: bool, create_graph: bool
) -> None:
    # the gradients of just these inputs, as grad() computes them, added to their .grad
    wanted = [inputs] if is_tensor(inputs) else list(inputs)
    if not wanted:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    if any(not x.requires_grad for x in wanted):  # PyTorch retains an input's grad to fill it
        raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    gouts = [g if g is None or is_tensor(g) else roots[0].new_tensor(g) for g in grads]
    got = grad(roots, wanted, gouts, retain_graph=retain_graph, create_graph=create_graph,
               allow_unused=True)  # fmt: skip
    for x, g in zip(wanted, got):
        if g is None:
            continue
        with warnings.catch_warnings():  # a non-leaf's .grad read here is not the user's
            warnings.simplefilter("ignore")
            old = x.grad
        if old is None and create_graph:  # a new .grad with a graph: as AccumulateGrad makes it
            g = copy(g, "copy") if x.is_leaf else g.clone()
        x.grad = g if old is None else old + g


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
    if materialize_grads and allow_unused is False:
        raise ValueError(
            "Expected allow_unused to be True or not passed when materialize_grads=True, "
            "but got: allow_unused=False."
        )
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
    unpack_saved(outs, retain_graph=bool(create_graph if retain_graph is None else retain_graph))
    per_out = [
        tensor_pass.seeds_of(o, g, k, create_graph) for k, (o, g) in enumerate(zip(outs, gouts))
    ]
    seeds = [s for ss in per_out for s in ss]
    values = [v for o in outs for v in o.flat]
    retain = create_graph if retain_graph is None else retain_graph
    if create_graph:  # the gradient is a graph of Values: the engine's grad() builds it
        wanted = [v for x in ins for v in x.flat]
        got = engine_grad(values, wanted, seeds, create_graph=True, retain_graph=retain)
    else:  # the one pass, leaving every .grad as it was
        got = tensor_pass.grad_with_hooks(outs, values, seeds, ins, retain_graph=retain)
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
        unused = all(e is None for e in g)
        g = [0.0 if e is None else e for e in g]
        if create_graph and unused:  # PyTorch's zeros_like(x, requires_grad=create_graph)
            vals = [Value(0.0) for _ in g]
            result.append(type(x).from_values(vals, x.shape, x.dtype).requires_grad_())
        elif create_graph:
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

_UNDEFINED = (
    'Please look at "Notes about undefined output gradients" in "tools/autograd/derivatives.yaml"'
)
_NONDET = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""


def gradcheck(
    func: Callable[..., Any],
    inputs: Any,
    *more: Value,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
    nondet_tol: float = 0.0,
    check_undefined_grad: bool = True,
    check_grad_dtypes: bool = False,
    check_batched_grad: bool = False,
    check_batched_forward_grad: bool = False,
    check_forward_ad: bool = False,
    check_backward_ad: bool = True,
    fast_mode: bool = False,
    masked: bool | None = None,
) -> bool:
    """PyTorch's gradcheck, in its order: every Jacobian entry against central differences,
    each row computed twice (a backward must give the same twice), then backward with zero
    output gradients must give zeros (twice: PyTorch's two checks).

    ``fast_mode=True`` (PyTorch's check of one random projection of the Jacobian) runs the
    full check too: it passes where the fast one passes, but a failure's message shows whole
    matrices, not the fast mode's two numbers. The other ``check_*`` flags are PyTorch's
    checks of forward-mode AD and batched grads, which tinygrad_edu does not have.

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
    try:
        _gradcheck(func, ins, [ins[i] for i in wanted], eps, atol, rtol, nondet_tol,
                   check_undefined_grad)  # fmt: skip
    except GradcheckError:
        if raise_exception:
            raise
        return False
    return True


def _outputs(func: Callable[..., Any], ins: tuple[Any, ...]) -> list[Any]:
    out = func(*ins)
    return [out] if is_tensor(out) else list(out)


def _gradcheck(func, ins, diff, eps, atol, rtol, nondet_tol, undefined) -> None:  # type: ignore[no-untyped-def]
    first = _outputs(func, ins)
    outs = [o for o in first if is_tensor(o) and o.requires_grad]
    numerical = [[_numerical(lambda: _outputs(func, ins), o, x, eps) for x in diff]
                 for o in range(len(first))]  # fmt: skip
    if not outs:
        if any(n != 0.0 for rows in numerical for m in rows for r in m for n in r):
            raise GradcheckError("Numerical gradient for function expected to be zero")
        return
    for o, out in enumerate(outs):
        analytical = _analytical(out, diff)
        if any(
            a != b and abs(a - b) > nondet_tol
            for ra, rb in zip(analytical, _analytical(out, diff))
            for row_a, row_b in zip(ra, rb)
            for a, b in zip(row_a, row_b)
        ):
            raise GradcheckError(
                "Backward is not reentrant, i.e., running backward with same input and "
                "grad_output multiple times gives different values, although analytical "
                "gradient matches numerical gradient."
                f"The tolerance for nondeterminism was {nondet_tol}." + _NONDET
            )
        k = next(i for i, f in enumerate(first) if f is out)
        for j, (a, n) in enumerate(zip(analytical, numerical[k])):
            ok = all(abs(x - y) <= atol + rtol * abs(y) for ra, rn in zip(a, n)
                     for x, y in zip(ra, rn))  # fmt: skip
            if not ok:
                dt = out.dtype if out.dtype.is_floating_point else float32
                raise GradcheckError(
                    f"Jacobian mismatch for output {o} with respect to input {j},\n"
                    f"numerical:{_matrix(diff[j], n, dt)}\n"
                    f"analytical:{_matrix(diff[j], a, dt)}\n"
                )
    for gi in grad(outs, diff, [_zeros(o) for o in outs], allow_unused=True):
        if gi is not None and any(v.data != 0.0 for v in gi.flat):
            raise GradcheckError("backward not multiplied by grad_output")
    if undefined:
        _undefined(func, ins, diff)


def _undefined(func: Callable[..., Any], ins: tuple[Any, ...], diff: list[Any]) -> None:
    # PyTorch: all output grads undefined (zeros), then, for several outputs, one at a time
    checks = [[o for o in _outputs(func, ins) if is_tensor(o) and o.requires_grad]]
    if len(checks[0]) > 1:
        checks += [
            [o for o in _outputs(func, ins) if is_tensor(o) and o.requires_grad] for _ in checks[0]
        ]
    for outs in checks:
        try:
            got = grad(outs, diff, [_zeros(o) for o in outs], allow_unused=True)
        except RuntimeError as e:
            raise GradcheckError(
                f"Expected backward function to handle undefined output grads. {_UNDEFINED}"
            ) from e
        if any(gi is not None and any(v.data != 0.0 for v in gi.flat) for gi in got):
            raise GradcheckError(
                "Expected all input grads to be undefined or zero when all output grads are "
                f"undefined or zero. {_UNDEFINED}"
            )


def _zeros(like: Any) -> Any:
    vals = [Value(0.0, requires_grad=False) for _ in like.flat]
    return type(like).from_values(vals, like.shape, like.dtype)


def gradgradcheck(
    func: Callable[..., Any],
    inputs: Any,
    grad_outputs: Any = None,
    *,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
    nondet_tol: float = 0.0,
    check_undefined_grad: bool = True,
    check_grad_dtypes: bool = False,
    check_batched_grad: bool = False,
    check_fwd_over_rev: bool = False,
    check_rev_over_rev: bool = True,
    fast_mode: bool = False,
    masked: bool = False,
) -> bool:
    """PyTorch's gradgradcheck: ``gradcheck`` of the gradient itself (``grad`` with
    ``create_graph=True``), as a function of the inputs and of the output gradients, which
    are drawn as PyTorch draws them (uniform in [-1, 1) from the global generator)."""
    ins = (inputs,) if is_tensor(inputs) else tuple(inputs)
    if grad_outputs is None:
        outs = [o for o in _outputs(func, ins) if is_tensor(o) and o.requires_grad]
        gouts = []
        for o in outs:
            g = _zeros(o) if o.dtype.is_floating_point else _zeros(o).double()
            gouts.append(g.uniform_(-1, 1).requires_grad_())
        gouts = tuple(gouts)
    else:
        gouts = (grad_outputs,) if is_tensor(grad_outputs) else tuple(grad_outputs)
    n = len(gouts)

    def grads_of(*args: Any) -> tuple[Any, ...]:
        outs = [o for o in _outputs(func, args[:-n]) if is_tensor(o) and o.requires_grad]
        diff = [x for x in args[:-n] if is_tensor(x) and x.requires_grad]
        got = grad(outs, diff, list(args[-n:]), create_graph=True, allow_unused=True)
        return tuple(g for g in got if g is not None)

    return gradcheck(grads_of, ins + gouts, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol,
                     check_undefined_grad=check_undefined_grad)  # fmt: skip


def _matrix(like: Any, rows: list[list[float]], dt: Any) -> Any:
    shape = (len(rows), len(rows[0]) if rows else 0)
    vals = [Value(float(v), requires_grad=False) for r in rows for v in r]
    return type(like).from_values(vals, shape, dt)


def _analytical(out: Any, diff: list[Any]) -> list[list[list[float]]]:
    """For each input, rows are its elements and columns the output's (PyTorch's layout):
    one backward per output element, for all inputs at once."""
    cols: list[list[list[float]]] = []
    for e in range(out.numel()):
        onehot = [Value(float(k == e), requires_grad=False) for k in range(out.numel())]
        seed = type(out).from_values(onehot, out.shape, out.dtype)
        got = grad(out, diff, grad_outputs=seed, retain_graph=True, allow_unused=True,
                   materialize_grads=True)  # fmt: skip
        cols.append([[v.data for v in g.flat] for g in got])
    return [
        [list(row) for row in zip(*(c[i] for c in cols))] if cols else [[] for _ in x.flat]
        for i, x in enumerate(diff)
    ]


def _numerical(outputs: Callable[[], list[Any]], o: int, x: Any, eps: float) -> list[list[float]]:
    single = x.dtype is float32  # a float32 tensor holds and returns float32 numbers
    rnd = round_float32 if single else float
    rows = []
    for v in x.flat:
        old = v.data
        # grad mode stays as it is: gradgradcheck's function itself takes a gradient
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
