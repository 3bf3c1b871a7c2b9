"""The scalar engine: ``Value``, how an op records itself, and the backward pass.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0, label="a"), Value(-3.0, label="b")
>>> c = a * b
>>> c.grad_fn
<MulBackward0 object at 0x...>
>>> c.backward()
>>> a.grad, b.grad
(-3.0, 2.0)

A Value holds its data, its grad, and how it was made: its op (a line of the table in
``ops.py``) and its inputs. Its ``grad_fn`` node (``graph.py``) is made from those when first
asked for. The backward pass visits each Value once, outputs first, and applies the chain rule
of its op: one object per op, so building a graph and walking it stay cheap.
"""

from __future__ import annotations

import math
import operator
import sys
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import anomaly_mode
from .collector import LIVE as _LIVE
from .collector import gc_paused, resize
from .grad_mode import STATE
from .graph import (
    FREED,
    ZERO,
    AccumulateGrad,
    Node,
    chain_rule,
    local_derivatives,
    node_class,
    slots_of,
)
from .messages import NO_GRAD, SECOND_BACKWARD
from .ops import NARY, OPS, Op, in_float32

__all__ = [
    "INFIX",
    "Step",
    "Value",
    "accumulator",
    "affine",
    "apply",
    "attach_node",
    "backward",
    "check_and_free",
    "constants",
    "gc_paused",
    "in_float32_format",
    "inputs_of",
    "is_float32",
    "live_graph_values",
    "op_of",
    "run_pass",
    "toposort",
    "vdot",
    "vsum",
]

_new = object.__new__
_ANOMALY = anomaly_mode.MODE


class Value:
    """A scalar that remembers how it was made.

    ``Value(data, requires_grad=True, label="")``. Ops on Values (and on a Value and a number,
    on either side) make new Values whose ``grad_fn`` is the backward node of the op. Unlike
    ``torch.tensor``, a Value requires grad unless told otherwise, as micrograd's does.
    """

    # _kind: the op that made it (None for a leaf); _a, _b: its inputs (see inputs_of), for a
    # neuron's sum its weights and bias, then the inputs its layer's neurons share (see affine);
    # _node: its grad_fn once made, FREED once a pass freed it, or a leaf's AccumulateGrad (weakly)
    __slots__ = ("_a", "_b", "_kind", "_node", "data", "grad", "label", "requires_grad")

    def __init__(self, data: float, requires_grad: bool = True, label: str = "") -> None:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise TypeError(f"Value() data must be a real number, got {type(data).__name__}")
        if not isinstance(label, str):
            raise TypeError(f"Value() label must be a str, got {type(label).__name__}")
        self.data = float(data)
        self.grad = ZERO
        self.requires_grad = bool(requires_grad)
        self.label = label
        self._kind: Op | None = None
        self._node: Any = None

    apply = staticmethod(lambda op, inputs: apply(op, inputs))

    @property
    def grad_fn(self) -> Node | None:
        op = self._kind
        if op is None:
            return None
        node = self._node
        if node is None or node is FREED:
            node = self._node = node_class(op)(inputs_of(self), self.data, node is FREED)
        return node

    @property
    def is_leaf(self) -> bool:
        return self._kind is None

    def gradient_edge(self) -> Node | AccumulateGrad:
        """What a consumer's ``next_functions`` holds for this Value: its node, or for a leaf
        its ``AccumulateGrad`` (made on first use, held weakly: the graphs that use it own it)."""
        if self._kind is not None:
            return self.grad_fn  # type: ignore[return-value]
        ag = accumulator(self)
        if ag is None:
            ag = AccumulateGrad(self)
            self._node = weakref.ref(ag)
        return ag

    def __repr__(self) -> str:
        parts = [f"data={self.data!r}"]
        if self.requires_grad:
            parts.append(f"grad={self.grad!r}")
        if self._kind is not None:
            parts.append(f"grad_fn=<{self._kind.name}>")
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

    # -- the four arithmetic ops, the bulk of every graph: written out for speed ---------------

    def __add__(self, other: Any) -> Value:
        return _binary(_ADD, self, other)

    __radd__ = __add__  # PyTorch puts the number second: ((AccumulateGrad, 0), (None, 0))

    def __sub__(self, other: Any) -> Value:
        return _binary(_SUB, self, other)

    def __mul__(self, other: Any) -> Value:
        return _binary(_MUL, self, other)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> Value:
        return _binary(_DIV, self, other)

    def __rsub__(self, other: Any) -> Value:
        o = _number(other)
        return NotImplemented if o is None else apply(OPS["rsub"], (self, o))

    def __rtruediv__(self, other: Any) -> Value:
        o = _number(other)  # PyTorch: 2/a is MulBackward0 over ReciprocalBackward0
        return NotImplemented if o is None else self.reciprocal() * o

    def __pow__(self, other: Any) -> Value:
        if isinstance(other, Value):
            return apply(OPS["powt"], (self, other))
        o = _exponent(other)
        return NotImplemented if o is None else apply(OPS["pow"], (self, o))

    def __rpow__(self, other: Any) -> Value:
        o = _number(other)
        return NotImplemented if o is None else apply(OPS["rpow"], (self, o))

    def __neg__(self) -> Value:
        return apply(OPS["neg"], (self,))

    def __pos__(self) -> Value:
        return self

    def __abs__(self) -> Value:
        return apply(OPS["abs"], (self,))

    # -- micrograd's names, so Karpathy's lecture code runs unchanged --------------------------

    @property
    def _prev(self) -> set[Value]:
        """The Values this one was made from (micrograd's ``_prev``)."""
        if self._kind is None:
            return set()
        return {x for x in inputs_of(self) if isinstance(x, Value)}

    @property
    def _op(self) -> str:
        """micrograd's op string (``'+'``, ``'*'``, ``'**2'``, ``'tanh'``...); ``''`` for a leaf."""
        op = self._kind
        return "" if op is None else op.written().format(*inputs_of(self))

    def _backward(self) -> None:
        """This Value's step of the chain rule, added into its inputs' grads (micrograd's)."""
        op = self._kind
        if op is not None:
            ins = inputs_of(self)
            for x, c in zip(slots_of(op, ins), chain_rule(op, ins, self.data, self.grad)):
                if c is not None:
                    x.grad = c if x.grad is ZERO else x.grad + c

    def backward(self, gradient: float = 1.0, retain_graph: bool = False) -> None:
        """Fill ``.grad`` of every Value this one depends on that requires grad."""
        backward([self], [gradient], retain_graph=retain_graph)


# -- freeing: each graph Value counted out for the collector; under Pyodide, whose stack has no
# trashcan, a chain's release would recurse as deep as the chain, so there one loop frees it


_WORK: list[Any] = []  # what dying Values held, freed by the outermost release's loop (Pyodide)


def release_counted(self: Value, _live: list[int] = _LIVE) -> bool:
    """A graph Value counted out as it goes (``Value.__del__`` natively); CPython's own dealloc
    frees what it held, its trashcan bounding how deep a chain's release recurses. Returns
    whether it was a graph Value."""
    try:
        if self._kind is None:
            return False
    except AttributeError:  # made but not yet set up when a stop came (KeyboardInterrupt)
        return False
    n = _live[0] - 1
    _live[0] = n
    if n < _live[1]:
        _live[1], _live[2] = resize(n)
    return True


def release_in_a_loop(self: Value, _work: list[Any] = _WORK) -> None:
    """A graph Value counted out, and what it held freed by one loop (``Value.__del__`` under
    Pyodide)."""
    # Freeing a chain frees each input inside its consumer's deallocation: a recursion as
    # deep as the chain. Native CPython defers it (its trashcan); under Pyodide the
    # browser's stack overflows first (about 5,000 Values) and kills Python. So a dying
    # Value hands its inputs and node to one work list, emptied by the outermost release:
    # a chain of any length is freed at a constant depth.
    if not release_counted(self):
        return
    a, b, node = self._a, self._b, self._node
    outermost = not _work  # else a release further up the stack frees these after it returns
    if outermost:
        _work.append(None)  # the loop's mark, at the bottom: the list is not empty while it runs
    if a is not None:
        _work.append(a)
    if b is not None:
        _work.append(b)
    if node is not None:
        _work.append(node)
    if not outermost:
        return
    self._a = self._b = self._node = a = b = node = None
    pop = _work.pop
    while pop() is not None:  # each popped object is freed here, its own inputs pushed
        pass


Value.__del__ = release_in_a_loop if sys.platform == "emscripten" else release_counted  # type: ignore[attr-defined]


_ADD, _SUB, _MUL, _DIV = OPS["add"], OPS["sub"], OPS["mul"], OPS["div"]
_SUM, _AFFINE, _RELU = NARY["sum"], NARY["affine"], OPS["relu"]


def _number(x: Any) -> float | None:
    return float(x) if isinstance(x, (int, float)) else None


def _exponent(x: Any) -> float | int | None:
    # an int exponent stays an int, as PyTorch's _saved_exponent does; one too big for a
    # float is infinite, as the forward rule takes it
    if type(x) is int:
        return x if abs(x) < 2**1023 else (math.inf if x > 0 else -math.inf)
    return _number(x)


def _make(data: float, op: Op, a: Any, b: Any, rg: bool) -> Value:
    """The output Value of an op, recording the op when an input requires grad (and grad mode
    is on); otherwise a leaf that does not require grad, as in PyTorch."""
    out = _new(Value)
    out.data = data
    out.grad = ZERO
    out.label = ""
    out._node = None
    if rg and STATE.enabled:
        out.requires_grad = True
        out._kind, out._a, out._b = op, a, b
        n = _LIVE[0] + 1
        _LIVE[0] = n
        if n > _LIVE[2]:
            _LIVE[1], _LIVE[2] = resize(n)
        if _ANOMALY.enabled:
            anomaly_mode.record(out.grad_fn)
    else:
        out.requires_grad = False
        out._kind = None
    return out


def _binary(op: Op, a: Value, b: Any) -> Value:
    if b.__class__ is Value:
        return _make(op.forward(a.data, b.data), op, a, b, a.requires_grad or b.requires_grad)
    if b.__class__ is not float:
        if not isinstance(b, (int, float)):
            return NotImplemented
        b = float(b)
    return _make(op.forward(a.data, b), op, a, b, a.requires_grad)


def apply(
    op: Op,
    inputs: Sequence[Any],
    numbers: Sequence[float] | None = None,
    *,
    result: float | None = None,
) -> Value:
    """Run ``op`` forward on ``inputs`` (Values or numbers) and record it if one requires grad.

    The one public way to make an op's result, for the table's ops and for your own:

    >>> from tinygrad_edu.core.ops import OPS
    >>> y = apply(OPS["exp"], (Value(0.0),))
    >>> y.data, y.grad_fn.name()
    (1.0, 'ExpBackward0')

    ``numbers``: the inputs' numbers (each Value's ``data``, each number itself), when the
    caller has read them already: a layer reads its inputs' once for all its neurons.
    ``result``: the op's result, when the caller computed it with the op's own arithmetic
    (a neuron calls ``ops.affine_sum`` on its weights without gathering their numbers).
    """
    if result is not None:
        data = result
    else:
        if numbers is None:
            numbers = [x.data if x.__class__ is Value else x for x in inputs]
        data = op.forward(*numbers)
    rg = False
    slots = op.slots
    for x in inputs if slots < 0 else inputs[:slots]:
        if x.__class__ is Value and x.requires_grad:
            rg = True
            break
    if slots < 0:
        return _make(data, op, inputs if inputs.__class__ is tuple else tuple(inputs), None, rg)
    n = len(inputs)
    if n != op.arity:
        raise TypeError(f"{op.key}() takes {op.arity} inputs, got {n}")
    if n == 1:
        return _make(data, op, inputs[0], None, rg)
    return _make(data, op, inputs[0], inputs[1] if n == 2 else tuple(inputs[1:]), rg)


def affine(wb: tuple[Any, ...], xs: tuple[Any, ...], result: float) -> Value:
    """A neuron's ``w·x + b``, one ``AddmvBackward0`` node on the inputs ``(*w, *xs, b)``, as
    ``apply(NARY["affine"], (*w, *xs, b), result=result)`` makes it, kept as two tuples:
    ``wb`` (the weights, then the bias) and ``xs``. A layer's neurons share one ``xs``, so the
    search and the pass read those inputs once per layer, not once per neuron."""
    rg = False
    for x in wb:
        if x.__class__ is Value and x.requires_grad:
            rg = True
            break
    else:
        for x in xs:
            if x.__class__ is Value and x.requires_grad:
                rg = True
                break
    return _make(result, _AFFINE, wb, xs, rg)


def constants(data: Iterable[float]) -> list[Value]:
    """One Value per number that requires no grad and records nothing: what ``apply`` gives
    for an op none of whose inputs requires grad, made without the op's bookkeeping (a tensor
    op outside any graph costs its numbers, not a graph)."""
    out = []
    put = out.append
    for d in data:
        v = _new(Value)
        v.data = d
        v.grad = ZERO
        v.label = ""
        v._node = None
        v.requires_grad = False
        v._kind = None
        put(v)
    return out


def in_float32_format(values: Iterable[Value]) -> None:
    """Make the ops that made ``values`` float32 ops: a float32 tensor's elements, whose
    backward rules then compute in float32 as PyTorch's float32 kernels do."""
    for v in values:
        op = v._kind
        if op is not None and not op.float32:
            v._kind = in_float32(op)
            node = v._node
            if node is not None and node is not FREED:
                v._node = None  # made again, of the float32 op's class, when asked for


def live_graph_values() -> int:
    """How many Values made by a recorded op are alive now (the collector is sized to them)."""
    return _LIVE[0]


def op_of(v: Value) -> Op | None:
    """The op that made ``v`` (None for a leaf), without making its node."""
    return v._kind


def is_float32(v: Value) -> bool:
    """Whether ``v`` was made by an op on float32 numbers (an element of a float32 tensor)."""
    op = v._kind
    return op is not None and op.float32


def attach_node(v: Value, node: Node) -> None:
    """Make ``node`` the grad_fn of ``v``, made by ``apply``: for an op whose node keeps state
    of its own (a custom ``autograd.Function``'s). A pass frees it as any other."""
    v._node = node


def inputs_of(v: Value) -> tuple[Any, ...]:
    """The inputs of the op that made ``v`` (Values and numbers), in order; () for a leaf."""
    op = v._kind
    if op is None:
        return ()
    if op.slots < 0:
        b = v._b
        if b is None:
            return v._a
        wb = v._a  # affine's two tuples
        return (*wb[:-1], *b, wb[-1])
    n = op.arity
    return (v._a,) if n == 1 else (v._a, v._b) if n == 2 else (v._a, *v._b)


def accumulator(x: Value) -> AccumulateGrad | None:
    """The leaf's ``AccumulateGrad`` node if one exists now (a graph that uses the leaf is alive).

    It is made by the first ``next_functions`` that reaches the leaf, as in PyTorch.
    """
    ref = x._node if x._kind is None else None
    return ref() if ref is not None else None


def vsum(values: Iterable[Value | float]) -> Value:
    """The sum of many Values as one n-ary ``SumBackward0`` node, not a chain of additions."""
    return apply(_SUM, tuple(v if isinstance(v, Value) else float(v) for v in values))


def vdot(a: Sequence[Value | float], b: Sequence[Value | float]) -> Value:
    """The dot product of two equal-length sequences as one n-ary ``DotBackward0`` node."""
    if len(a) != len(b):
        raise ValueError(f"vdot needs sequences of one length, got {len(a)} and {len(b)}")
    ins = tuple(v if isinstance(v, Value) else float(v) for v in (*a, *b))
    return apply(NARY["dot"], ins)


def _method(op: Op) -> Callable[..., Value]:
    """A table op as a Value method: ``x.tanh()``, ``x.leaky_relu(0.2)``."""
    names = [name for name, _ in op.params]
    if not names:  # the common case, kept cheap: x.tanh(), x.relu(), x.exp()

        def unary(self: Value) -> Value:
            return _make(op.forward(self.data), op, self, None, self.requires_grad)

        unary.__name__ = unary.__qualname__ = op.method_name or op.key
        unary.__doc__ = f"``{op.expr.format('x')}``: the op ``{op.key}`` ({op.name})."
        return unary

    def method(self: Value, *args: Any, **kwargs: Any) -> Value:
        if len(args) > len(names) or set(kwargs) - set(names[len(args) :]):
            raise TypeError(f"{op.key}() takes the arguments {names}, got {args} {kwargs}")
        params = [*args, *(kwargs.get(n, d) for n, d in op.params[len(args) :])]
        return apply(op, (self, *params))

    method.__name__ = method.__qualname__ = op.method_name or op.key
    method.__doc__ = f"``{op.expr.format('x', *names)}``: the op ``{op.key}`` ({op.name})."
    return method


def _infix(symbol: str) -> Callable[[Value, Any], Value]:
    fn = INFIX[symbol]
    return lambda self, other: fn(self, other)  # x.add(y) is x + y, so numbers work on both sides


INFIX = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
INFIX["**"] = operator.pow
for _op in OPS.values():  # every op of the table is a Value method
    if _op.method_name is None:
        continue
    if _op.infix and _op.arity == 2:
        setattr(Value, _op.method_name, _infix(_op.infix))
    elif _op.key == "neg":
        Value.neg = Value.__neg__  # type: ignore[attr-defined]
    else:
        setattr(Value, _op.method_name, _method(_op))


# -- the backward pass -----------------------------------------------------------------------


def toposort(roots: Iterable[Value], *, zero_grads: bool = False) -> list[Value]:
    """Every non-leaf Value that ``roots`` depend on, each once, outputs first.

    An iterative depth-first search (no recursion, so a graph a million ops deep is fine):
    a Value goes into the order after all its inputs, so the reversed order puts every Value
    before its inputs. ``zero_grads`` resets each one's grad, as a backward pass starts with.
    """
    seen: set[Value] = set()
    shared: set[int] = set()  # the inputs tuples of neurons' sums searched already (by id)
    order: list[Value] = []
    stack: list[Any] = [r for r in roots if r._kind is not None]
    done = _DONE
    push, pop, mark, visit = stack.append, stack.pop, seen.add, order.append
    while stack:
        v = pop()
        if v is done:
            visit(pop())
            continue
        if v in seen:
            continue
        mark(v)
        if zero_grads:
            v.grad = ZERO
        push(v)
        push(done)
        # inputs pushed last-first, so the first is searched first: for an expression tree
        # the order is then exactly the reverse of the order the ops ran in
        if v._kind.slots < 0:
            xs = v._b
            if xs is None:
                for x in reversed(v._a):
                    if x.__class__ is Value and x._kind is not None and x not in seen:
                        push(x)
                continue
            # a neuron's sum: bias, inputs, weights. A layer's next neurons share its inputs
            # (and a neuron's calls share its weights): searched to the end by the time they
            # are met again (a graph has no cycle), so skipping them then changes nothing
            wb = v._a
            if id(wb) not in shared:
                x = wb[-1]
                if x.__class__ is Value and x._kind is not None and x not in seen:
                    push(x)
            if id(xs) not in shared:
                shared.add(id(xs))
                for x in reversed(xs):
                    if x.__class__ is Value and x._kind is not None and x not in seen:
                        push(x)
            if id(wb) not in shared:
                shared.add(id(wb))
                for x in reversed(wb[:-1]):
                    if x.__class__ is Value and x._kind is not None and x not in seen:
                        push(x)
            continue
        x = v._b
        if x.__class__ is Value and x._kind is not None and x not in seen:
            push(x)
        x = v._a
        if x.__class__ is Value and x._kind is not None and x not in seen:
            push(x)
    order.reverse()
    return order


_DONE = object()  # on the search's stack: the Value below it has had all its inputs visited


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
    as in PyTorch. ``observer`` is called once per node, in the order the pass visits them.
    """
    seeds = [1.0] * len(roots) if gradients is None else list(gradients)
    for r, g in zip(roots, seeds):
        if not isinstance(r, Value):
            raise TypeError(f"backward() expects Values, got {type(r).__name__}")
        if isinstance(g, bool) or not isinstance(g, (int, float)):
            raise TypeError(f"backward()'s gradient must be a number, got {type(g).__name__}")
        if not r.requires_grad:
            raise RuntimeError(NO_GRAD)
    with gc_paused():
        order = toposort(roots, zero_grads=True)
        for r, g in zip(roots, seeds):
            r.grad = float(g) if r.grad is ZERO else r.grad + g
        run_pass(order, retain_graph=retain_graph, observer=observer)


def run_pass(
    order: Sequence[Value],
    *,
    retain_graph: bool = False,
    observer: Callable[[Step], None] | None = None,
) -> None:
    """The chain rule over ``order`` (outputs first, grads already seeded), into the inputs'
    grads. With an observer or in anomaly mode, each step goes through ``graph.chain_rule``;
    otherwise a specialised loop does the same arithmetic faster (a test holds them equal)."""
    if observer is not None or _ANOMALY.enabled:
        _observed(order, retain_graph, observer)
    else:
        _fast(order, retain_graph)


def check_and_free(v: Value, op: Op, retain_graph: bool) -> None:
    node = v._node
    if node is FREED or (node is not None and node.freed):
        raise RuntimeError(SECOND_BACKWARD)
    if op.saved and not retain_graph:  # a node that saved nothing can run again, as in PyTorch
        if node is None:
            v._node = FREED
        else:
            node.free()


def _fast(order: Sequence[Value], retain_graph: bool) -> None:
    # graph.chain_rule on float64 numbers, its unpacking written out for speed, one input, two
    # inputs or n: the rules are the op table's own (tests/test_backward_paths.py holds the
    # two equal, bit for bit)
    value, zero, freed, rule, affine, relu = Value, ZERO, FREED, chain_rule, _AFFINE, _RELU
    shared: dict[int, tuple[list[float], bool, bool]] = {}  # see _read, by the tuple's id
    for v in order:
        op = v._kind
        g = v.grad
        # first the two ops of most of an MLP's nodes, on float64 numbers
        if op is relu and g.__class__ is float:  # threshold_backward: 0 where out <= 0
            if v._node is None and not retain_graph:
                v._node = freed
            else:
                check_and_free(v, op, retain_graph)
            a = v._a
            if a.requires_grad:
                c = 0.0 if v.data <= 0.0 else g
                a.grad = c if a.grad is zero else a.grad + c
            continue
        if op is affine and g.__class__ is float:  # w·x + b, most edges: _affine_grad inlined
            ws, xs = v._a, v._b
            if xs is None:
                n = (len(ws) - 1) >> 1
                ws, xs = ws[: n + 1], ws[n:-1]  # the weights (and one past), the inputs
                bias, wn, xn = v._a[-1], _read(ws[:-1]), _read(xs)
            else:  # affine()'s tuples: a layer's inputs, a neuron's weights, read once a pass
                bias = ws[-1]
                wn = shared.get(id(ws))
                if wn is None:
                    wn = shared[id(ws)] = _read(ws[:-1])
                xn = shared.get(id(xs))
                if xn is None:
                    xn = shared[id(xs)] = _read(xs)
            # grad * x into each w, then grad * w into each x: the rule's order, so that an
            # input met twice sums the same
            if wn[1]:  # every weight a Value that requires grad
                for w, x in zip(ws, xn[0]):
                    c = g * x
                    wg = w.grad
                    w.grad = c if wg is zero else wg + c
            else:
                for w, x in zip(ws, xn[0]):
                    if w.__class__ is value and w.requires_grad:
                        c = g * x
                        wg = w.grad
                        w.grad = c if wg is zero else wg + c
            if xn[1]:
                for x, w in zip(xs, wn[0]):
                    c = g * w
                    xg = x.grad
                    x.grad = c if xg is zero else xg + c
            elif xn[2]:  # some inputs need grad (numbers, constants or frozen Values do not)
                for x, w in zip(xs, wn[0]):
                    if x.__class__ is value and x.requires_grad:
                        c = g * w
                        xg = x.grad
                        x.grad = c if xg is zero else xg + c
            if bias.__class__ is value and bias.requires_grad:
                xg = bias.grad
                bias.grad = g if xg is zero else xg + g
            continue
        if op.saved:
            node = v._node
            if node is freed or (node is not None and node.freed):
                raise RuntimeError(SECOND_BACKWARD)
            if not retain_graph:
                if node is None:
                    v._node = freed
                else:
                    node.free()
        if op.float32 or g.__class__ is not float:  # float32 numbers, or a mixed graph
            ins = inputs_of(v)
            for x, c in zip(slots_of(op, ins), rule(op, ins, v.data, g)):
                if c is not None:
                    x.grad = c if x.grad is zero else x.grad + c
            continue
        slots = op.slots
        if slots < 0:  # n-ary: a sum, a dot product, a neuron's weighted sum
            ins = v._a
            args = [x.data if x.__class__ is value else x for x in ins]
            if op.backward is not None:
                cs: Any = op.backward(g, *args, v.data)
            elif op.masked:
                cs = [g if d else 0.0 for d in op.local(*args, v.data)]
            else:
                cs = [g * d for d in op.local(*args, v.data)]
            for x, c in zip(ins, cs):
                if x.__class__ is value and x.requires_grad:
                    x.grad = c if x.grad is zero else x.grad + c
            continue
        a = v._a
        b = v._b
        if b is None:  # one input (relu, tanh, exp...)
            ad = a.data if a.__class__ is value else a
            if op.backward is not None:
                c = op.backward(g, ad, v.data)[0]
            elif op.masked:
                c = g if op.local(ad, v.data)[0] else 0.0
            else:
                c = g * op.local(ad, v.data)[0]
            if a.__class__ is value and a.requires_grad:
                a.grad = c if a.grad is zero else a.grad + c
            continue
        if b.__class__ is tuple:  # three inputs or more (clamp and its bounds)
            ins = inputs_of(v)
            args = [x.data if x.__class__ is value else x for x in ins]
            if op.backward is not None:
                cs = op.backward(g, *args, v.data)
            elif op.masked:
                cs = [g if d else 0.0 for d in op.local(*args, v.data)]
            else:
                cs = [g * d for d in op.local(*args, v.data)]
            for x, c in zip(ins[:slots], cs):
                if x.__class__ is value and x.requires_grad:
                    x.grad = c if x.grad is zero else x.grad + c
            continue
        # two inputs: a + b, a * 2.0, leaky_relu(a, 0.1)
        ad = a.data if a.__class__ is value else a
        bd = b.data if b.__class__ is value else b
        if op.backward is not None:
            cs = op.backward(g, ad, bd, v.data)
        elif op.masked:
            cs = [g if d else 0.0 for d in op.local(ad, bd, v.data)]
        else:
            cs = [g * d for d in op.local(ad, bd, v.data)]
        c = cs[0]
        if a.__class__ is value and a.requires_grad:
            a.grad = c if a.grad is zero else a.grad + c
        if slots == 2:
            c = cs[1]
            if b.__class__ is value and b.requires_grad:
                b.grad = c if b.grad is zero else b.grad + c


def _read(xs: Sequence[Any]) -> tuple[list[float], bool, bool]:
    """Inputs' numbers, whether every one is a Value that requires grad, whether any is."""
    grads = [x.__class__ is Value and x.requires_grad for x in xs]
    return [x.data if x.__class__ is Value else x for x in xs], all(grads), any(grads)


def _observed(
    order: Sequence[Value], retain_graph: bool, observer: Callable[[Step], None] | None
) -> None:
    for i, v in enumerate(order, 1):
        op = v._kind
        check_and_free(v, op, retain_graph=True)  # type: ignore[arg-type]
        node = v.grad_fn
        g = v.grad
        ins = inputs_of(v)
        slots = tuple(slots_of(op, ins))  # type: ignore[arg-type]
        contribs = chain_rule(op, ins, v.data, g)  # type: ignore[arg-type]
        grads: list[Any] = []  # each input's grad once its own contribution is in
        for k, (x, c) in enumerate(zip(slots, contribs)):
            if c is None:
                grads.append(None)
                continue
            if _ANOMALY.enabled and _ANOMALY.check_nan and c != c:
                anomaly_mode.fail(node, k)
            x.grad = c if x.grad is ZERO else x.grad + c
            grads.append(x.grad)
        if observer is not None:
            local = local_derivatives(op, ins, v.data)  # type: ignore[arg-type]
            observer(Step(i, v, node, g, slots, tuple(local), contribs, tuple(grads)))  # type: ignore[arg-type]
        if not retain_graph and op.saved:  # type: ignore[union-attr]
            node.free()  # type: ignore[union-attr]
