"""Karpathy's ``draw_dot``, for this engine: the picture of micrograd's lecture.

It walks the graph as the lecture's ``trace`` does, through micrograd's names (``v._prev``, the
Values a Value was made from, and ``v._op``, the op that made it: ``'+'``, ``'*'``, ``'tanh'``,
``''`` for a leaf), and draws each Value as a record ``label | data | grad`` and each op as a
node named by ``_op``, with the same format strings as the lecture.  Unlike the lecture's, the
walk needs no recursion, and nodes are numbered in the order it meets them instead of by
``id()``, so one graph always gives the same DOT text.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0, label="a"), Value(-3.0, label="b")
>>> c = a * b; c.label = "c"
>>> print(draw_dot(c).source)  # doctest: +NORMALIZE_WHITESPACE
digraph {
  graph [rankdir=LR]
  n0 [label="{ c | data -6.0000 | grad 0.0000 }" shape=record]
  n0op [label="*"]
  n0op -> n0
  n1 [label="{ a | data 2.0000 | grad 0.0000 }" shape=record]
  n2 [label="{ b | data -3.0000 | grad 0.0000 }" shape=record]
  n1 -> n0op
  n2 -> n0op
}
"""

from __future__ import annotations

from typing import Any

from tinygrad_edu.core.engine import Value

from . import engines
from .picture import Graph

__all__ = ["draw_dot", "trace"]


def _children(v: Any) -> list[Any]:
    """``v._prev`` in the order of the op's inputs (a set has no order of its own)."""
    if not isinstance(v, Value):  # another micrograd-shaped engine's value
        return engines.children(v)
    prev = engines.prev(v)
    fn = v.grad_fn
    ordered = [x for x in (fn.inputs if fn is not None else ()) if isinstance(x, Value)]
    return [x for x in dict.fromkeys(ordered) if x in prev]


def trace(root: Any) -> tuple[list[Any], list[tuple[Any, Any]]]:
    """The lecture's ``trace``: every Value below ``root`` (root first) and every edge
    ``(child, parent)``, found through ``_prev`` (this engine's Value, or any micrograd-shaped
    one: a student's own, micrograd's package)."""
    if not isinstance(root, Value) and not engines.is_micrograd_shaped(root):
        raise TypeError(
            f"draw_dot() needs a Value (this engine's or a micrograd-shaped one), "
            f"got {type(root).__name__}"
        )
    nodes: list[Any] = []
    seen: set[int] = set()
    edges: list[tuple[Any, Any]] = []
    stack = [root]
    while stack:
        v = stack.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        nodes.append(v)
        kids = _children(v)
        edges.extend((child, v) for child in kids)
        stack.extend(reversed(kids))
    return nodes, edges


def _record(text: str) -> str:
    """A label made safe inside a Graphviz record (its braces and bars are syntax)."""
    for ch in '\\{}|<>"':
        text = text.replace(ch, "\\" + ch)
    return text


def draw_dot(root: Any, *, rankdir: str = "LR") -> Graph:
    """The lecture's picture of ``root``'s graph, as a ``viz.Graph`` (SVG, PNG, inline).

    ``rankdir``: ``"LR"`` as in the lecture, or ``"TB"``.
    """
    import graphviz

    if rankdir not in ("LR", "TB"):
        raise ValueError(f"unknown rankdir {rankdir!r}: choose 'LR' or 'TB'")
    nodes, edges = trace(root)
    dot = graphviz.Digraph(graph_attr={"rankdir": rankdir})
    name: dict[int, str] = {}
    ids: dict[int, tuple[str, ...]] = {}
    for k, n in enumerate(nodes):
        uid = name[id(n)] = f"n{k}"
        ids[id(n)] = (uid,)
        label = "{ %s | data %.4f | grad %.4f }" % (  # noqa: UP031
            _record(engines.label(n)),
            n.data,
            n.grad,
        )
        dot.node(name=uid, label=label, shape="record")
        op = engines.op(n)
        if op:
            dot.node(name=uid + "op", label=op)
            dot.edge(uid + "op", uid)
            if isinstance(n, Value) and n.grad_fn is not None:
                ids[id(n.grad_fn)] = (uid + "op",)
    for n1, n2 in edges:
        dot.edge(name[id(n1)], name[id(n2)] + "op")
    count = len(nodes) + sum(1 for n in nodes if engines.op(n))
    return Graph(dot.source, nodes=count, ids=ids)
