"""A micrograd-shaped engine's graph (a student's own Value, micrograd's package), drawn,
printed as a tree and traced, with the same pictures, tree and Trace as this engine's.

The picture is the lecture's: each value a record ``label | data | grad`` and each op a node
named by the engine's own ``_op`` (``'*'``, ``'tanh'``: such an engine has no PyTorch names).

The trace runs the engine's own ``_backward`` closures, as micrograd's ``backward`` does: the
root's grad set to 1 (micrograd sets it, it does not add to it; no grad is zeroed first), then
each value's closure in reverse topological order (``viz.engines.topo``).  Each step records
what that closure did: the grad of each of the value's inputs before and after it ran.  The
local derivative shown is what the closure added divided by the value's grad (the upstream),
so a wrong rule shows as a wrong number.

>>> from micrograd.engine import Value
>>> a, b = Value(2.0), Value(-3.0)
>>> t = trace(a * b)
>>> print(t.steps[0].inputs[0].text(), "|", [leaf.grad for leaf in t.leaves])
d(v1 * v2)/dv1 = -3.0 | [-3.0, 2.0]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from . import engines
from .canvas import COLORS, HIGHLIGHT, RECORD_STYLE, Canvas, fmt, record, walk
from .trace_data import Leaf, Trace, TraceInput, TraceStep

__all__ = ["MAX_NAME", "draw", "names", "trace", "tree_lines"]

MAX_NAME = 20  # as this engine's trace: a longer expression name becomes v<k>
INFIX = {"+", "-", "*", "/", "@"}


# -- names -----------------------------------------------------------------------------------


def names(root: Any) -> dict[int, str]:
    """The name of every value below ``root`` (by id): its label, else its expression over its
    inputs' names while short (``v1 * v2``, ``tanh(n)``, ``x**2``), else ``v<k>``, ``k``
    counting values from the leaves up."""
    out: dict[int, str] = {}
    order = walk([root], engines.children, lambda v: 0, 10**9)
    for k, v in enumerate(order, 1):
        own = engines.label(v)
        if own:
            out[id(v)] = own
            continue
        kids = engines.children(v)
        expr = _expr(engines.op(v), [out[id(x)] for x in kids]) if kids else ""
        out[id(v)] = expr if expr and len(expr) <= MAX_NAME else f"v{k}"
    return out


def _expr(op: str, names: list[str]) -> str:
    wrapped = [f"({n})" if " " in n else n for n in names]  # a compound name: (a + b) * c
    if op in INFIX and len(names) == 2:
        return f"{wrapped[0]} {op} {wrapped[1]}"
    if op.startswith("**") and len(names) == 1:
        return f"{wrapped[0]}{op}"
    return f"{op or '?'}({', '.join(names)})"


# -- the picture -----------------------------------------------------------------------------


def draw(items: list[Any], d: Canvas, *, labels: Mapping[str, Any] | None, max_nodes: int) -> None:
    """Draw the graph below ``items`` on ``d`` in the lecture's style (see the module)."""
    for name, obj in (labels or {}).items():
        if not engines.is_micrograd_shaped(obj):
            raise TypeError(f"labels= maps names to the graph's values, got {type(obj).__name__}")
        d.names[id(obj)] = name
    values = walk(items, engines.children, lambda v: 2 if engines.op(v) else 1, max_nodes)
    index = {id(v): i for i, v in enumerate(values)}
    roots = {id(r) for r in items}
    for i, v in enumerate(values):
        kids = engines.children(v)
        kind = "output" if id(v) in roots else "value" if kids else "leaf"
        if kind == "leaf" and id(v) in d.names:
            kind = "param"
        name = d.name(v)
        cells = [*([name] if name else []), f"data {fmt(float(v.data))}", d.grad(v)]
        margin = "0.08,0.02" if d.compact else "0"
        attrs = {"shape": "box", "margin": margin, "fillcolor": COLORS[kind], **RECORD_STYLE[kind]}
        if d.lit(v):
            attrs.update(HIGHLIGHT)
        d.node(None, f"v{i}", record(cells, d.compact), kind, **attrs)
        d.shows(v, f"v{i}")
        op = engines.op(v)
        if not op and not kids:
            continue
        attrs = {"shape": "ellipse", "style": "filled", "fillcolor": COLORS["op"]}
        d.node(None, f"f{i}", op or "?", "op", **attrs)
        d.ids.setdefault(engines.op_key(v), []).append(f"f{i}")
        for x in kids:
            d.dot.edge(f"v{index[id(x)]}", f"f{i}")
        d.dot.edge(f"f{i}", f"v{i}")


# -- the tree --------------------------------------------------------------------------------

Piece = list[tuple[str, str]]


def tree_lines(root: Any) -> list[tuple[Piece, int]]:
    """The tree of ``root`` in preorder, as (pieces, depth); a value met again is
    ``(see above)``, so the tree is as big as the graph."""
    called = names(root)
    out: list[tuple[Piece, int]] = []
    seen: set[int] = set()
    stack: list[tuple[Any, int]] = [(root, 0)]
    while stack:
        v, depth = stack.pop()
        name = called[id(v)]
        if id(v) in seen:
            out.append(([(name, "bold"), ("  ", ""), ("(see above)", "dim")], depth))
            continue
        seen.add(id(v))
        kids = engines.children(v)
        op = engines.op(v)
        line: Piece = [(name, "bold"), ("  ", ""), (f"data {fmt(float(v.data))}  ", "")]
        line.append((f"grad {fmt(float(v.grad))}  ", ""))
        line.append((op, "magenta") if op or kids else ("leaf", "dim"))
        out.append((line, depth))
        stack.extend((x, depth + 1) for x in reversed(kids))
    return out


# -- the trace -------------------------------------------------------------------------------


def trace(root: Any, *, gradient: float = 1.0) -> Trace:
    """Run the engine's own backward (its ``_backward`` closures, as micrograd's ``backward``
    runs them) and record what each closure changed."""
    order = engines.topo(root)
    missing = next((v for v in order if engines.backward_of(v) is None), None)
    if missing is not None:
        raise TypeError(
            f"trace() runs each value's _backward, and this {type(missing).__name__} has none "
            "(it can be drawn and printed, not traced)"
        )
    called = names(root)
    root.grad = gradient  # as micrograd's backward: ``self.grad = 1``
    steps: list[TraceStep] = []
    for v in reversed(order):
        kids = engines.inputs(v)
        fn = engines.backward_of(v)
        if not kids:
            fn()  # a leaf's closure: micrograd runs it too (it does nothing)
            continue
        upstream = float(v.grad)
        shown = engines.children(v)
        before = [float(x.grad) for x in shown]
        fn()
        records = []
        expr = _expr(engines.op(v), [called[id(x)] for x in shown])
        for x, was in zip(shown, before):
            now = float(x.grad)
            added = now - was
            local = added / upstream if upstream else math.nan
            wrt = f"d({expr})/d{_wrt(called[id(x)])}"
            if upstream:  # the number in full, so that the trace writes it once
                rec = TraceInput(called[id(x)], x, f"{wrt} = {local!r}", local, added, was, now)
            else:  # nothing to divide by: what the closure added is all there is to show
                text = f"{wrt}: not known, the upstream grad is 0"
                rec = TraceInput(called[id(x)], x, text, local, added, was, now, "_backward added")
            records.append(rec)
        steps.append(
            TraceStep(
                len(steps) + 1,
                v,
                called[id(v)],
                expr,
                float(v.data),
                engines.op(v) or "?",
                upstream,
                (*records,),
                key=engines.op_key(v),
            )
        )
    leaves = tuple(
        Leaf(called[id(x)], x, float(x.data), float(x.grad)) for x in order if not engines.inputs(x)
    )
    return Trace(root, called[id(root)], float(gradient), tuple(steps), leaves)


def _wrt(name: str) -> str:
    return name if name.isidentifier() else f"({name})"
