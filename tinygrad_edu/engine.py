"""The scalar engine: ``Value``, its ``grad_fn`` nodes, and an iterative backward pass.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0, label="a"), Value(-3.0, label="b")
>>> c = a * b
>>> c.grad_fn
<MulBackward0 object at 0x...>
>>> c.backward()
>>> a.grad, b.grad
(-3.0, 2.0)

A Value holds its data, its grad and its grad_fn.  The grad_fn node holds the inputs (for the
graph's structure) and the numbers its local-derivative rule needs (PyTorch's saved values);
it never refers back to its output, so no graph is kept alive by a reference cycle and every
graph is freed by reference counting alone, the moment the last name for it goes.
"""

from __future__ import annotations

import gc
import itertools
import operator
import traceback
import warnings
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .grad_mode import STATE, set_grad_enabled
from .ops import NARY, OPS, Op

__all__ = [
    "AccumulateGrad",
    "Node",
    "Step",
    "Value",
    "backward",
    "detect_anomaly",
    "gc_paused",
    "grad",
    "set_detect_anomaly",
    "toposort",
    "toward",
    "vdot",
    "vsum",
]

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward."
)
NO_GRAD = "element 0 of tensors does not require grad and does not have a grad_fn"

_Number = (int, float)


# -- nodes -----------------------------------------------------------------------------------


class Node:
    """A backward node (PyTorch's ``grad_fn``): one per op result that requires grad.

    ``_inputs`` are the op's inputs (Values, or plain floats for number operands), ``_args``
    their data at forward time followed by the result, which is what the local rule reads.
    """

    __slots__ = ("__weakref__", "_args", "_freed", "_inputs", "_seq")
    op: Op
    local: Callable[..., tuple[Any, ...]]
    saves: bool  # whether a backward frees something (else a second backward is allowed)

    def name(self) -> str:
        return self.op.name

    # -- the graph's public face: what viz, nn and the lessons read ----------------------------

    @property
    def inputs(self) -> tuple[Any, ...]:
        """Every input of the op, in order: Values, and plain floats for number operands."""
        return self._inputs

    @property
    def differentiable_inputs(self) -> tuple[Any, ...]:
        """The inputs that are PyTorch's slots, one per ``next_functions`` entry."""
        n = len(self._inputs) if self.op.slots < 0 else self.op.slots
        return self._inputs[:n]

    @property
    def result(self) -> float:
        """The output's data at forward time."""
        return self._args[-1]

    def saved_values(self) -> dict[str, Any]:
        """What the node keeps for its rule, by PyTorch's names (``{"_saved_self": a, ...}``).

        Unlike the ``_saved_*`` attributes this also answers after a backward pass, so a
        picture drawn afterwards can still show them.
        """
        return {
            attr: self._args[-1] if where == "result" else self._inputs[where]
            for attr, where in self.op.saved.items()
        }

    @property
    def next_functions(self) -> tuple[tuple[Node | None, int], ...]:
        return tuple((_edge(x), 0) for x in self.differentiable_inputs)

    @property
    def metadata(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def __getattr__(self, attr: str) -> Any:
        # PyTorch's saved values: _saved_self, _saved_other, _saved_exponent, _saved_result.
        where = type(self).op.saved.get(attr) if attr.startswith("_saved_") else None
        if where is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")
        if self._freed:
            raise RuntimeError(SECOND_BACKWARD)
        if where == "result":
            return self._args[-1]
        return self._inputs[where]  # type: ignore[index]

    def local_derivatives(self) -> tuple[Any, ...]:
        """d(out)/d(input) for each input, from the values saved at forward time."""
        if self._freed:
            raise RuntimeError(SECOND_BACKWARD)
        return self.local(*self._args)

    def __call__(self, *grad_outputs: Any) -> Any:
        """Apply the chain rule once: the input gradients for one output gradient.

        Like PyTorch's nodes: a tuple for several inputs, a bare value for one, None where an
        input does not require grad.  It does not free anything or touch ``.grad``.
        """
        if len(grad_outputs) != 1:
            raise TypeError(f"expected 1 arguments, got {len(grad_outputs)} instead")
        (g,) = grad_outputs
        if not isinstance(g, (*_Number, Value)):
            raise TypeError("argument 0 is not a Variable")
        if isinstance(g, Value):
            local = self.local(*self._graph_args())
        else:
            local = self.local_derivatives()
        n = len(self._inputs) if self.op.slots < 0 else self.op.slots
        out = tuple(
            g * d if isinstance(x, Value) and x.requires_grad else None
            for x, d in zip(self._inputs[:n], local)
        )
        return out[0] if len(out) == 1 else out

    def _graph_args(self) -> tuple[Any, ...]:
        """The rule's arguments as Values, so that applying it records a graph."""
        if self._freed:
            raise RuntimeError(SECOND_BACKWARD)
        ins = self._inputs
        out = _apply(self.op, ins) if self.op.uses_result else self._args[-1]
        return (*ins, out)


class AccumulateGrad:
    """The node for a leaf that requires grad: backward ends here, adding into ``.grad``.

    There is one per leaf, shared by every graph that uses the leaf while any of them is alive.
    """

    __slots__ = ("__weakref__", "variable")

    def __init__(self, variable: Value) -> None:
        self.variable = variable

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    next_functions: tuple[()] = ()
    inputs: tuple[()] = ()
    differentiable_inputs: tuple[()] = ()
    metadata: dict[str, Any] = {}

    def __call__(self, grad: Any) -> None:
        self.variable.grad += grad

    def __repr__(self) -> str:
        return f"<AccumulateGrad object at {id(self):#x}>"


def accumulator(x: Value) -> AccumulateGrad | None:
    """The leaf's ``AccumulateGrad`` node if one exists now (a graph that uses the leaf is alive).

    It is made by the first ``next_functions`` that reaches the leaf, as in PyTorch.
    """
    return x._ag() if x._ag is not None else None


def _edge(x: Any) -> Node | AccumulateGrad | None:
    if not isinstance(x, Value) or not x.requires_grad:
        return None
    if x.grad_fn is not None:
        return x.grad_fn
    ag = x._ag() if x._ag is not None else None
    if ag is None:
        # The leaf holds its AccumulateGrad weakly (as PyTorch does), so there is no cycle.
        ag = AccumulateGrad(x)
        x._ag = weakref.ref(ag)
    return ag


def _node_class(op: Op) -> type[Node]:
    attrs = {"__slots__": (), "op": op, "local": staticmethod(op.local), "saves": bool(op.saved)}
    return type(op.name, (Node,), attrs)


NODE_CLASSES: dict[str, type[Node]] = {key: _node_class(op) for key, op in {**OPS, **NARY}.items()}


# -- values ----------------------------------------------------------------------------------


def _coerce(x: Any) -> Any:
    """A Value stays; a number becomes a float; anything else is refused."""
    if type(x) is float or isinstance(x, Value):
        return x
    if isinstance(x, _Number):
        return float(x)
    return None


class Value:
    """A scalar that remembers how it was made.

    ``Value(data, requires_grad=True, label="")``.  Ops on Values (and on a Value and a number,
    on either side) make new Values whose ``grad_fn`` is the backward node of the op.
    """

    __slots__ = ("_ag", "data", "grad", "grad_fn", "label", "requires_grad")

    def __init__(self, data: float, requires_grad: bool = True, label: str = "") -> None:
        if isinstance(data, bool) or not isinstance(data, _Number):
            raise TypeError(f"Value() data must be a real number, got {type(data).__name__}")
        if not isinstance(label, str):
            raise TypeError(f"Value() label must be a str, got {type(label).__name__}")
        self.data = float(data)
        self.grad = 0.0
        self.grad_fn: Node | None = None
        self.requires_grad = bool(requires_grad)
        self.label = label
        self._ag: weakref.ref[AccumulateGrad] | None = None

    @property
    def is_leaf(self) -> bool:
        return self.grad_fn is None

    def __repr__(self) -> str:
        parts = [f"data={self.data!r}"]
        if self.requires_grad:
            parts.append(f"grad={self.grad!r}")
        if self.grad_fn is not None:
            parts.append(f"grad_fn=<{self.grad_fn.name()}>")
        elif not self.requires_grad:
            parts.append("requires_grad=False")
        if self.label:
            parts.append(f"label={self.label!r}")
        return f"Value({', '.join(parts)})"

    def __float__(self) -> float:
        return self.data

    def item(self) -> float:
        return self.data

    def detach(self) -> Value:
        """The same number, cut off from the graph (a leaf that does not require grad)."""
        return Value(self.data, requires_grad=False, label=self.label)

    # -- arithmetic: each line names its op; numbers always land in the second slot ------------

    def __add__(self, other: Any) -> Value:
        return _binary("add", self, other)

    def __radd__(self, other: Any) -> Value:
        return _binary("add", self, other)  # PyTorch puts the number second: ((AG, 0), (None, 0))

    def __sub__(self, other: Any) -> Value:
        return _binary("sub", self, other)

    def __rsub__(self, other: Any) -> Value:
        o = _coerce(other)
        return NotImplemented if o is None else _apply(OPS["rsub"], (self, o))

    def __mul__(self, other: Any) -> Value:
        return _binary("mul", self, other)

    def __rmul__(self, other: Any) -> Value:
        return _binary("mul", self, other)

    def __truediv__(self, other: Any) -> Value:
        return _binary("div", self, other)

    def __rtruediv__(self, other: Any) -> Value:
        o = _coerce(other)  # PyTorch: 2/a is MulBackward0 over ReciprocalBackward0
        return NotImplemented if o is None else _apply(OPS["mul"], (self.reciprocal(), o))

    def __pow__(self, other: Any) -> Value:
        # an int exponent stays an int, as PyTorch's _saved_exponent does
        o = other if type(other) is int else _coerce(other)
        if o is None:
            return NotImplemented
        return _apply(OPS["powt" if isinstance(o, Value) else "pow"], (self, o))

    def __rpow__(self, other: Any) -> Value:
        o = _coerce(other)
        return NotImplemented if o is None else _apply(OPS["rpow"], (self, o))

    def __neg__(self) -> Value:
        return _apply(OPS["neg"], (self,))

    def __pos__(self) -> Value:
        return self

    def exp(self) -> Value:
        return _apply(OPS["exp"], (self,))

    def log(self) -> Value:
        return _apply(OPS["log"], (self,))

    def tanh(self) -> Value:
        return _apply(OPS["tanh"], (self,))

    def relu(self) -> Value:
        return _apply(OPS["relu"], (self,))

    def sigmoid(self) -> Value:
        return _apply(OPS["sigmoid"], (self,))

    def sin(self) -> Value:
        return _apply(OPS["sin"], (self,))

    def cos(self) -> Value:
        return _apply(OPS["cos"], (self,))

    def sqrt(self) -> Value:
        return _apply(OPS["sqrt"], (self,))

    def abs(self) -> Value:
        return _apply(OPS["abs"], (self,))

    __abs__ = abs

    def reciprocal(self) -> Value:
        return _apply(OPS["recip"], (self,))

    # -- micrograd's names, so Karpathy's lecture code runs unchanged --------------------------

    @property
    def _prev(self) -> set[Value]:
        """The Values this one was made from (micrograd's ``_prev``)."""
        fn = self.grad_fn
        return {x for x in fn.inputs if isinstance(x, Value)} if fn is not None else set()

    @property
    def _op(self) -> str:
        """micrograd's op string (``'+'``, ``'*'``, ``'**2'``, ``'tanh'``...); ``''`` for a leaf."""
        fn = self.grad_fn
        return "" if fn is None else fn.op.micrograd.format(*fn.inputs)

    def _backward(self) -> None:
        """This Value's step of the chain rule, added into its inputs' grads (micrograd's)."""
        fn = self.grad_fn
        if fn is None:
            return
        for x, d in zip(fn.differentiable_inputs, fn.local_derivatives()):
            if isinstance(x, Value) and x.requires_grad:
                x.grad += self.grad * d

    def backward(self, gradient: float = 1.0, retain_graph: bool = False) -> None:
        """Fill ``.grad`` of every Value this one depends on that requires grad."""
        backward([self], [gradient], retain_graph=retain_graph)


_new = object.__new__
_next_seq = itertools.count().__next__


def _result(
    cls: type[Node], data: float, inputs: tuple[Any, ...], args: tuple[Any, ...], rg: bool
) -> Value:
    """The output Value of an op, with its node when an input requires grad (and grad mode is on).

    Nodes are numbered as they are made: an op's inputs always exist before it, so the numbers
    are a topological order, which makes the backward pass's sort nearly free.
    """
    out = _new(Value)
    out.data = data
    out.grad = 0.0
    out.label = ""
    out._ag = None
    if rg and STATE.enabled:
        out.requires_grad = True
        out.grad_fn = fn = _new(cls)
        fn._inputs = inputs
        fn._args = args
        fn._freed = False
        fn._seq = _next_seq()
        if _anomaly.enabled:
            _anomaly.stacks[fn] = traceback.format_stack()[:-3]
    else:
        out.requires_grad = False
        out.grad_fn = None
    return out


def _apply(op: Op, inputs: tuple[Any, ...]) -> Value:
    """Run ``op`` forward on ``inputs`` (Values or floats) and record its node if needed."""
    args = [x.data if x.__class__ is Value else x for x in inputs]
    data = op.forward(*args)
    args.append(data)
    n = len(inputs) if op.slots < 0 else op.slots
    rg = any(x.__class__ is Value and x.requires_grad for x in inputs[:n])
    return _result(NODE_CLASSES[op.key], data, inputs, tuple(args), rg)


def _binary(key: str, a: Value, b: Any) -> Value:
    """The fast path for the four arithmetic ops, the bulk of every graph."""
    op = OPS[key]
    if b.__class__ is Value:
        ad, bd = a.data, b.data
        data = op.forward(ad, bd)
        return _result(
            NODE_CLASSES[key], data, (a, b), (ad, bd, data), a.requires_grad or b.requires_grad
        )
    if b.__class__ is not float:
        if not isinstance(b, _Number):
            return NotImplemented
        b = float(b)
    ad = a.data
    data = op.forward(ad, b)
    return _result(NODE_CLASSES[key], data, (a, b), (ad, b, data), a.requires_grad)


def vsum(values: Iterable[Value | float]) -> Value:
    """The sum of many Values as one n-ary ``SumBackward0`` node, not a chain of additions."""
    ins = tuple(v if isinstance(v, Value) else float(v) for v in values)
    return _apply(NARY["sum"], ins)


def vdot(a: Sequence[Value | float], b: Sequence[Value | float]) -> Value:
    """The dot product of two equal-length sequences as one n-ary ``DotBackward0`` node."""
    if len(a) != len(b):
        raise ValueError(f"vdot needs sequences of one length, got {len(a)} and {len(b)}")
    ins = tuple(v if isinstance(v, Value) else float(v) for v in itertools.chain(a, b))
    return _apply(NARY["dot"], ins)


# -- backward --------------------------------------------------------------------------------


def toposort(roots: Iterable[Value], *, zero_grads: bool = False) -> list[Value]:
    """Every non-leaf Value that ``roots`` depend on, each once, outputs first.

    An iterative search (no recursion, so a graph a million ops deep is fine) collects them;
    sorting by node number, the order the ops ran in, puts each after all its consumers.
    ``zero_grads`` sets each one's grad to 0 on the way, as a backward pass starts with.
    """
    seen: set[Value] = set()
    stack = []
    for r in roots:
        if r.grad_fn is not None and r not in seen:
            seen.add(r)
            stack.append(r)
    found: list[Value] = []
    push, pop, visit, mark, value = stack.append, stack.pop, found.append, seen.add, Value
    while stack:
        v = pop()
        visit(v)
        if zero_grads:
            v.grad = 0.0
        for x in v.grad_fn._inputs:  # type: ignore[union-attr]
            if x.__class__ is value and x.grad_fn is not None and x not in seen:
                mark(x)
                push(x)
    found.sort(key=_by_seq, reverse=True)
    return found


_by_seq = operator.attrgetter("grad_fn._seq")


def toward(order: list[Value], targets: set[int]) -> list[Value]:
    """The nodes of ``order`` (outputs first) with an input that leads to a target (by id).

    All that ``grad`` needs, as in PyTorch, which never runs (or needs the saved values of)
    the nodes below them.
    """
    needed: set[int] = set()
    for v in reversed(order):  # inputs before the nodes that use them
        if any(id(x) in targets or id(x) in needed for x in v.grad_fn._inputs):  # type: ignore[union-attr]
            needed.add(id(v))
    return [v for v in order if id(v) in needed]


@dataclass(frozen=True)
class Step:
    """One step of the backward pass, as reported to an observer (the trace is built on it)."""

    index: int
    value: Value
    node: Node
    upstream: float
    inputs: tuple[Any, ...]
    local: tuple[Any, ...]
    contributions: tuple[float | None, ...]
    grads: tuple[float | None, ...]


def backward(
    roots: Sequence[Value],
    gradients: Sequence[float] | None = None,
    *,
    retain_graph: bool = False,
    observer: Callable[[Step], None] | None = None,
) -> None:
    """Back-propagate from ``roots`` (seeded with ``gradients``, default 1.0 each).

    Grads of non-leaf Values are recomputed by each pass; leaf grads accumulate across passes,
    as in PyTorch.  ``observer`` is called once per node, in the order the pass visits them.
    """
    seeds = [1.0] * len(roots) if gradients is None else [float(g) for g in gradients]
    for r in roots:
        if not isinstance(r, Value):
            raise TypeError(f"backward() expects Values, got {type(r).__name__}")
        if not r.requires_grad:
            raise RuntimeError(NO_GRAD)
    with gc_paused():
        order = toposort(roots, zero_grads=True)
        for r, g in zip(roots, seeds):
            r.grad += g
        if observer is not None or _anomaly.enabled:
            _backward_observed(order, retain_graph, observer)
        else:
            _backward_fast(order, retain_graph)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cycle collector for a backward pass, then restore it as it was.

    The pass makes no reference cycles, so the collector has nothing to find in it; on a large
    graph it would still walk every node many times over.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _backward_fast(order: list[Value], retain_graph: bool) -> None:
    value = Value
    for v in order:
        fn = v.grad_fn
        if fn._freed:
            raise RuntimeError(SECOND_BACKWARD)
        g = v.grad
        ins = fn._inputs
        d = fn.local(*fn._args)
        x = ins[0]  # the first two slots unrolled (most nodes have one or two): a third faster
        if x.__class__ is value and x.requires_grad:
            x.grad += g * d[0]
        if len(d) == 2:
            x = ins[1]
            if x.__class__ is value and x.requires_grad:
                x.grad += g * d[1]
        elif len(d) > 2:
            for x, dx in zip(ins[1:], d[1:]):
                if x.__class__ is value and x.requires_grad:
                    x.grad += g * dx
        if not retain_graph:
            fn._freed = fn.saves


def _backward_observed(
    order: list[Value], retain_graph: bool, observer: Callable[[Step], None] | None
) -> None:
    for i, v in enumerate(order, 1):
        fn = v.grad_fn
        if fn._freed:
            raise RuntimeError(SECOND_BACKWARD)
        g = v.grad
        local = fn.local(*fn._args)
        n = len(fn._inputs) if fn.op.slots < 0 else fn.op.slots
        contribs: list[float | None] = []
        for x, d in zip(fn._inputs[:n], local):
            if x.__class__ is Value and x.requires_grad:
                c = g * d
                if _anomaly.enabled and c != c and _anomaly.check_nan:
                    _anomaly.fail(fn, len(contribs))
                x.grad += c
                contribs.append(c)
            else:
                contribs.append(None)
        if not retain_graph:
            fn._freed = fn.saves
        if observer is not None:
            grads = tuple(x.grad if c is not None else None for x, c in zip(fn._inputs, contribs))
            observer(Step(i, v, fn, g, fn._inputs[:n], tuple(local[:n]), tuple(contribs), grads))


def grad(
    outputs: Sequence[Value],
    inputs: Sequence[Value],
    grad_outputs: Sequence[Any] | None = None,
    *,
    create_graph: bool = False,
    retain_graph: bool | None = None,
) -> list[Any]:
    """d(outputs)/d(inputs) without touching any ``.grad``; None for an input not reached.

    With ``create_graph=True`` the gradients are Values with a graph of their own, so they can
    be differentiated again (``d²/dx² x³ = 6x``).
    """
    if retain_graph is None:
        retain_graph = create_graph
    seeds = [1.0] * len(outputs) if grad_outputs is None else list(grad_outputs)
    for o in outputs:
        if not isinstance(o, Value) or not o.requires_grad:
            raise RuntimeError(NO_GRAD)
    acc: dict[int, Any] = {}
    for o, g in zip(outputs, seeds):
        acc[id(o)] = acc[id(o)] + g if id(o) in acc else g
    order = toward(toposort(outputs), {id(x) for x in inputs})
    with set_grad_enabled(create_graph):
        for v in order:
            fn = v.grad_fn
            g = acc.get(id(v))
            if g is None:
                continue
            args = fn._graph_args() if create_graph else fn._args  # type: ignore[union-attr]
            if fn._freed:  # type: ignore[union-attr]
                raise RuntimeError(SECOND_BACKWARD)
            local = fn.local(*args)  # type: ignore[union-attr]
            for x, d in zip(fn._inputs, local):  # type: ignore[union-attr]
                if x.__class__ is Value and x.requires_grad:
                    c = g * d
                    acc[id(x)] = acc[id(x)] + c if id(x) in acc else c
            if not retain_graph:
                fn._freed = fn.saves  # type: ignore[union-attr]
    return [acc.get(id(x)) for x in inputs]


# -- anomaly mode ----------------------------------------------------------------------------


class _Anomaly:
    enabled = False
    check_nan = True
    stacks: weakref.WeakKeyDictionary[Node, list[str]] = weakref.WeakKeyDictionary()

    def fail(self, fn: Node, index: int) -> None:
        name = fn.name()
        stack = "".join(self.stacks.get(fn, []))
        warnings.warn(
            f"Error detected in {name}. Traceback of forward call that caused the error:\n{stack}",
            UserWarning,
            stacklevel=4,
        )
        raise RuntimeError(f"Function '{name}' returned nan values in its {index}th output.")


_anomaly = _Anomaly()
_ANOMALY_ON = (
    "Anomaly Detection has been enabled. This mode will increase the runtime and should only "
    "be enabled for debugging."
)


def set_detect_anomaly(mode: bool, check_nan: bool = True) -> None:
    """Make backward raise, naming the node, when a node returns nan (PyTorch's anomaly mode)."""
    _anomaly.enabled = bool(mode)
    _anomaly.check_nan = bool(check_nan)


class detect_anomaly:  # noqa: N801 - PyTorch's name
    """Anomaly mode for a block: ``with detect_anomaly(): loss.backward()``."""

    def __init__(self, check_nan: bool = True) -> None:
        # PyTorch warns here, for the context manager only (set_detect_anomaly is silent)
        warnings.warn(_ANOMALY_ON, UserWarning, stacklevel=2)
        self.check_nan = check_nan

    def __enter__(self) -> None:
        self.prev = (_anomaly.enabled, _anomaly.check_nan)
        set_detect_anomaly(True, self.check_nan)

    def __exit__(self, *exc: object) -> None:
        _anomaly.enabled, _anomaly.check_nan = self.prev
