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

from tinygrad_edu.core.engine import Value

from .picture import Graph

__all__ = ["draw_dot", "trace"]


def _children(v: Value) -> list[Value]:
    """``v._prev`` in the order of the op's inputs (a set has no order of its own)."""
    prev = v._prev
    fn = v.grad_fn
    ordered = [x for x in (fn.inputs if fn is not None else ()) if isinstance(x, Value)]
    return [x for x in dict.fromkeys(ordered) if x in prev]


def trace(root: Value) -> tuple[list[Value], list[tuple[Value, Value]]]:
    """The lecture's ``trace``: every Value below ``root`` (root first) and every edge
    ``(child, parent)``, found through ``_prev``."""
    if not isinstance(root, Value):
        raise TypeError(f"draw_dot() needs a Value, got {type(root).__name__}")
    nodes: list[Value] = []
    seen: set[int] = set()
    edges: list[tuple[Value, Value]] = []
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


def draw_dot(root: Value, *, rankdir: str = "LR") -> Graph:
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
        label = "{ %s | data %.4f | grad %.4f }" % (_record(n.label), n.data, n.grad)  # noqa: UP031
        dot.node(name=uid, label=label, shape="record")
        if n._op:
            dot.node(name=uid + "op", label=n._op)
            dot.edge(uid + "op", uid)
            if n.grad_fn is not None:
                ids[id(n.grad_fn)] = (uid + "op",)
    for n1, n2 in edges:
        dot.edge(name[id(n1)], name[id(n2)] + "op")
    count = len(nodes) + sum(1 for n in nodes if n._op)
    return Graph(dot.source, nodes=count, ids=ids)
