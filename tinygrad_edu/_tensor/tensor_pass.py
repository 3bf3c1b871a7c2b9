"""The backward pass over tensors: the engine's pass over the element Values (``run_pass``),
for every dtype, stopping where a tensor's gradient is complete to run its hooks, or the rule
of a node whose PyTorch backward is not elementwise (``tensor_rules``: ``mm``, a broadcast
input's ``sum_to``, the losses), and each leaf tensor's ``.grad`` accumulated in place, as
PyTorch's.

``Tensor.backward`` and ``torch.autograd.backward``/``grad`` all come here.  The module knows
tensors by what they show (``flat``, ``backward_hooks``, ``retains_grad``, ``grad``,
``from_values``), so both ``tensor.py`` and ``autograd.py`` can import it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .._torch_cpu.float32_libm import F32, f32, round32
from ..core.anomaly_mode import is_anomaly_enabled
from ..core.engine import (
    Value,
    check_and_free,
    constants,
    gc_paused,
    inputs_of,
    is_float32,
    op_of,
    run_pass,
    toposort,
)
from ..core.gradients import grad as engine_grad
from ..core.gradients import toward
from ..core.graph import ZERO
from ..core.messages import NO_GRAD
from .dtype import float32, get_default_dtype
from .hooks import checked_result
from .kernels import copy, float32_arithmetic, rounded
from .tensor_graph import TensorNode, check_versions, is_tensor, leaf_tensor, lift, watched
from .tensor_messages import CREATE_GRAPH_CYCLE
from .tensor_rules import BROADCAST, ELEMENTWISE, WRITES, group_rule, is_copy_rule, members

__all__ = [
    "RuleStep",
    "add_into",
    "backward",
    "call_hooks",
    "grad_tensor",
    "grad_with_hooks",
    "seeds_of",
]


@dataclass(frozen=True)
class RuleStep:
    """A step of the pass that ran a node's tensor rule (``tensor_rules``), as an observer
    (the trace) sees it: the output gradients in, each input element's share out."""

    node: TensorNode
    upstream: tuple[float, ...]  # the gradient of each output element
    inputs: tuple[Value, ...]  # the input elements that received a share
    slots: tuple[int, ...]  # the input slot of each of them
    contributions: tuple[float, ...]
    grads: tuple[float, ...]  # each one's grad once its share is added


def grad_tensor(like: Any, data: Sequence[float]) -> Any:
    """A plain tensor of ``data`` shaped and typed as ``like`` (a gradient)."""
    if like.dtype is float32 and float32_arithmetic():  # a float32 tensor's grad is float32
        data = rounded(list(data))
    if all(d.__class__ is float or d.__class__ is F32 for d in data):
        vals = constants([float(d) for d in data])  # plain numbers: no graph to record
    else:
        vals = [Value(d, requires_grad=False) for d in data]
    return type(like).from_values(vals, like.shape, like.dtype)


def seeds_of(t: Any, g: Any, k: int, graph: bool) -> list[Any]:
    """The seed of each element of output ``t`` (number ``k``) from its gradient ``g``."""
    if g is None:
        if len(t.flat) != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return [1.0]
    if isinstance(g, (int, float)):
        g = type(t).from_values([Value(float(g), requires_grad=False)], (), get_default_dtype())
    if g.shape != t.shape:
        raise RuntimeError(
            f"Mismatch in shape: grad_output[{k}] has a shape of {g.shape!r} and output[{k}] "
            f"has a shape of {t.shape!r}."
        )
    # a seed with a graph is only followed when the gradient itself gets one
    return [v if graph and g.requires_grad else v.data for v in g.flat]


def backward(
    roots: list[Any],
    gradients: list[Any],
    *,
    retain_graph: bool,
    create_graph: bool = False,
    observer: Callable[[Any], None] | None = None,
) -> None:
    """Run the scalar engine over the roots' Values, pausing at tensors that have hooks.

    Non-leaf grads are recomputed by each pass; each leaf tensor's ``.grad`` is one tensor that
    accumulates in place across passes, after the leaf's hooks have seen this pass's gradient.
    ``observer`` sees every step as it runs: the engine's ``Step`` for a scalar node, a
    ``RuleStep`` for a node's tensor rule.
    """
    for r in roots:
        if not r.requires_grad:
            raise RuntimeError(NO_GRAD)
    check_versions(roots)
    per_root = [seeds_of(r, g, k, create_graph) for k, (r, g) in enumerate(zip(roots, gradients))]
    seeds = [s for ss in per_root for s in ss]
    values = [v for r in roots for v in r.flat]
    if create_graph:
        return _backward_create_graph(values, seeds)
    _, leaves, old = _pass(
        roots, values, seeds, retain_graph=retain_graph, fill_retained=True, observer=observer
    )
    _accumulate(leaves, old)


class _Stop:
    """A place where the pass pauses: a tensor's (or a node's) elements, all complete there.

    ``hooked``: tensors whose hooks run there; ``node``/``rule``: a node whose tensor rule
    runs there in place of its elements' scalar rules."""

    def __init__(self, elements: list[Value], seq: int) -> None:
        self.flat, self.seq = elements, seq
        self.hooked: list[Any] = []
        self.node: TensorNode | None = None
        self.rule: Any = None


def _stops(roots: list[Any], elementwise: bool) -> list[_Stop]:
    """The hooked tensors and the nodes with a tensor rule in the graph of ``roots``;
    ``elementwise``: also the plain float32 elementwise nodes, each run at once on vectors (an
    observed pass, the trace's, shows their elements' steps one by one instead)."""
    found: dict[tuple[int, int], _Stop] = {}

    def stop(elements: list[Value], seq: int) -> _Stop:
        key = (id(elements[0]), len(elements))
        if key not in found:
            found[key] = _Stop(elements, seq)
        return found[key]

    seen: set[int] = set()
    ruled: list[tuple[TensorNode, Any]] = []
    writes = False
    stack = [r.grad_fn for r in roots if isinstance(r.grad_fn, TensorNode)]
    while stack:
        fn = stack.pop()
        if id(fn) in seen or fn.lifted:
            continue
        seen.add(id(fn))
        writes = writes or type(fn).__name__ in WRITES
        rule = group_rule(fn)
        if rule is not None:
            ruled.append((fn, rule))
        for x in fn.inputs or ():
            if is_tensor(x) and isinstance(x.grad_fn, TensorNode):
                stack.append(x.grad_fn)
    for fn, rule in ruled:
        if rule is ELEMENTWISE and (writes or not elementwise):
            continue
        if writes and is_copy_rule(rule):
            continue  # a write rebuilt the copies' elements: their own rules follow it
        s = stop(fn.elements, fn.sequence_nr)
        s.node, s.rule = fn, rule
    for t in watched():
        stop(t.flat, t.grad_fn.sequence_nr).hooked.append(t)
    return list(found.values())


def _pass(
    roots: list[Any],
    values: list[Value],
    seeds: list[Any],
    *,
    retain_graph: bool,
    fill_retained: bool,
    targets: set[int] | None = None,
    observer: Callable[[Any], None] | None = None,
) -> tuple[list[Value], dict[int, Value], dict[int, float]]:
    """The engine's pass from ``values`` (the elements of ``roots``), pausing where a hooked
    tensor's gradient is complete to run its hooks, and where a node with a tensor rule has
    all its output gradients, to run that rule in place of its elements' scalar rules.

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
        if op_of(v) is None and v.requires_grad:
            leaves[id(v)] = v
    for v in order:
        for x in inputs_of(v):
            if x.__class__ is Value and x.requires_grad and op_of(x) is None:
                leaves[id(x)] = x
    old = {k: v.grad for k, v in leaves.items()}
    for v in leaves.values():
        v.grad = ZERO
    for v, g in zip(values, seeds):
        v.grad = g if v.grad is ZERO else v.grad + g
    try:
        with gc_paused():
            start = 0
            plain = observer is None and targets is None and not is_anomaly_enabled()
            order, checkpoints = _checkpoints(order, _stops(roots, plain))
            reached = {id(v) for v in order}
            known = reached | leaves.keys()
            covered: set[int] = set()
            for pos, stop in checkpoints:
                seg = [v for v in order[start:pos] if id(v) not in covered]
                if seg:
                    run_pass(seg, retain_graph=retain_graph, observer=observer)
                start = pos
                for t in stop.hooked:
                    _hooked(t, reached, fill_retained)
                if stop.rule is not None:
                    covered |= _ruled(stop, reached, known, retain_graph, observer)
            seg = [v for v in order[start:] if id(v) not in covered]
            if seg:
                run_pass(seg, retain_graph=retain_graph, observer=observer)
    except BaseException:
        for k, v in leaves.items():
            v.grad = old[k]
        raise
    return order, leaves, old


def _ruled(
    stop: _Stop,
    reached: set[int],
    known: set[int],
    retain_graph: bool,
    observer: Callable[[Any], None] | None = None,
) -> set[int]:
    """Run a node's tensor rule: its input elements' gradients from its output gradients.
    The ids of the Values it stood for (none if the rule does not take this node)."""
    node = stop.node
    assert node is not None
    if stop.rule is ELEMENTWISE:  # its elements alone, all of them reached
        inner = node.elements
        if any(id(v) not in reached for v in inner):
            return set()
    elif stop.rule is BROADCAST:  # an elementwise op: its elements alone, no walk needed
        inner = [v for v in node.elements if id(v) in reached]
    else:
        inner = [v for v in members(node) if id(v) in reached]
    for v in inner:  # a second backward through freed nodes: the engine's error
        op = op_of(v)
        if op is not None:
            check_and_free(v, op, True)
    g = [float(v.grad) if id(v) in reached else 0.0 for v in node.elements]
    got = stop.rule(node, g)
    if got is None:
        return set()
    seen: list[tuple[Value, int, float, float]] = []
    f32 = is_float32(node.elements[0])  # else a float64 gather's rule (tensor_rules._copies)
    for k, (t, gt) in enumerate(zip(node.differentiable_inputs, got)):
        if gt is None or not is_tensor(t) or not t.requires_grad:
            continue
        if observer is None and f32 and _add_shares(t.flat, gt, known):
            continue
        for x, c in zip(t.flat, gt):
            if id(x) in known and x.requires_grad:
                if f32:
                    c = F32(c)  # the rule's numbers are float32: so is their sum with others
                x.grad = c if x.grad is ZERO else x.grad + c
                seen.append((x, k, float(c), x.grad))
    if observer is not None:
        xs, ks, cs, gs = zip(*seen) if seen else ((), (), (), ())
        observer(RuleStep(node, tuple(g), xs, ks, cs, gs))
    for v in inner:
        op = op_of(v)
        if op is not None:
            check_and_free(v, op, retain_graph)
    return {id(v) for v in inner}


def _add_shares(flat: list[Value], shares: list[float], known: set[int]) -> bool:
    """Add a rule's float32 shares into the grads of ``flat`` at once, one C rounding loop for
    the lot: bit for bit ``x.grad = F32(c)`` or ``x.grad + F32(c)`` element by element. False
    (nothing done) where that order would matter: an element twice, a grad not a number."""
    xs: list[Value] = []
    cs: list[float] = []
    for x, c in zip(flat, shares):
        if id(x) in known and x.requires_grad:
            xs.append(x)
            cs.append(c)
    if not xs:
        return True
    olds = [x.grad for x in xs]
    if len({id(x) for x in xs}) < len(xs) or any(not isinstance(o, float) for o in olds):
        return False
    cs = round32(cs)  # F32(c)
    # F32 + F32, or a float grad first cast to float32 (F32's __radd__): each sum rounded once
    sums = round32(
        [
            c
            if o is ZERO
            else float.__add__(o, c)
            if o.__class__ is F32
            else float.__add__(c, f32(o))
            for o, c in zip(olds, cs)
        ]
    )
    for x, o, c, s in zip(xs, olds, cs, sums):
        x.grad = _new(F32, c if o is ZERO else s)
    return True


_new = float.__new__


def _checkpoints(
    order: list[Value], stops: list[_Stop]
) -> tuple[list[Value], list[tuple[int, _Stop]]]:
    """``order`` rearranged so that each stop's elements come after all their consumers, and
    where each stop's gradient is complete (its hooks and its tensor rule run there).

    Any topological order puts an element after its own consumers; a tensor's hooks need
    every element's: a second topological sort holds each tensor's elements back until the
    last of them is ready.
    """
    if not stops:
        return order, []
    ids = [id(v) for v in order]
    inside = set(ids)
    ins_of = dict(zip(ids, map(inputs_of, order)))  # each Value's inputs, read once
    waiting: dict[int, int] = dict.fromkeys(inside, 0)  # consumers not yet visited
    for xs in ins_of.values():
        for x in xs:
            i = id(x)
            if i in inside:
                waiting[i] += 1
    group: dict[int, int] = {}
    left: list[int] = []
    for k, t in enumerate(stops):
        mine = [v for v in t.flat if id(v) in inside and id(v) not in group]
        group.update((id(v), k) for v in mine)
        left.append(len(mine))
    held: list[list[Value]] = [[] for _ in stops]
    ready = [v for v in reversed(order) if waiting[id(v)] == 0]
    out: list[Value] = []
    found: list[tuple[int, Any]] = []

    def release(x: Value) -> None:
        k = group.get(id(x))
        if k is None:
            ready.append(x)
            return
        held[k].append(x)
        left[k] -= 1
        if left[k] == 0:
            found.append((len(out), stops[k]))
            ready.extend(reversed(held[k]))

    for r in list(ready):
        if id(r) in group:
            ready.remove(r)
            release(r)
    pop, put = ready.pop, out.append
    while ready:
        v = pop()
        put(v)
        for x in ins_of[id(v)]:
            i = id(x)
            if i in inside:
                n = waiting[i] - 1
                waiting[i] = n
                if n == 0:
                    release(x)
    found.sort(key=lambda p: (p[0], -p[1].seq))
    return out, found


def _hooked(t: Any, reached: set[int], fill_retained: bool) -> None:
    g = grad_tensor(t, [v.grad if id(v) in reached else 0.0 for v in t.flat])
    g = call_hooks(t, g)
    for v, gv in zip(t.flat, g.flat):
        if id(v) in reached:
            v.grad = gv.data
    if t.retains_grad and fill_retained:
        t.grad = add_into(t.grad, g)


def call_hooks(t: Any, g: Any) -> Any:
    """Run ``t``'s hooks on its gradient ``g``, in order; a hook's result replaces it."""
    for hook in list((t.backward_hooks or {}).values()):
        r = hook(g)
        if r is not None:
            g = checked_result(hook, g, r)
    return g


def post_accumulate(t: Any) -> None:
    """Run a leaf's ``register_post_accumulate_grad_hook`` hooks (in the order registered),
    each given the leaf, once its ``.grad`` holds this pass's gradient."""
    for hook in list((t.__dict__.get("post_accumulate_grad_hooks") or {}).values()):
        hook(t)


def add_into(acc: Any, g: Any) -> Any:
    """Accumulate ``g`` into the grad tensor ``acc`` in place (the same object every time)."""
    if acc is None:
        return grad_tensor(g, [v.data for v in g.flat])
    if acc.dtype is float32 and len({id(a) for a in acc.flat}) < len(acc.flat):
        for a, b in zip(acc.flat, g.flat):  # an element twice (a grad set to a view): in turn
            a.data = float(F32(a.data) + b.data)
    elif acc.dtype is float32:  # a float32 leaf's grad adds in float32, as PyTorch's ``+=``
        old, new = round32([a.data for a in acc.flat]), round32([b.data for b in g.flat])
        # F32(a) + b: b cast to float32, the sum rounded once; one C loop for the lot
        for a, s in zip(acc.flat, round32([x + y for x, y in zip(old, new)])):
            a.data = s
    else:
        for a, b in zip(acc.flat, g.flat):
            a.data += b.data
    return acc


def _accumulate(leaves: dict[int, Value], old: dict[int, float]) -> None:
    done: set[int] = set()
    for k, v in leaves.items():
        t = leaf_tensor(v)
        if t is None or not t.is_leaf or not t.requires_grad:
            if old[k] is not ZERO:  # a Value with no tensor: the engine's own accumulation
                v.grad = old[k] + v.grad
            continue
        if id(t) in done:
            continue
        done.add(id(t))
        g = grad_tensor(t, [x.grad if id(x) in leaves else 0.0 for x in t.flat])
        t.grad = add_into(t.grad, call_hooks(t, g))
        for x, a in zip(t.flat, t.grad.flat):
            x.grad = a.data
        post_accumulate(t)


def _backward_create_graph(values: list[Value], seeds: list[Any]) -> None:
    """``backward(create_graph=True)``: each leaf's ``.grad`` becomes a graph of its own."""
    warnings.warn(CREATE_GRAPH_CYCLE, UserWarning, stacklevel=5)  # from t.backward()
    leaves: dict[int, Any] = {}
    for v in [*values, *(x for n in toposort(values) for x in inputs_of(n))]:
        t = leaf_tensor(v) if isinstance(v, Value) and v.grad_fn is None else None
        if t is not None and t.is_leaf and t.requires_grad:
            leaves[id(t)] = t
    ts = list(leaves.values())
    wanted = [v for t in ts for v in t.flat]
    got = engine_grad(values, wanted, seeds, create_graph=True, retain_graph=True)
    it = iter(got)
    for t in ts:
        g = [0.0 if x is None else x for x in (next(it) for _ in t.flat)]
        g = call_hooks(t, lift(type(t), g, t.shape, t.dtype))
        t.grad = copy(g, "copy") if t.grad is None else t.grad + g
        post_accumulate(t)


def grad_with_hooks(
    roots: list[Any], values: list[Value], seeds: list[Any], ins: list[Any], *, retain_graph: bool
) -> list[float | None]:
    """The gradient of each input element (None if not reached), running tensor hooks as
    PyTorch's autograd.grad does, and leaving every ``.grad`` as it found it."""
    targets = {id(v) for x in ins for v in x.flat}
    order = toward(toposort(values), targets)
    # the pass writes the grads of what it runs and of the inputs; all are put back after
    touched = list({id(v): v for v in [*order, *(v for x in ins for v in x.flat)]}.values())
    before = [v.grad for v in touched]
    for v in touched:
        v.grad = 0.0
    order, leaves, old = _pass(
        roots, values, seeds, retain_graph=retain_graph, fill_retained=False, targets=targets
    )
    reached = {id(v) for v in values}
    ran_ids = {id(v) for v in order}
    for v in order:
        reached.update(id(x) for x in inputs_of(v))
    got: list[float | None] = []
    for x in ins:
        g = [v.grad if id(v) in reached else None for v in x.flat]
        # an input's own hooks run here, unless a stop in the pass ran them (an input that is
        # also on the way to another input)
        ran = x.grad_fn is not None and any(id(v) in ran_ids for v in x.flat)
        if x.backward_hooks and not ran and any(e is not None for e in g):
            t = call_hooks(x, grad_tensor(x, [0.0 if e is None else e for e in g]))
            g = [None if e is None else h.data for e, h in zip(g, t.flat)]
        got.extend(g)
    for k, v in leaves.items():
        v.grad = old[k]
    for v, b in zip(touched, before):
        v.grad = b
    return got
