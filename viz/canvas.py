"""The pieces every picture is made of: its colours, its number format, its boxes and records,
and the canvas (the DOT text being built) that draws them.

``viz.draw`` draws this engine's graphs with them; ``viz.student`` a micrograd-shaped engine's
(a student's own Value, micrograd's package) and ``viz.torch_graph`` real PyTorch's, so that
every engine's picture has the same colours, boxes and legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

__all__ = [
    "BOX",
    "COLORS",
    "FONT",
    "HIGHLIGHT",
    "LEGEND",
    "RECORD_STYLE",
    "STYLES",
    "Canvas",
    "GraphTooBigError",
    "box",
    "fmt",
    "lines",
    "record",
    "too_big",
    "walk",
]

# One colour per kind of thing, shared by both styles and the legend.
COLORS = {
    "leaf": "lightblue",  # a leaf that requires grad (torchviz's colour)
    "param": "#d7c6f2",  # a leaf named in labels=: a parameter
    "const": "#e8e8e8",  # requires_grad=False, or a plain number
    "value": "white",  # an intermediate result
    "output": "darkolivegreen1",  # what was drawn (torchviz's colour)
    "op": "#fff2b3",  # a backward node, micrograd style
    "backward": "lightgrey",  # a backward node, torch style (torchviz's default fill)
    "saved": "orange",  # a saved value (torch style, show_saved=True)
    "highlight": "#d62728",  # the node of the current step
}
LEGEND = {
    "leaf": "leaf (requires grad)",
    "param": "parameter (named in labels=)",
    "const": "constant (no grad)",
    "value": "intermediate value",
    "output": "output",
    "op": "backward node (the op)",
    "backward": "backward node",
    "saved": "saved for backward",
    "highlight": "current step",
}
FONT = "Helvetica"
STYLES = ("micrograd", "torch")


def fmt(x: Any, *, short: bool = False) -> str:
    """A number as the pictures show it: 4 decimals, or scientific where those would hide it.

    ``short`` is for constants, which read best as written: ``2``, ``0.5``, ``6.8814``.

    >>> fmt(0.70710678), fmt(-1.5), fmt(1e-7), fmt(2, short=True), fmt(0.5, short=True)
    ('0.7071', '-1.5000', '1.0000e-07', '2', '0.5')
    """
    if isinstance(x, (tuple, list)):  # a tensor's numbers (another engine's): the first four
        more = ", ..." if len(x) > 4 else ""
        return f"[{', '.join(fmt(v, short=short) for v in x[:4])}{more}]"
    if short and type(x) is int:
        return str(x)
    if not (x == 0.0 or 1e-4 <= abs(x) < 1e6):  # nan and inf land here too: "nan", "-inf"
        return f"{x:.4e}"
    s = f"{x:.4f}"
    if short:
        s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


class GraphTooBigError(ValueError):
    """The graph has more nodes than ``max_nodes``."""


def too_big(max_nodes: int) -> GraphTooBigError:
    return GraphTooBigError(
        f"the graph has more than max_nodes={max_nodes} nodes, too many to read in one picture; "
        "pass a larger max_nodes=... to draw it anyway, or draw the tensor-level view "
        "(style='torch' on a Tensor)"
    )


def walk(roots: Sequence[Any], inputs: Any, cost: Any, max_nodes: int) -> list[Any]:
    """Everything ``roots`` depend on, inputs before the ops that use them, without recursion.

    ``inputs(x)`` lists what x was made from; ``cost(x)`` is how many nodes x adds to the
    picture.  The walk stops as soon as the picture would pass ``max_nodes``, so a huge graph
    fails at once instead of rendering for minutes.
    """
    order: list[Any] = []
    done: set[int] = set()  # ids: Tensors need not be hashable
    opened: set[int] = set()
    drawn = 0
    stack: list[tuple[Any, bool]] = [(r, False) for r in reversed(roots)]
    while stack:
        x, ready = stack.pop()
        if id(x) in done:
            continue
        if ready:
            done.add(id(x))
            order.append(x)
            continue
        if id(x) not in opened:  # counted when first reached, so a deep graph fails at once
            opened.add(id(x))
            drawn += cost(x)
            if drawn > max_nodes:
                raise too_big(max_nodes)
        stack.append((x, True))
        stack.extend((y, False) for y in reversed(inputs(x)) if id(y) not in done)
    return order


class Canvas:
    """The state of one drawing: options, the Values in order, the DOT text being built."""

    def __init__(self, roots: list[Any], opts: dict[str, Any]) -> None:
        import graphviz  # here, not at module import: `import viz` stays cheap

        self.roots = roots
        self.grads: Mapping[Any, float] | None = opts["grads"]
        self.highlight = opts["highlight"]
        self.compact = opts["compact"]
        self.rankdir = opts["rankdir"]
        self.ids: dict[int, list[str]] = {}  # id(Value or node) -> the boxes that show it
        self.names: dict[int, str] = {}  # id(Value or Tensor) -> name from labels=
        self.kinds: list[str] = []  # kinds drawn, for the legend
        self.nodes = 0
        self.dot = graphviz.Digraph(
            graph_attr={
                "rankdir": opts["rankdir"],
                "fontname": FONT,
                "nodesep": "0.15" if self.compact else "0.3",
                "ranksep": "0.2" if self.compact else "0.5",
                "bgcolor": "white",
            },
            node_attr={"fontname": FONT, "fontsize": "14"},
            edge_attr={"color": "#444444", "arrowsize": "0.8", "penwidth": "1.2"},
        )

    def shows(self, obj: Any, box: str) -> None:
        """Record that the box ``box`` shows ``obj`` (a Value or a backward node)."""
        if obj is not None:
            self.ids.setdefault(id(obj), []).append(box)

    def name(self, x: Any) -> str:
        """The name labels= gave ``x``, else its own label, else ""."""
        return self.names.get(id(x)) or getattr(x, "label", "") or ""

    def grad(self, v: Any) -> str:
        """``grad 1.0000``, from grads= when given (``grad ?`` where it has none yet)."""
        if not getattr(
            v, "requires_grad", True
        ):  # a micrograd-shaped Value has none: all take grads
            return "no grad"
        if self.grads is None:
            return f"grad {fmt(v.grad)}"
        g = self.grads.get(v)
        return "grad ?" if g is None else f"grad {fmt(g)}"

    def lit(self, *objs: Any) -> bool:
        """Whether one of ``objs`` is the highlighted Value or node."""
        h = self.highlight
        return h is not None and any(h is o for o in objs if o is not None)

    def node(self, where: Any, name: str, label: str, kind: str, **attrs: str) -> None:
        """Add a node to ``where`` (a cluster, or the graph when None), counting it."""
        self.nodes += 1
        if kind not in self.kinds:
            self.kinds.append(kind)
        (where if where is not None else self.dot).node(name, label, **attrs)

    def rows(self, v: Any) -> tuple[str, ...]:
        """A Value's box in the torch style: its name (if it has one), data and grad."""
        return (*([self.name(v)] if self.name(v) else []), f"data {fmt(v.data)}", self.grad(v))

    def legend(self) -> None:
        """A key to the colours actually used, in a box of its own."""
        kinds = [k for k in LEGEND if k in self.kinds]
        if self.highlight is not None:
            kinds.append("highlight")
        rows = "".join(
            f'<tr><td border="{3 if k == "highlight" else 1}" width="28" '
            f'bgcolor="{"white" if k == "highlight" else COLORS[k]}" '
            f'color="{COLORS[k] if k == "highlight" else "black"}"> </td>'
            f'<td align="left">{escape(LEGEND[k])}</td></tr>'
            for k in kinds
        )
        table = f'<<table border="0" cellborder="0" cellspacing="6">{rows}</table>>'
        with self.dot.subgraph(
            name="cluster_legend", graph_attr={"label": "legend", "color": "#888888"}
        ) as c:
            c.node("legend", table, shape="plain", fontsize="12")


def record(cells: list[str], stacked: bool = False) -> str:
    """A micrograd record ``label | data | grad``: a row of cells, or ``stacked`` one above the
    other (narrow boxes, for a projector)."""
    if stacked:
        rows = "".join(f'<tr><td align="left">{escape(c)}</td></tr>' for c in cells)
        return f'<<table border="0" cellborder="0" cellspacing="0" cellpadding="3">{rows}</table>>'
    tds = "".join(f"<td>{escape(c)}</td>" for c in cells)
    return (
        '<<table border="0" cellborder="0" cellspacing="0" cellpadding="6" columns="*">'
        f"<tr>{tds}</tr></table>>"
    )


# How each kind of Value is drawn in the micrograd style: the shape tells them apart in grey too.
RECORD_STYLE = {
    "leaf": {"style": "filled,rounded"},
    "param": {"style": "filled,rounded", "penwidth": "2"},
    "const": {"style": "filled,dashed"},
    "value": {"style": "filled"},
    "output": {"style": "filled", "penwidth": "2.5"},
}
HIGHLIGHT = {"color": COLORS["highlight"], "penwidth": "4"}


def lines(first: str, *rest: str) -> str:
    tail = "".join(f'<br/><font point-size="12">{escape(r)}</font>' for r in rest)
    return f"<<b>{escape(first)}</b>{tail}>"


BOX = {"shape": "box", "style": "filled", "margin": "0.15,0.08"}


def box(d: Canvas, name: str, label: str, kind: str, *lit: Any) -> None:
    attrs = {**BOX, "fillcolor": COLORS[kind]}
    if d.lit(*lit):
        attrs.update(HIGHLIGHT)
    d.node(None, name, label, kind, **attrs)
