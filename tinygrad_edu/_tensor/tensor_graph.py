"""The tensor-level graph: a tensor's ``grad_fn`` (``TensorNode``), one node class per PyTorch
name in one registry, and gradients with a graph read back as tensors (``lift``).

A tensor op makes one scalar node per output element (``kernels.py``); its ``TensorNode``
holds the op's inputs and the output's elements, never the output tensor, so no graph keeps
itself alive through a cycle.  This module knows tensors only by what they show
(``shape``, ``dtype``, ``requires_grad``, ``grad_fn``, ``flat``, ``from_values``), so that the
``Tensor`` class can sit above it.
"""

from __future__ import annotations

import itertools
import re
import weakref
from collections.abc import Sequence
from typing import Any

from ..core.anomaly_mode import is_anomaly_enabled
from ..core.engine import Value, apply, in_float32_format
from ..core.grad_mode import STATE, is_inference_mode_enabled, set_grad_enabled
from ..core.graph import chain_rule
from ..core.messages import SECOND_BACKWARD
from ..core.ops import COPIES, NARY, OPS, Op
from . import saved_hooks
from .dtype import C_NAMES, Size, float32, float64, int64
from .lazy import Lazy, build
from .tensor_messages import ANOMALY_HINT, HINT, INFERENCE_SAVED

__all__ = [
    "TensorNode",
    "check_versions",
    "double_backward_name",
    "is_tensor",
    "lazy_result",
    "leaf_tensor",
    "lift",
    "new_node",
    "node_class",
    "register_leaf",
    "remember",
    "renamed",
    "result",
    "unpack_saved",
    "watch",
    "watched",
]


def is_tensor(x: Any) -> bool:
    """Whether ``x`` is a tensor (anything made by ``from_values``)."""
    return hasattr(x, "from_values") and not isinstance(x, type)


class TensorNode:
    """A tensor's ``grad_fn``: one class per PyTorch name (``type(n).__name__ == n.name()``).

    ``inputs`` are the op's inputs (tensors, or numbers, which always come second),
    ``elements`` the output's element Values (whose scalar nodes do the work); ``_attrs`` holds
    the non-tensor values PyTorch saves (``_saved_dim``...).
    """

    __slots__ = ("__weakref__", "_attrs", "_cls", "_inputs", "_packed", "_seq", "_vals",
                 "_versions", "lazy")  # fmt: skip
    slots: int = 1  # leading inputs that get a next_functions entry (-1: all)
    # which input slot a scalar node's j-th input belongs to: "pos" (slot j, elementwise ops),
    # "halves" (a row, then a column: dot products), "find" (the slot that holds the Value)
    layout: str = "pos"
    saved: dict[str, int | str] = {}  # _saved_* name -> input index or "result"
    op: Op | None = None  # the table's op, for an elementwise node

    def name(self) -> str:
        n = type(self).__name__
        # PyTorch's hand-written C++ nodes name themselves with their namespace
        return f"torch::autograd::{n}" if n == "CopyBackwards" else n

    @property
    def inputs(self) -> tuple[Any, ...]:
        """Every input of the op, in order: tensors, and numbers (which always come second)."""
        if self._inputs is None:  # a lifted gradient's node finds its inputs when asked
            self._inputs = _lifted_inputs(self._cls, self._values)
        return self._inputs

    @property
    def differentiable_inputs(self) -> tuple[Any, ...]:
        """The inputs that are PyTorch's slots, one per ``next_functions`` entry."""
        ins = self.inputs
        return ins if self.slots < 0 else ins[: self.slots]

    @property
    def elements(self) -> list[Value]:
        """The output's element Values, in row-major order (made now if the op has only
        computed its numbers so far: ``lazy.py``)."""
        return self._values

    @property
    def _values(self) -> list[Value]:
        vals = self._vals
        if vals is None:
            build([self])
            vals = self._vals
        return vals  # type: ignore[return-value]

    @_values.setter
    def _values(self, vals: list[Value]) -> None:
        self._vals = vals

    @property
    def made(self) -> bool:
        """Whether the output's element Values exist (else ``lazy`` holds its numbers)."""
        return self._vals is not None

    def defer(self, lazy: Any) -> None:
        """Make the output's elements later, from ``lazy`` (a record with ``make(node)``)."""
        self._vals, self.lazy = None, lazy

    def output_elements(self) -> list[Value]:
        """The element Values of the tensor this node made (its ``elements``)."""
        return self._values

    def make_elements(self) -> None:
        """Make the output's element Values from ``lazy`` (its inputs' are made already)."""
        if self._vals is None and self.lazy is not None:
            self._vals = self.lazy.make(self)
            self.lazy = None

    @property
    def shape(self) -> Size:
        """The output's shape."""
        shape = self._attrs.get("shape")
        if shape is None:
            n = len(self._vals) if self._vals is not None else len(self.lazy.data)
            shape = Size((n,))
        return shape

    @property
    def sequence_nr(self) -> int:
        """The order nodes were made in (PyTorch's ``_sequence_nr()``)."""
        return self._seq

    def _sequence_nr(self) -> int:
        return self._seq

    @property
    def next_functions(self) -> tuple[tuple[Any, int], ...]:
        return tuple((_edge(x), 0) for x in self.differentiable_inputs)

    @property
    def metadata(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {id(self):#x}>"

    @property
    def attrs(self) -> dict[str, Any]:
        """The non-tensor values PyTorch saves for the rule (``_saved_dim``...), by name."""
        return self._attrs

    @property
    def lifted(self) -> bool:
        """Whether this is the node of a gradient with a graph (``create_graph``), read back."""
        return self._cls is not None

    @property
    def freed(self) -> bool:
        """Whether a backward pass has freed what the element nodes saved."""
        if self._vals is None and self.lazy is not None:
            return self.lazy.freed and bool(self.lazy.op.saved)
        return any(v.grad_fn is not None and v.grad_fn.freed for v in self._values)

    def __getattr__(self, attr: str) -> Any:
        cls = type(self)
        if not attr.startswith("_saved_") or (attr not in cls.saved and attr not in self._attrs):
            raise AttributeError(f"'{cls.__name__}' object has no attribute '{attr}'")
        if self.freed:
            raise RuntimeError(SECOND_BACKWARD)
        if attr in self._attrs:
            return self._attrs[attr]
        packed = getattr(self, "_packed", None)
        if packed:  # saved under hooks: what unpack_hook makes of what pack_hook kept
            names = _saved_names(self)
            if attr in names:
                value, unpack_hook = packed[names.index(attr)]
                return unpack_hook(value)
        where = cls.saved[attr]
        first = self.inputs[0]
        if where == "result":
            return type(first).from_values(list(self._values), self.shape, first.dtype, self)
        x = self.inputs[where]  # type: ignore[index]
        if is_tensor(x) or attr == "_saved_exponent":
            return x  # PyTorch keeps a Python exponent as is
        dt = int64 if isinstance(x, int) else float64
        return type(first).from_values([Value(float(x), requires_grad=False)], (), dt)

    def chain_rule(
        self, slots: Sequence[Any], seeds: Sequence[Any], *, graph: bool
    ) -> list[dict[int, Any]]:
        """One step of the chain rule over the output's scalar nodes: per input slot, the
        gradient of each element (by id).  Each scalar input is credited to its own slot, so
        ``a * a`` gives each slot its own share, as PyTorch does."""
        acc: list[dict[int, Any]] = [{} for _ in slots]
        ids = [set() if t is None else {id(v) for v in t.flat} for t in slots]
        layout = self.layout
        with set_grad_enabled(graph):
            for v, g in zip(self._values, seeds):
                fn = v.grad_fn
                if fn is None:
                    continue
                ins = fn.inputs
                out: Any = fn.result
                if graph:
                    out = (
                        apply(fn.op, ins) if fn.op.uses_result else Value(out, requires_grad=False)
                    )
                got = chain_rule(fn.op, ins, out, g)  # the one rule, as the pass applies it
                half = len(got) // 2
                for j, (x, c) in enumerate(zip(ins, got)):
                    if c is None or x.__class__ is not Value:
                        continue
                    if layout == "pos":
                        k = j
                    elif layout == "halves":
                        k = 0 if j < half else 1
                    else:
                        k = next((k for k, s in enumerate(ids) if id(x) in s), -1)
                    if 0 <= k < len(slots) and slots[k] is not None:
                        acc[k][id(x)] = acc[k][id(x)] + c if id(x) in acc[k] else c
        return acc

    def __call__(self, *grad_outputs: Any) -> Any:
        """The input gradients for one output gradient: a tuple, or bare for one input."""
        if len(grad_outputs) != 1:
            raise TypeError(f"expected 1 arguments, got {len(grad_outputs)} instead")
        (g,) = grad_outputs
        if not is_tensor(g):
            raise TypeError("argument 0 is not a Variable")
        if self.freed:
            raise RuntimeError(SECOND_BACKWARD)
        ins = self.inputs
        n = len(ins) if self.slots < 0 else self.slots
        slots = [x if is_tensor(x) and x.requires_grad else None for x in ins[:n]]
        seeds = [gv if g.requires_grad else gv.data for gv in g.flat]
        acc = self.chain_rule(slots, seeds, graph=STATE.enabled)
        res: list[Any] = []
        for k, (t, got) in enumerate(zip(slots, acc)):
            if t is None:
                res.append(None)
            else:
                vals = [got.get(id(v)) for v in t.flat]
                r = lift(type(g), [0.0 if v is None else v for v in vals], t.shape, t.dtype)
                res.append(renamed(r, double_backward_name(self, k)))
        return res[0] if len(res) == 1 else tuple(res)


# -- one registry of node classes, built from the op table ------------------------------------

_CLASSES: dict[str, type[TensorNode]] = {}


def node_class(
    name: str, slots: int = 1, saved: dict[str, Any] | None = None, layout: str = "pos",
    op: Op | None = None,
) -> type[TensorNode]:  # fmt: skip
    """The node class of PyTorch's name ``name`` (made on first use for your own op)."""
    cls = _CLASSES.get(name)
    if cls is None:
        attrs = {"__slots__": (), "slots": slots, "saved": dict(saved or {}), "layout": layout}
        cls = _CLASSES[name] = type(name, (TensorNode,), {**attrs, "op": op})
    elif cls.op is None and (cls.slots, cls.layout) == (1, "pos") != (slots, layout):
        # made first by name alone (a create_graph name, WhereBackward0): the op's own shape
        cls.slots, cls.layout, cls.saved = slots, layout, dict(saved or {})
    return cls


for _o in OPS.values():  # the elementwise ops: one node class each, named as the table says
    node_class(_o.name, _o.slots, _o.saved, op=_o)
    for _name in (*_o.double.values(), _o.flat_double):
        if _name:
            node_class(_name)

# the nodes of ops that are not elementwise: (name, slots, saved tensors, layout) by key
_SPECS: dict[str, tuple[str, int, dict[str, int | str], str]] = {
    "sum": (NARY["sum"].name, 1, {}, "find"),
    "sum_dim": ("SumBackward1", 1, {}, "find"),
    "mean": (NARY["mean"].name, 1, {}, "find"),
    "mean_dim": ("MeanBackward1", 1, {}, "find"),
    "dot": (NARY["dot"].name, 2, {"_saved_self": 0, "_saved_tensor": 1}, "halves"),
    "mv": ("MvBackward0", 2, {"_saved_self": 0, "_saved_vec": 1}, "halves"),
    "mm": ("MmBackward0", 2, {"_saved_self": 0, "_saved_mat2": 1}, "halves"),
    **{key: (op.name, -1 if key == "stack" else 1, {}, "find" if key == "stack" else "pos")
       for key, op in COPIES.items()},
}  # fmt: skip
NODES: dict[str, type[TensorNode]] = {key: node_class(*spec) for key, spec in _SPECS.items()}
__all__ += ["NODES"]
_next_seq = itertools.count().__next__


def _edge(x: Any) -> Any:
    """The next_functions entry for an input: its grad_fn, its AccumulateGrad, or None."""
    if not is_tensor(x) or not x.requires_grad:
        return None
    return x.gradient_edge()


def result(
    values: list[Value], shape: Sequence[int], dt: Any, node: type[TensorNode],
    inputs: tuple[Any, ...], **attrs: Any,
) -> Any:  # fmt: skip
    """The result tensor of an op, with its tensor-level node when an input requires grad."""
    n = len(inputs) if node.slots < 0 else node.slots
    fn = None
    if dt is float32:
        in_float32_format(values)
    if STATE.enabled and any(is_tensor(x) and x.requires_grad for x in inputs[:n]):
        fn = object.__new__(node)
        fn._inputs, fn._values, fn._attrs, fn._seq = inputs, values, attrs, _next_seq()
        fn._cls = fn.lazy = None
        if tuple(shape) != (len(values),):
            attrs["shape"] = Size(shape)
    out = type(inputs[0]).from_values(values, shape, dt, fn)
    if fn is not None:
        fn._versions = _saved_versions(fn, out)
        fn._packed = saved_hooks.pack(_saved_tensors(fn, out)) if saved_hooks.top() else None
    return out


def lazy_result(
    lazy: Lazy, shape: Sequence[int], dt: Any, node: type[TensorNode], inputs: tuple[Any, ...],
    **attrs: Any,
) -> Any:  # fmt: skip
    """The result tensor of an op that has computed its numbers (``lazy.data``) and not yet
    its element Values: with its tensor-level node when an input requires grad (the node
    holds ``lazy``, and makes the elements when asked), else a tensor of plain numbers."""
    n = len(inputs) if node.slots < 0 else node.slots
    fn = None
    if STATE.enabled and any(is_tensor(x) and x.requires_grad for x in inputs[:n]):
        fn = object.__new__(node)
        fn._inputs, fn._vals, fn._attrs, fn._seq = inputs, None, attrs, _next_seq()
        fn._cls, fn.lazy = None, lazy
        if tuple(shape) != (len(lazy.data),):
            attrs["shape"] = Size(shape)
    out = type(inputs[0]).from_numbers(lazy.data, shape, dt, fn)
    if fn is not None:
        fn._versions = _saved_versions(fn, out)
        fn._packed = saved_hooks.pack(_saved_tensors(fn, out)) if saved_hooks.top() else None
    return out


def new_node(node: type[TensorNode], inputs: tuple[Any, ...], shape: Sequence[int]) -> Any:
    """A node of class ``node`` over ``inputs`` that holds none of its output's elements (a
    custom ``autograd.Function``'s: its outputs' scalar graph holds it, not the other way)."""
    fn = object.__new__(node)
    fn._inputs, fn._values, fn._attrs, fn._seq = inputs, [], {"shape": Size(shape)}, _next_seq()
    fn._cls, fn._versions, fn.lazy, fn._packed = None, (), None, None
    return fn


def replace_input(node: TensorNode, old: Any, new: Any) -> None:
    """``node``'s input ``old`` is ``new`` from now on (a custom Function's input it marked
    dirty becomes its output: the node's input is the tensor as it was before)."""
    node._inputs = tuple(new if x is old else x for x in node._inputs)


# the ops whose saved input k is only needed for the other input's gradient (d(a*b)/da = b)
_CROSS = frozenset(("MulBackward0", "DotBackward0", "MvBackward0", "MmBackward0"))


def _described(t: Any, made_by: Any) -> str:
    # PyTorch's words for a saved tensor: [torch.FloatTensor [2]], which is output 0 of Add
    # (for a saved input, the op that made it last: read when the error is raised)
    text = f"[torch.{C_NAMES[t.dtype][0]}Tensor {list(t.shape)}]"
    if made_by is not None:
        text += f", which is output 0 of {re.sub(r'Backward[0-9]*$', '', made_by.name())},"
    return text


# PyTorch saves these inputs in the other order (derivatives.yaml's codegen): other, then self
_OTHER_FIRST = frozenset(("MulBackward0", "DivBackward0"))


def _kept_input(ins: Sequence[Any], name: str, where: Any) -> Any:
    """The input tensor at ``where`` if the node named ``name`` saves it, else None."""
    x = ins[where] if isinstance(where, int) and where < len(ins) else None
    if not is_tensor(x):
        return None
    if name in _CROSS or (name == "DivBackward0" and where == 0):
        other = ins[1 - where] if len(ins) > 1 else None
        if not (is_tensor(other) and other.requires_grad):
            return None  # PyTorch saves it only for the other input's gradient
    return x


def _saved_names(fn: TensorNode) -> list[str]:
    """The ``_saved_*`` names of the tensors ``fn`` keeps, in the order PyTorch saves them."""
    cls, ins, name = type(fn), fn._inputs, type(fn).__name__
    names = []
    for attr, where in cls.saved.items():
        if where == "result" or _kept_input(ins, name, where) is not None:
            names.append(attr)
    return names[::-1] if name in _OTHER_FIRST else names


def _saved_tensors(fn: TensorNode, out: Any) -> list[Any]:
    return [out if type(fn).saved[n] == "result" else fn._inputs[type(fn).saved[n]]
            for n in _saved_names(fn)]  # fmt: skip


def unpack_saved(roots: Sequence[Any], *, retain_graph: bool) -> None:
    """At the start of a backward pass: each packed saved tensor of the graph of ``roots``
    through its ``unpack_hook``, the nodes in the order the pass runs them (freed after,
    unless ``retain_graph``)."""
    seen: dict[int, TensorNode] = {}
    stack = [r.grad_fn for r in roots if isinstance(r.grad_fn, TensorNode)]
    while stack:
        fn = stack.pop()
        if id(fn) in seen:
            continue
        seen[id(fn)] = fn
        for x in fn._inputs or ():
            if is_tensor(x) and isinstance(x.grad_fn, TensorNode):
                stack.append(x.grad_fn)
    for fn in sorted(seen.values(), key=lambda n: n._seq, reverse=True):
        packed = getattr(fn, "_packed", None)
        if packed:
            for value, unpack_hook in packed:
                unpack_hook(value)
            if not retain_graph:
                fn._packed = None


def _saved_versions(fn: TensorNode, out: Any) -> list[tuple[Any, int, Any]]:
    """The version of each tensor ``fn`` saves for its rule, as it is now: backward checks
    that none was modified in place since (``check_versions``)."""
    found = []
    ins, name = fn._inputs, type(fn).__name__
    for where in dict.fromkeys(type(fn).saved.values()):
        if where == "result":
            text = _described(out, fn)
            found.append((out.version_counter, 0, lambda text=text: text))
            continue
        x = _kept_input(ins, name, where)
        if x is None:
            continue
        if x.is_inference() and not is_inference_mode_enabled():
            raise RuntimeError(INFERENCE_SAVED)
        found.append((x.version_counter, x._version, lambda x=x: _described(x, x.grad_fn)))
    return found


def check_versions(roots: Sequence[Any]) -> None:
    """Raise PyTorch's error if a tensor that a node of the graph of ``roots`` saved has been
    modified in place since the node was made."""
    seen: set[int] = set()
    stack = [r.grad_fn for r in roots if isinstance(r.grad_fn, TensorNode)]
    while stack:
        fn = stack.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        for counter, version, describe in getattr(fn, "_versions", ()):
            if counter.value != version:
                hint = ANOMALY_HINT if is_anomaly_enabled() else HINT
                raise RuntimeError(
                    "one of the variables needed for gradient computation has been modified by "
                    f"an inplace operation: {describe()} is at version {counter.value}; expected "
                    f"version {version} instead. Hint: {hint}"
                )
        for x in fn._inputs or ():
            if is_tensor(x) and isinstance(x.grad_fn, TensorNode):
                stack.append(x.grad_fn)


# -- the registries backward needs -----------------------------------------------------------

# A leaf Value that requires grad -> its leaf tensor, so that backward (which runs over Values)
# can give each leaf tensor its gradient.  Weak: a tensor is forgotten when it goes.
_LEAF_OF: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
# Non-leaf tensors with hooks or retain_grad(): backward stops at them to run the hooks.
# (Keyed by id: a weak set would compare tensors with ==, which PyTorch makes elementwise.)
_WATCHED: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
# First element Value -> a tensor made of it, so a graph of Values can be read as tensors again.
_TENSOR_OF: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()


def register_leaf(t: Any) -> None:
    """Remember ``t`` as the leaf tensor of each of its elements."""
    for v in t.flat:
        _LEAF_OF[id(v)] = t


def leaf_tensor(v: Value) -> Any:
    """The leaf tensor that element ``v`` belongs to, or None."""
    return _LEAF_OF.get(id(v))


def watch(t: Any) -> None:
    """Make backward stop at the non-leaf tensor ``t`` (it has hooks, or retains its grad)."""
    _WATCHED[id(t)] = t


def watched() -> list[Any]:
    """The non-leaf tensors backward stops at, that are alive and have elements."""
    return [t for t in list(_WATCHED.values()) if t.grad_fn is not None and t.numel()]


def remember(t: Any) -> None:
    """Remember ``t`` as the tensor its elements make up (``lift`` finds it again)."""
    if t.flat:
        _TENSOR_OF[id(t.flat[0])] = t


# -- lifting: a list of Values with a graph, read back as a tensor with a tensor-level node -----


def lift(cls: type, vals: list[Any], shape: Sequence[int], dt: Any = float32) -> Any:
    """A tensor of class ``cls`` of these Values (or floats); its ``grad_fn`` mirrors their
    scalar graph.

    Gradients made with ``create_graph=True`` are Values built by the scalar engine; this names
    the tensor-level node after their scalar nodes (all elements share one op) and finds the
    node's input tensors when something asks for them.
    """
    values = [v if isinstance(v, Value) else Value(v, requires_grad=False) for v in vals]
    known = _TENSOR_OF.get(id(values[0])) if values else None
    if (
        known is not None
        and len(known.flat) == len(values)
        and all(a is b for a, b in zip(known.flat, values))
    ):
        return known
    fns = [v.grad_fn for v in values if v.grad_fn is not None]
    fn = None
    if fns and STATE.enabled:
        op = fns[0].op
        fn = _lifted_node(node_class(op.name, op.slots), cls, values, shape)
    return cls.from_values(values, shape, dt, fn)


def _lifted_node(node: type, cls: type, values: list[Value], shape: Sequence[int]) -> Any:
    fn = object.__new__(node)
    fn._inputs, fn._values, fn._seq, fn._cls = None, values, _next_seq(), cls
    fn.lazy = None
    fn._attrs = {} if tuple(shape) == (len(values),) else {"shape": Size(shape)}
    fn._versions = ()
    return fn


def _lifted_inputs(cls: type, values: list[Value]) -> tuple[Any, ...]:
    fns = [v.grad_fn for v in values]
    if any(f is None for f in fns) or len({type(f) for f in fns}) != 1:
        return ()
    width = {len(f.inputs) for f in fns}
    if len(width) != 1:
        return ()
    out: list[Any] = []
    for k in range(width.pop()):
        col = [f.inputs[k] for f in fns]
        if all(not isinstance(c, Value) for c in col) and len(set(col)) == 1:
            out.append(col[0])
        else:
            out.append(lift(cls, col, (len(col),)))
    return tuple(out)


def double_backward_name(node: Any, slot: int = 0) -> str | None:
    """PyTorch's name for a gradient made through input ``slot`` of ``node`` with
    ``create_graph`` (``TanhBackwardBackward0``), from the op table; None: as it comes."""
    op = getattr(type(node), "op", None)
    return op.double.get(slot) if op is not None else None


def renamed(r: Any, name: str | None) -> Any:
    """``r`` with its grad_fn under PyTorch's name for the last step that made it."""
    if name and r.grad_fn is not None and type(r.grad_fn).__name__ != name:
        r.grad_fn = _lifted_node(node_class(name), type(r), r.flat, r.shape)
    return r


del _o, _name
