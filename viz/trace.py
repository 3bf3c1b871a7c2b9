"""The backward pass, step by step: what each node receives, multiplies and passes on.

``trace(root)`` runs ``root``'s backward pass (filling ``.grad`` as ``root.backward()`` does)
and records every step of it as data: the node, the gradient arriving from above, and for each
input the local derivative (as a formula from the op table and as a number), the product that
flows to the input, and the input's grad once that product is added in.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0, label="a"), Value(-3.0, label="b")
>>> t = trace(a * b)
>>> print(t.steps[0].inputs[0].text())
d(a * b)/da = b = -3.0
>>> [(leaf.label, leaf.grad) for leaf in t.leaves]
[('a', -3.0), ('b', 2.0)]

Names: a Value is called by its label; an unlabelled one by its expression over its inputs'
names (``a * b + c``) while that stays short, else ``v<k>``, ``k`` counting the graph's Values
in the order they were made.  Numbers used as operands are called by their value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from tinygrad_edu.core.engine import Value, backward, toposort
from tinygrad_edu.core.ops import ATOM, OPS, Op

from . import engines
from .trace_data import Leaf, Trace, TraceInput, TraceStep, fmt

__all__ = ["Leaf", "Trace", "TraceInput", "TraceStep", "fmt", "trace"]

MAX_NAME = 20  # longer expression names become v<k>, so that every line fits 80 columns

# Each op's written form has a precedence in the table (ops.Op.prec): parentheses go only
# where they are needed.
_ATOM = ATOM
_NEG = OPS["neg"].prec  # a negative number operand binds like unary minus
_PLACE = re.compile(r"\{(\d+)\}|\bout\b")


# -- names -----------------------------------------------------------------------------------


class _Names:
    """Names and precedences for every Value (and number operand) of a graph."""

    def __init__(self, inner_forward: list[Value]) -> None:
        self.name: dict[int, str] = {}
        self.prec: dict[int, int] = {}
        self.expr: dict[int, str] = {}  # inner Values: the op over its inputs' names
        self.leaves: list[Value] = []
        count = 0
        for v in inner_forward:
            for x in v.grad_fn.inputs:  # type: ignore[union-attr]
                if isinstance(x, Value) and id(x) not in self.name:
                    count += 1
                    self.leaves.append(x)
                    self._set(x, x.label, None, count)
            count += 1
            self._set(v, v.label, self._expr(v), count)

    def _set(self, v: Value, label: str, expr: str | None, k: int) -> None:
        if expr is not None:
            self.expr[id(v)] = expr
        if label:
            # a label that spells out the node's own expression ("x1*w1") binds like its op,
            # and is how the formulas write that expression: d(a*b)/da
            same = expr is not None and label.replace(" ", "") == expr.replace(" ", "")
            if same:
                self.expr[id(v)] = label
            prec = _ATOM if _is_atom(label) else v.grad_fn.op.prec if same else 0
            self.name[id(v)], self.prec[id(v)] = label, prec
        elif expr is not None and len(expr) <= MAX_NAME:
            op = v.grad_fn.op  # type: ignore[union-attr]
            self.name[id(v)], self.prec[id(v)] = expr, op.prec
        else:
            self.name[id(v)], self.prec[id(v)] = f"v{k}", _ATOM

    def of(self, x: Any) -> tuple[str, int]:
        """The name and precedence of a Value, or of a number operand."""
        if isinstance(x, Value):
            return self.name[id(x)], self.prec[id(x)]
        return fmt(x), _ATOM if not x < 0 else _NEG

    def _expr(self, v: Value) -> str:
        """The op written over its inputs' names, parenthesised as its precedence needs."""
        op = v.grad_fn.op  # type: ignore[union-attr]
        ins = v.grad_fn.inputs  # type: ignore[union-attr]
        if op.slots < 0:  # n-ary: sum(a, b, c), dot([a1, a2], [b1, b2]), w1*x1 + w2*x2 + b
            names = [self.of(x)[0] for x in ins]
            if op.key == "dot":
                n = len(names) // 2
                return f"dot([{', '.join(names[:n])}], [{', '.join(names[n:])}])"
            if op.key == "affine":
                n = (len(ins) - 1) // 2
                w, x = ins[:n], ins[n : 2 * n]
                terms = [f"{self._wrap(a, 2)}*{self._wrap(b, 2)}" for a, b in zip(w, x)]
                return " + ".join([*terms, self._wrap(ins[-1], 1)])
            return f"{op.expr}({', '.join(names)})"
        if op.expr == "{0}":  # an identity (t[i], stack): named by its op, not as its input
            return f"{op.key}({self.of(ins[0])[0]})"
        return op.expr.format(*(self._operand(op, i, x) for i, x in enumerate(ins)))

    def _wrap(self, x: Any, prec: int) -> str:
        name, own = self.of(x)
        return name if own > prec else f"({name})"

    def _operand(self, op: Op, i: int, x: Any) -> str:
        name, prec = self.of(x)
        field = f"{{{i}}}"
        parent = op.prec
        if parent == _ATOM:  # a call's argument: already in parentheses
            return name
        left = op.expr.startswith(field)
        if prec < parent or (prec == parent and not (left and op.left)):
            return f"({name})"
        return name

    def local_formula(self, v: Value, slot: int) -> str:
        """``d(<expr>)/d<input> = <local derivative over the names>``."""
        fn = v.grad_fn
        op, ins = fn.op, fn.inputs  # type: ignore[union-attr]
        rule = op.formula(slot, len(ins))
        names = [self.of(x) for x in ins]
        names.append((self.name[id(v)], self.prec[id(v)]))  # "out", the node's own value

        def put(m: re.Match[str]) -> str:
            name, prec = names[-1 if m.group(0) == "out" else int(m.group(1))]
            # a compound name gets parentheses unless it is the whole formula or an argument
            around = rule[max(m.start() - 1, 0) : m.end() + 1]
            alone = m.group(0) == rule or around == f"({m.group(0)})"
            return name if alone or prec == _ATOM else f"({name})"

        rhs = _PLACE.sub(put, rule)
        wrt = names[slot][0]
        wrt = wrt if wrt.isidentifier() else f"({wrt})"
        return f"d({self.expr[id(v)]})/d{wrt} = {rhs}"


def _is_atom(label: str) -> bool:
    if label.isidentifier():
        return True
    try:
        return float(label) >= 0
    except ValueError:
        return False


# -- the pass ------------------------------------------------------------------------------------


def value_names(roots: list[Value]) -> dict[int, str]:
    """The name the trace gives each Value below ``roots`` (by id): its label, else its
    expression over its inputs' names while short, else ``v<k>``; the tree uses them too."""
    return _Names(toposort(roots)[::-1]).name


def trace(
    root: Any,
    *,
    gradient: float = 1.0,
    retain_graph: bool = False,
    labels: Mapping[str, Any] | None = None,
) -> Trace:
    """Run ``root``'s backward pass and record every step of it.

    It fills ``.grad`` exactly as ``root.backward(gradient, retain_graph)`` does (leaf grads
    accumulate over passes; a step shows the grad before and after its own contribution).
    ``root`` is a Value, or a one-element tensor: then the pass is the tensor's own, the one
    ``root.backward()`` runs, its scalar steps and its nodes' tensor rules alike.  A
    micrograd-shaped value's pass is its engine's own ``_backward`` closures (``viz.student``);
    a PyTorch tensor's, PyTorch's own backward, recorded through node hooks
    (``viz.torch_graph``); ``labels`` (``{name: tensor}``) names its leaves, which PyTorch's
    tensors, unlike Values, have no label for.
    """
    engine = engines.kind(root)
    if labels is not None and engine != "torch":
        raise TypeError("labels= names a PyTorch graph's leaves: a Value has its own .label")
    if engine in ("micrograd", "torch"):  # their adapters load for their graphs only
        from . import student, torch_graph
    if engine == "micrograd":
        return student.trace(root, gradient=gradient)
    if engine == "torch":
        return torch_graph.trace(root, gradient=gradient, retain_graph=retain_graph, labels=labels)

    # the tensor layer loads here, not with viz.trace: the tree of a Value's graph needs none
    from tinygrad_edu._tensor import tensor_pass
    from tinygrad_edu._tensor.tensor_graph import is_tensor
    from tinygrad_edu._tensor.tensor_rules import formula

    tensor = is_tensor(root)
    if tensor:
        if len(root.flat) != 1 or not root.requires_grad:
            raise TypeError("trace() expects a Value or a one-element tensor that requires grad")
        value = root.flat[0]
    elif isinstance(root, Value):
        value = root
    else:
        raise engines.expected("trace()", root)
    inner = toposort([value])[::-1]
    names = _Names(inner)
    if value.grad_fn is None:
        names.leaves.append(value)
        names._set(value, value.label, None, 1)
    # each input's grad before a step's contribution; the pass reports it after
    grads: dict[int, Any] = {id(x): (x.grad if x.grad_fn is None else 0.0) for x in names.leaves}
    steps: list[TraceStep] = []

    def observe(step: Any) -> None:
        if isinstance(step, tensor_pass.RuleStep):
            return observe_rule(step)
        v = step.value
        records = []
        for slot, (x, d, c) in enumerate(zip(step.inputs, step.local, step.contributions)):
            val = x if isinstance(x, Value) else None
            before = after = None
            if c is not None:
                before, after = grads.get(id(x), 0.0), step.grads[slot]
                grads[id(x)] = after
            label = names.of(x)[0]
            text = names.local_formula(v, slot)
            records.append(TraceInput(label, val, text, float(d), c, before, after))
        name, expr = names.name[id(v)], names.expr[id(v)]
        steps.append(
            TraceStep(
                len(steps) + 1, v, name, expr, v.data, step.node.name(), step.upstream, (*records,)
            )
        )

    def observe_rule(step: tensor_pass.RuleStep) -> None:
        node = step.node
        v = node.elements[0]
        records = []
        for x, slot, c, after in zip(step.inputs, step.slots, step.contributions, step.grads):
            rule = formula(node, slot)
            label = names.of(x)[0] if id(x) in names.name else "?"
            before = grads.get(id(x), 0.0)
            grads[id(x)] = after
            text = f"{label}'s share: {rule}"
            records.append(TraceInput(label, x, text, math.nan, c, before, after, rule))
        name = names.name.get(id(v), node.name())
        up = step.upstream
        steps.append(
            TraceStep(
                len(steps) + 1,
                v,
                name,
                names.expr.get(id(v), name),
                v.data,
                node.name(),
                up[0] if len(up) == 1 else math.nan,
                (*records,),
                up,
            )
        )

    if tensor:
        tensor_pass.backward(
            [root], [None if gradient == 1.0 else gradient], retain_graph=retain_graph,
            observer=observe,
        )  # fmt: skip
    else:
        backward([root], [gradient], retain_graph=retain_graph, observer=observe)
    leaves = tuple(
        Leaf(names.name[id(x)], x, x.data, x.grad) for x in names.leaves if x.requires_grad
    )
    return Trace(value, names.name[id(value)], float(gradient), tuple(steps), leaves)
