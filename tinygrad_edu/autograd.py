"""``torch.autograd``: the backward pass over tensors, ``grad``, anomaly mode, ``gradcheck``.

>>> import tinygrad_edu as torch
>>> x = torch.tensor(2.0, requires_grad=True)
>>> torch.autograd.grad(x**3, x)
(tensor(12.),)
>>> w = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
>>> torch.autograd.gradcheck(lambda t: (t * t).sum(), (w,))
True
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

from ._tensor_str import _float32
from .anomaly_mode import detect_anomaly, is_anomaly_enabled, set_detect_anomaly
from .engine import Value, apply, gc_paused, inputs_of, run_pass, toposort
from .grad_mode import no_grad, set_grad_enabled
from .gradcheck import GradcheckError
from .gradcheck import gradcheck as _scalar_gradcheck
from .gradients import grad as engine_grad
from .gradients import toward
from .graph import ZERO
from .messages import NO_GRAD
from .ops import OPS
from .tensor import (
    _LEAF_OF,
    _WATCHED,
    Tensor,
    _copy,
    _lift,
    _rename_double_backward,
    _renamed,
    float32,
    float64,
    tensor,
)

# nodes whose input gradient PyTorch makes from a saved tensor, by a node of this name
_ZERO_SECOND = {"ReluBackward0": "ThresholdBackwardBackward0", "AbsBackward0": "MulBackward0"}
# two-input elementwise nodes: a 0-d input of theirs was broadcast, so its gradient is a sum
_ELEMENTWISE = frozenset(op.name for op in OPS.values() if op.slots == 2)

__all__ = [
    "GradcheckError",
    "backward",
    "detect_anomaly",
    "grad",
    "gradcheck",
    "set_detect_anomaly",
]


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
        return _scalar_gradcheck(func, inputs, *more, eps=eps, atol=atol, rtol=rtol,
                                 raise_exception=raise_exception)  # fmt: skip
    ins = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    wanted = [i for i, x in enumerate(ins) if isinstance(x, Tensor) and x.requires_grad]
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

    def outputs() -> list[Tensor]:
        out = func(*ins)
        return [out] if isinstance(out, Tensor) else list(out)

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
                    f"numerical:{tensor(numerical, dtype=dt)}\n"
                    f"analytical:{tensor(analytical, dtype=dt)}\n"
                )
    return True


def _analytical(out: Tensor, x: Tensor) -> list[list[float]]:
    """Rows are input elements, columns output elements (PyTorch's layout)."""
    cols = []
    for e in range(out.numel()):
        if not out.requires_grad:
            cols.append([0.0] * x.numel())
            continue
        onehot = [0.0] * out.numel()
        onehot[e] = 1.0
        seed = tensor(onehot, dtype=out.dtype).detach()
        seed = Tensor._make(seed._values, out.shape, out.dtype)
        (g,) = grad(out, x, grad_outputs=seed, retain_graph=True, allow_unused=True,
                    materialize_grads=True)  # fmt: skip
        cols.append([v.data for v in g._values])
    return [list(row) for row in zip(*cols)] if cols else [[] for _ in range(x.numel())]


def _numerical(
    outputs: Callable[[], list[Tensor]], o: int, x: Tensor, eps: float
) -> list[list[float]]:
    single = x.dtype is float32  # a float32 tensor holds and returns float32 numbers
    rnd = _float32 if single else float
    rows = []
    for v in x._values:
        old = v.data
        with no_grad():
            v.data = rnd(old + eps)
            hi = [rnd(e.data) for e in outputs()[o]._values]
            v.data = rnd(old - eps)
            lo = [rnd(e.data) for e in outputs()[o]._values]
        v.data = old
        rows.append([rnd(h - lw) / (2 * eps) for h, lw in zip(hi, lo)])
    return rows


# -- backward: the scalar engine's pass, stopping at tensors with hooks -------------------------


def _seed(t: Tensor, g: Any, k: int, graph: bool) -> list[Any]:
    if g is None:
        if len(t._values) != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return [1.0]
    if isinstance(g, (int, float)):
        g = tensor(float(g))
    if g.shape != t.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{k}] has a shape of {g.shape!r} and output[{k}] "
            f"has a shape of {t.shape!r}."
        )
    # a seed with a graph is only followed when the gradient itself gets one
    return [v if graph and g.requires_grad else v.data for v in g._values]


def _backward(
    roots: list[Tensor], gradients: list[Any], *, retain_graph: bool, create_graph: bool = False
) -> None:
    """Run the scalar engine over the roots' Values, pausing at tensors that have hooks.

    Non-leaf grads are recomputed by each pass; each leaf Tensor's ``.grad`` is one Tensor that
    accumulates in place across passes, after the leaf's hooks have seen this pass's gradient.
    """
    for r in roots:
        if not r.requires_grad:
            raise RuntimeError(NO_GRAD)
    seeds = [
        s for k, (r, g) in enumerate(zip(roots, gradients)) for s in _seed(r, g, k, create_graph)
    ]
    values = [v for r in roots for v in r._values]
    if create_graph:
        return _backward_create_graph(roots, values, seeds)
    _, leaves, old = _pass(values, seeds, retain_graph=retain_graph, fill_retained=True)
    _accumulate(leaves, old)


def _pass(
    values: list[Value],
    seeds: list[Any],
    *,
    retain_graph: bool,
    fill_retained: bool,
    targets: set[int] | None = None,
) -> tuple[list[Value], dict[int, Value], dict[int, float]]:
    """The engine's pass from ``values``, stopping at hooked tensors to run their hooks.

    Afterwards every reached Value's ``.grad`` is its gradient from this pass alone; the
    leaves' previous grads are returned, for the caller to accumulate into or restore.
    With ``targets`` (ids of Values), only the nodes on a path to one of them run.
    """
    order = toposort(values)
    if targets is not None:
        order = toward(order, targets)
    for v in order:
        v.grad = ZERO
    leaves: dict[int, Value] = {}
    for v in values:
        if v.grad_fn is None and v.requires_grad:
            leaves[id(v)] = v
    for v in order:
        for x in inputs_of(v):
            if x.__class__ is Value and x.grad_fn is None and x.requires_grad:
                leaves[id(x)] = x
    old = {k: v.grad for k, v in leaves.items()}
    for v in leaves.values():
        v.grad = ZERO
    for v, g in zip(values, seeds):
        v.grad = g if v.grad is ZERO else v.grad + g
    run = is_anomaly_enabled()
    try:
        with gc_paused():
            start = 0
            order, checkpoints = _checkpoints(order)
            for pos, t in checkpoints:
                _run(order[start:pos], retain_graph, run)
                start = pos
                _hooked(t, order, fill_retained)
            _run(order[start:], retain_graph, run)
    except BaseException:
        for k, v in leaves.items():
            v.grad = old[k]
        raise
    return order, leaves, old


def _run(segment: list[Value], retain_graph: bool, observed: Any) -> None:
    if segment:
        run_pass(segment, retain_graph=retain_graph)


def _checkpoints(order: list[Value]) -> tuple[list[Value], list[tuple[int, Tensor]]]:
    """``order`` rearranged so that each hooked non-leaf tensor's elements come after all
    their consumers, and where each one's gradient is complete (its hooks run there).

    Any topological order puts an element after its own consumers; a tensor's hooks need
    every element's: a second topological sort holds each tensor's elements back until the
    last of them is ready.
    """
    watched = [t for t in list(_WATCHED.values()) if t.grad_fn is not None and t._values]
    if not watched:
        return order, []
    inside = {id(v) for v in order}
    waiting: dict[int, int] = dict.fromkeys(inside, 0)  # consumers not yet visited
    for v in order:
        for x in inputs_of(v):
            if id(x) in inside:
                waiting[id(x)] += 1
    group: dict[int, int] = {}
    left: list[int] = []
    for k, t in enumerate(watched):
        mine = [v for v in t._values if id(v) in inside and id(v) not in group]
        group.update((id(v), k) for v in mine)
        left.append(len(mine))
    held: list[list[Value]] = [[] for _ in watched]
    ready = [v for v in reversed(order) if waiting[id(v)] == 0]
    out: list[Value] = []
    found: list[tuple[int, Tensor]] = []

    def release(x: Value) -> None:
        k = group.get(id(x))
        if k is None:
            ready.append(x)
            return
        held[k].append(x)
        left[k] -= 1
        if left[k] == 0:
            found.append((len(out), watched[k]))
            ready.extend(reversed(held[k]))

    for r in list(ready):
        if id(r) in group:
            ready.remove(r)
            release(r)
    while ready:
        v = ready.pop()
        out.append(v)
        for x in inputs_of(v):
            if id(x) in inside:
                waiting[id(x)] -= 1
                if waiting[id(x)] == 0:
                    release(x)
    found.sort(key=lambda p: (p[0], -p[1].grad_fn._seq))
    return out, found


def _hooked(t: Tensor, order: list[Value], fill_retained: bool) -> None:
    reached = {id(v) for v in order}
    g = Tensor._make(
        [Value(v.grad if id(v) in reached else 0.0, requires_grad=False) for v in t._values],
        t.shape, t.dtype)  # fmt: skip
    g = _call_hooks(t, g)
    for v, gv in zip(t._values, g._values):
        if id(v) in reached:
            v.grad = gv.data
    if t._retains_grad and fill_retained:
        t._grad = _add_into(t._grad, g)


def _call_hooks(t: Tensor, g: Tensor) -> Tensor:
    for hook in list((t._hooks or {}).values()):
        r = hook(g)
        if r is not None:
            g = r
    return g


def _add_into(acc: Tensor | None, g: Tensor) -> Tensor:
    """Accumulate ``g`` into the grad tensor ``acc`` in place (the same object every time)."""
    if acc is None:
        return Tensor._make([Value(v.data, requires_grad=False) for v in g._values], g.shape,
                            g.dtype)  # fmt: skip
    for a, b in zip(acc._values, g._values):
        a.data += b.data
    return acc


def _accumulate(leaves: dict[int, Value], old: dict[int, float]) -> None:
    done: set[int] = set()
    for k, v in leaves.items():
        t = _LEAF_OF.get(k)
        if t is None or t.grad_fn is not None or not t._requires_grad:
            if old[k] is not ZERO:  # a Value with no Tensor: the engine's own accumulation
                v.grad = old[k] + v.grad
            continue
        if id(t) in done:
            continue
        done.add(id(t))
        g = Tensor._make(
            [Value(x.grad if id(x) in leaves else 0.0, requires_grad=False) for x in t._values],
            t.shape, t.dtype)  # fmt: skip
        t._grad = _add_into(t._grad, _call_hooks(t, g))
        for x, a in zip(t._values, t._grad._values):
            x.grad = a.data


def _backward_create_graph(roots: list[Tensor], values: list[Value], seeds: list[Any]) -> None:
    """``backward(create_graph=True)``: each leaf's ``.grad`` becomes a graph of its own."""
    warnings.warn(
        "Using backward() with create_graph=True will create a reference cycle between the "
        "parameter and its gradient which can cause a memory leak. We recommend using "
        "autograd.grad when creating the graph to avoid this. If you have to use this function, "
        "make sure to reset the .grad fields of your parameters to None after use to break the "
        "cycle and avoid the leak.",
        UserWarning,
        stacklevel=3,
    )
    leaves: dict[int, Tensor] = {}
    for v in [*values, *(x for n in toposort(values) for x in inputs_of(n))]:
        t = _LEAF_OF.get(id(v)) if isinstance(v, Value) and v.grad_fn is None else None
        if t is not None and t.grad_fn is None and t._requires_grad:
            leaves[id(t)] = t
    ts = list(leaves.values())
    wanted = [v for t in ts for v in t._values]
    got = engine_grad(values, wanted, seeds, create_graph=True, retain_graph=True)
    it = iter(got)
    for t in ts:
        g = _lift([0.0 if x is None else x for x in (next(it) for _ in t._values)], t.shape)
        g = _call_hooks(t, g)
        t._grad = _copy(g, "copy") if t._grad is None else t._grad + g


def grad(
    outputs: Tensor | Sequence[Tensor],
    inputs: Tensor | Sequence[Tensor],
    grad_outputs: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    allow_unused: bool | None = None,
    materialize_grads: bool = False,
) -> tuple[Tensor | None, ...]:
    """``torch.autograd.grad``: d outputs / d inputs as a tuple, leaving every ``.grad`` alone.

    >>> from tinygrad_edu import tensor
    >>> x = tensor(2.0, requires_grad=True)
    >>> (g,) = grad(x**3, x, create_graph=True)
    >>> g, grad(g, x)
    (tensor(12., grad_fn=<MulBackward0>), (tensor(12.),))
    """
    outs = [outputs] if isinstance(outputs, Tensor) else list(outputs)
    ins = [inputs] if isinstance(inputs, Tensor) else list(inputs)
    if grad_outputs is None or isinstance(grad_outputs, Tensor):
        gouts = [grad_outputs] * len(outs) if grad_outputs is None else [grad_outputs]
    else:
        gouts = list(grad_outputs)
    for o in outs:
        if not o.requires_grad:
            raise RuntimeError(NO_GRAD)
    for x in ins:
        if not x.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    seeds = [s for k, (o, g) in enumerate(zip(outs, gouts)) for s in _seed(o, g, k, create_graph)]
    values = [v for o in outs for v in o._values]
    retain = create_graph if retain_graph is None else retain_graph
    if create_graph:  # the gradient is a graph of Values: the engine's grad() builds it
        wanted = [v for x in ins for v in x._values]
        got = engine_grad(values, wanted, seeds, create_graph=True, retain_graph=retain)
    else:
        got = _grad_with_hooks(values, seeds, ins, retain_graph=retain)
    it = iter(got)
    result: list[Tensor | None] = []
    for k, x in enumerate(ins):
        g = [next(it) for _ in x._values]
        if x._values and all(e is None for e in g) and not materialize_grads:
            if not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {k} appears to not have been used in "
                    "the graph. Set allow_unused=True if this is the desired behavior."
                )
            result.append(None)
            continue
        g = [0.0 if e is None else e for e in g]
        if create_graph:
            consumers = _consumers(outs).get(id(x), [])
            r = _lift(g, x.shape, x.dtype)
            zero = _ZERO_SECOND.get(type(consumers[0]).__name__) if len(consumers) == 1 else None
            if zero and r.grad_fn is None and r._values:
                # relu's and abs's slopes are constants here, but PyTorch computes them from the
                # saved input, so the gradient has a graph (whose own derivative is 0)
                with set_grad_enabled(True):
                    on_x = [
                        apply(OPS["add"], (apply(OPS["mul"], (v, 0.0)), float(c)))
                        for v, c in zip(x._values, g)
                    ]
                r = _renamed(_lift(on_x, x.shape, x.dtype), zero)
            elif len(consumers) > 1:  # PyTorch adds up the gradients of several uses
                r = _renamed(r, "AddBackward0")
            elif consumers:
                fn = consumers[0]
                slot = next(j for j, i in enumerate(fn._inputs) if i is x)
                if not x.shape and fn._shape() and type(fn).__name__ in _ELEMENTWISE:
                    r = _renamed(r, "SumBackward0")  # summed back from the broadcast shape
                else:
                    r = _rename_double_backward(r, fn, slot)
            # the input's own hooks (hooks on tensors in between are not run on this path)
            result.append(_call_hooks(x, r) if x._hooks else r)
        else:
            result.append(Tensor._make([Value(float(e), requires_grad=False) for e in g],
                                       x.shape, x.dtype))  # fmt: skip
    return tuple(result)


def backward(
    tensors: Tensor | Sequence[Tensor],
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """``torch.autograd.backward``: ``t.backward()`` for several roots at once."""
    roots = [tensors] if isinstance(tensors, Tensor) else list(tensors)
    if grad_tensors is None or isinstance(grad_tensors, Tensor):
        grads = [grad_tensors] * len(roots) if grad_tensors is None else [grad_tensors]
    else:
        grads = list(grad_tensors)
    _backward(roots, grads, retain_graph=bool(retain_graph or create_graph),
              create_graph=create_graph)  # fmt: skip


def _grad_with_hooks(
    values: list[Value], seeds: list[Any], ins: list[Tensor], *, retain_graph: bool
) -> list[float | None]:
    """The gradient of each input element (None if not reached), running tensor hooks as
    PyTorch's autograd.grad does, and leaving every ``.grad`` as it found it."""
    targets = {id(v) for x in ins for v in x._values}
    order = toward(toposort(values), targets)
    # the pass writes the grads of what it runs and of the inputs; all are put back after
    touched = list({id(v): v for v in [*order, *(v for x in ins for v in x._values)]}.values())
    before = [v.grad for v in touched]
    for v in touched:
        v.grad = 0.0
    order, leaves, old = _pass(
        values, seeds, retain_graph=retain_graph, fill_retained=False, targets=targets
    )
    reached = {id(v) for v in values}
    ran_ids = {id(v) for v in order}
    for v in order:
        reached.update(id(x) for x in inputs_of(v))
    got: list[float | None] = []
    for x in ins:
        g = [v.grad if id(v) in reached else None for v in x._values]
        # an input's own hooks run here, unless a stop in the pass ran them (an input that is
        # also on the way to another input)
        ran = x.grad_fn is not None and any(id(v) in ran_ids for v in x._values)
        if x._hooks and not ran and any(e is not None for e in g):
            t = _call_hooks(x, tensor([0.0 if e is None else e for e in g], dtype=x.dtype))
            g = [None if e is None else h.data for e, h in zip(g, t._values)]
        got.extend(g)
    for k, v in leaves.items():
        v.grad = old[k]
    for v, b in zip(touched, before):
        v.grad = b
    return got


def _consumers(outputs: list[Tensor]) -> dict[int, list[Any]]:
    """For each tensor in the graph of ``outputs`` (by id), the tensor nodes that use it."""
    found: dict[int, list[Any]] = {}
    seen: set[int] = set()
    stack = [o.grad_fn for o in outputs if o.grad_fn is not None]
    while stack:
        fn = stack.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        for x in fn._inputs or ():
            if isinstance(x, Tensor):
                found.setdefault(id(x), []).append(fn)
                if x.grad_fn is not None:
                    stack.append(x.grad_fn)
    return found
