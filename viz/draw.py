"""Draw a computation graph: every Value with its data and grad, every op by its backward name.

>>> from viz.demo import neuron
>>> o = neuron()
>>> o.backward()
>>> g = draw(o)
>>> "TanhBackward0" in g.source
True

Two styles of the same graph.  ``micrograd``: each Value is a record ``label | data | grad`` and
each op a node named as PyTorch names it.  ``torch``: the backward nodes only, as torchviz draws
them (leaves light blue behind an ``AccumulateGrad``, the output green, saved values orange), with
the data and grads added.  A Tensor is drawn element by element with one cluster per tensor in
the micrograd style, and tensor by tensor in the torch style.  Node ids come from the order of a
traversal, never from ``id()``, so the same graph always gives the same DOT text.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from tinygrad_edu.core.engine import Value, accumulator

if TYPE_CHECKING:
    from .picture import Graph

__all__ = ["COLORS", "Graph", "GraphTooBigError", "draw", "fmt", "node_name", "shape_text"]

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


def fmt(x: float, *, short: bool = False) -> str:
    """A number as the pictures show it: 4 decimals, or scientific where those would hide it.

    ``short`` is for constants, which read best as written: ``2``, ``0.5``, ``6.8814``.

    >>> fmt(0.70710678), fmt(-1.5), fmt(1e-7), fmt(2, short=True), fmt(0.5, short=True)
    ('0.7071', '-1.5000', '1.0000e-07', '2', '0.5')
    """
    if short and type(x) is int:
        return str(x)
    if not (x == 0.0 or 1e-4 <= abs(x) < 1e6):  # nan and inf land here too: "nan", "-inf"
        return f"{x:.4e}"
    s = f"{x:.4f}"
    if short:
        s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


# -- collecting the graph --------------------------------------------------------------------


def _is_tensor(x: Any) -> bool:
    return hasattr(x, "elements") and hasattr(x, "shape") and hasattr(x, "grad_fn")


def shape_text(t: Any) -> str:
    """A tensor's shape as the pictures show it, ``(2, 3)``, with its dtype where it is not
    the default one (a float64 or integer tensor in a float32 graph): ``(3) int64``."""
    dims = tuple(t.shape)
    text = f"({dims[0]})" if len(dims) == 1 else f"({', '.join(map(str, dims))})"
    dt = getattr(t, "dtype", None)
    if dt is None:
        return text
    from tinygrad_edu import get_default_dtype  # a tensor: the torch namespace is loaded

    return text if dt is get_default_dtype() else f"{text} {dt.name}"


def node_name(fn: Any) -> str:
    """A node's name as PyTorch prints it in a repr: ``CopySlices``, not its C++ name."""
    return fn.name().rpartition("::")[2]


class GraphTooBigError(ValueError):
    """The graph has more nodes than ``max_nodes``."""


def _too_big(max_nodes: int) -> GraphTooBigError:
    return GraphTooBigError(
        f"the graph has more than max_nodes={max_nodes} nodes, too many to read in one picture; "
        "pass a larger max_nodes=... to draw it anyway, or draw the tensor-level view "
        "(style='torch' on a Tensor)"
    )


def _walk(roots: Sequence[Any], inputs: Any, cost: Any, max_nodes: int) -> list[Any]:
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
                raise _too_big(max_nodes)
        stack.append((x, True))
        stack.extend((y, False) for y in reversed(inputs(x)) if id(y) not in done)
    return order


def _value_inputs(v: Value) -> list[Value]:
    return [x for x in v.grad_fn.inputs if isinstance(x, Value)] if v.grad_fn else []


def _tensor_inputs(t: Any) -> list[Any]:
    fn = getattr(t, "grad_fn", None)
    return [x for x in getattr(fn, "inputs", ()) if _is_tensor(x)]


# -- one drawing -----------------------------------------------------------------------------


class _Drawing:
    """The state of one drawing: options, the Values in order, the DOT text being built."""

    def __init__(self, roots: list[Any], opts: dict[str, Any]) -> None:
        import graphviz  # here, not at module import: `import viz` stays cheap

        self.roots = roots
        self.grads: Mapping[Value, float] | None = opts["grads"]
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

    def grad(self, v: Value) -> str:
        """``grad 1.0000``, from grads= when given (``grad ?`` where it has none yet)."""
        if not v.requires_grad:
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

    def rows(self, v: Value) -> tuple[str, ...]:
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


def _record(cells: list[str], stacked: bool = False) -> str:
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


def _lines(first: str, *rest: str) -> str:
    tail = "".join(f'<br/><font point-size="12">{escape(r)}</font>' for r in rest)
    return f"<<b>{escape(first)}</b>{tail}>"


# -- micrograd style: every Value a record, every op a node ----------------------------------


def _value_kind(v: Value, roots: set[int], names: dict[int, str]) -> str:
    if id(v) in roots:
        return "output"
    if v.grad_fn is not None:
        return "value"
    if not v.requires_grad:
        return "const"
    return "param" if id(v) in names else "leaf"


def _clusters(d: _Drawing, tensors: list[Any]) -> tuple[dict[int, Any], list[Any]]:
    """One DOT cluster per tensor, and which cluster each element Value goes in."""
    import graphviz

    where: dict[int, Any] = {}
    graphs = []
    for k, t in enumerate(tensors):
        fn = getattr(t, "grad_fn", None)
        made = node_name(fn) if fn is not None else ""
        title = f"{d.name(t)} = {made}" if d.name(t) and made else d.name(t) or made
        title = f"{title} {shape_text(t)}".strip()
        g = graphviz.Digraph(
            name=f"cluster_{k}",
            graph_attr={
                "label": title,
                "style": "rounded,filled",
                "fillcolor": "#f5f5f5",
                "color": "#888888",
            },
        )
        graphs.append(g)
        for v in t.elements():
            where.setdefault(id(v), g)
    return where, graphs


def _micrograd(d: _Drawing, values: list[Value], tensors: list[Any]) -> None:
    roots = {id(r) for r in d.roots}
    where, graphs = _clusters(d, tensors)
    index = {id(v): i for i, v in enumerate(values)}
    for i, v in enumerate(values):
        kind = _value_kind(v, roots, d.names)
        label = d.name(v)
        cells = [*([label] if label else []), f"data {fmt(v.data)}", d.grad(v)]
        margin = "0.08,0.02" if d.compact else "0"  # compact: stacked cells need a side margin
        attrs = {"shape": "box", "margin": margin, "fillcolor": COLORS[kind], **RECORD_STYLE[kind]}
        if d.lit(v):
            attrs.update(HIGHLIGHT)
        cluster = where.get(id(v))
        d.node(cluster, f"v{i}", _record(cells, d.compact), kind, **attrs)
        d.shows(v, f"v{i}")
        fn = v.grad_fn
        if fn is None:
            continue
        attrs = {"shape": "ellipse", "style": "filled", "fillcolor": COLORS["op"]}
        if d.lit(fn):
            attrs.update(HIGHLIGHT)
        d.node(cluster, f"f{i}", fn.name(), "op", **attrs)
        d.shows(fn, f"f{i}")
        for j, x in enumerate(fn.inputs):
            if isinstance(x, Value):
                d.dot.edge(f"v{index[id(x)]}", f"f{i}")
                continue
            d.node(
                cluster,
                f"c{i}_{j}",
                fmt(x, short=True),
                "const",
                shape="box",
                style="filled,dashed",
                fillcolor=COLORS["const"],
            )
            d.dot.edge(f"c{i}_{j}", f"f{i}", style="dashed")
        d.dot.edge(f"f{i}", f"v{i}")
    _in_order(d, values, tensors, graphs, where, index)
    for g in graphs:
        d.dot.subgraph(g)


def _in_order(
    d: _Drawing,
    values: list[Value],
    tensors: list[Any],
    graphs: list[Any],
    where: dict[int, Any],
    index: dict[int, int],
) -> None:
    """Keep each tensor's elements in reading order: ``W[0]`` first (on top from left to right).

    Elements of one tensor at the same depth go on one rank, chained by invisible edges, which
    fix their order; Graphviz turns a top-down layout's left-to-right order into bottom-to-top
    when it rotates it for ``LR``, so the chain is reversed there.
    """
    depth: dict[int, int] = {}
    for v in values:  # inputs come before the Values made from them
        ins = [depth[id(x)] for x in (v.grad_fn.inputs if v.grad_fn else ()) if id(x) in depth]
        depth[id(v)] = 1 + max(ins, default=0) if v.grad_fn is not None else 0
    for t, g in zip(tensors, graphs):
        by_depth: dict[int, list[str]] = {}
        for v in t.elements():
            if where.get(id(v)) is g and id(v) in index:
                by_depth.setdefault(depth[id(v)], []).append(f"v{index[id(v)]}")
        for names in by_depth.values():
            names = list(dict.fromkeys(names))
            if len(names) < 2:
                continue
            if d.rankdir in ("LR", "RL"):
                names.reverse()
            with g.subgraph() as same:
                same.attr(rank="same")
                for a, b in itertools.pairwise(names):
                    same.edge(a, b, style="invis")


# -- torch style: backward nodes only, as torchviz draws them --------------------------------


BOX = {"shape": "box", "style": "filled", "margin": "0.15,0.08"}


def _box(d: _Drawing, name: str, label: str, kind: str, *lit: Any) -> None:
    attrs = {**BOX, "fillcolor": COLORS[kind]}
    if d.lit(*lit):
        attrs.update(HIGHLIGHT)
    d.node(None, name, label, kind, **attrs)


def _saved(fn: Any) -> list[tuple[str, Any]]:
    """A node's saved values by PyTorch's names (``self``, ``other``, ``exponent``, ``result``).

    Read from what the node keeps for its rule, so a picture drawn after backward still shows
    them, even though PyTorch itself would have freed them by then.
    """
    return [(attr.removeprefix("_saved_"), v) for attr, v in fn.saved_values().items()]


def _torch(d: _Drawing, values: list[Value], show_saved: bool) -> None:
    index = {id(v): i for i, v in enumerate(values)}
    accumulate: dict[int, str] = {}

    def leaf(x: Value) -> str:
        i = index[id(x)]
        if i not in accumulate:
            kind = "param" if id(x) in d.names else "leaf"
            _box(d, f"v{i}", _lines(*d.rows(x)), kind, x)
            d.shows(x, f"v{i}")
            ag = accumulator(x)
            _box(d, f"a{i}", "AccumulateGrad", "backward", ag)
            d.shows(ag, f"a{i}")
            d.dot.edge(f"v{i}", f"a{i}")
            accumulate[i] = f"a{i}"
        return accumulate[i]

    for i, v in enumerate(values):
        fn = v.grad_fn
        if fn is None:
            continue
        rows = [fn.name(), *([d.name(v)] if d.name(v) else []), f"data {fmt(v.data)}", d.grad(v)]
        _box(d, f"f{i}", _lines(*rows), "backward", v, fn)
        d.shows(v, f"f{i}")
        d.shows(fn, f"f{i}")
        for x in fn.differentiable_inputs:
            if isinstance(x, Value) and x.requires_grad:  # torchviz skips constants' None slots
                d.dot.edge(f"f{index[id(x)]}" if x.grad_fn is not None else leaf(x), f"f{i}")
        if show_saved:
            for j, (name, val) in enumerate(_saved(fn)):
                if isinstance(val, Value) and val.grad_fn is None and val.requires_grad:
                    d.dot.edge(f"v{index[id(val)]}", f"f{i}", dir="none", style="dashed")
                    leaf(val)
                    continue
                shown = fmt(val.data) if isinstance(val, Value) else fmt(val, short=True)
                _box(d, f"s{i}_{j}", _lines(name, shown), "saved")
                d.dot.edge(f"s{i}_{j}", f"f{i}", dir="none")
    for r in d.roots:
        i = index[id(r)]
        _box(d, f"o{i}", _lines(*d.rows(r)), "output")
        d.shows(r, f"o{i}")
        if r.grad_fn is not None:
            d.dot.edge(f"f{i}", f"o{i}")


def _elements(t: Any, d: _Drawing, key: str, limit: int = 4) -> str:
    vals = t.elements()
    if key == "data":
        parts = [fmt(v.data) for v in vals[:limit]]
    else:
        if not getattr(t, "requires_grad", True):
            return "no grad"
        parts = [d.grad(v).removeprefix("grad ") for v in vals[:limit]]
    more = ", ..." if len(vals) > limit else ""
    body = ", ".join(parts) + more
    return f"{key} {body}" if not t.shape else f"{key} [{body}]"


def _torch_tensors(d: _Drawing, tensors: list[Any]) -> None:
    """The tensor-level view: one backward node per tensor op, whatever the tensors' sizes."""
    index = {id(t): i for i, t in enumerate(tensors)}
    accumulate: dict[int, str] = {}
    roots = {id(r) for r in d.roots}
    for i, t in enumerate(tensors):
        fn = getattr(t, "grad_fn", None)
        if fn is None:
            if id(t) in roots or not getattr(t, "requires_grad", False):
                continue
            kind = "param" if id(t) in d.names else "leaf"
            rows = (
                f"{d.name(t)} {shape_text(t)}".strip(),
                *(_elements(t, d, k) for k in ("data", "grad")),
            )
            _box(d, f"t{i}", _lines(*rows), kind, t)
            _box(d, f"a{i}", "AccumulateGrad", "backward")
            d.dot.edge(f"t{i}", f"a{i}")
            accumulate[i] = f"a{i}"
            continue
        rows = [node_name(fn), *([d.name(t)] if d.name(t) else []), shape_text(t)]
        rows += [_elements(t, d, "data"), _elements(t, d, "grad")]
        _box(d, f"f{i}", _lines(*rows), "backward", t, fn)
    for i, t in enumerate(tensors):
        fn = getattr(t, "grad_fn", None)
        for x in getattr(fn, "inputs", ()) if fn is not None else ():
            if not _is_tensor(x) or not getattr(x, "requires_grad", False):
                continue
            j = index[id(x)]
            d.dot.edge(accumulate.get(j, f"f{j}"), f"f{i}")
    for r in d.roots:
        i = index[id(r)]
        rows = (
            f"{d.name(r)} {shape_text(r)}".strip(),
            _elements(r, d, "data"),
            _elements(r, d, "grad"),
        )
        _box(d, f"o{i}", _lines(*rows), "output", r if r.grad_fn is None else None)
        if r.grad_fn is not None:
            d.dot.edge(f"f{i}", f"o{i}")


# -- the entry point -------------------------------------------------------------------------


def draw(
    root: Any,
    *,
    style: str = "micrograd",
    rankdir: str = "LR",
    show_saved: bool = False,
    legend: bool = False,
    max_nodes: int = 500,
    highlight: Any = None,
    grads: Mapping[Value, float] | None = None,
    labels: Mapping[str, Any] | None = None,
    compact: bool = False,
) -> Graph:
    """Draw the graph behind ``root`` (a Value, a Tensor, or a list of them).

    ``style``: ``"micrograd"`` or ``"torch"``.  ``rankdir``: ``"LR"`` or ``"TB"``.
    ``show_saved``: the torch style also draws saved values.  ``legend``: explain the colours.
    ``max_nodes``: fail fast above this many nodes.  ``highlight``: a Value or node to emphasise.
    ``grads``: the grads to show instead of ``.grad`` (Values missing from it show ``grad ?``).
    ``labels``: ``{name: Value or Tensor}``, names for the parameters (like torchviz's params).
    ``compact``: narrow boxes (label, data and grad stacked) and tight spacing, to read large on
    a projector (the stepper's pictures).
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}: choose 'micrograd' or 'torch'")
    if rankdir not in ("LR", "TB", "RL", "BT"):
        raise ValueError(f"unknown rankdir {rankdir!r}: choose 'LR' or 'TB'")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    items = list(root) if isinstance(root, (list, tuple)) else [root]
    if not items:
        raise ValueError("draw() needs a Value or a Tensor, got an empty list")
    for x in items:
        if not isinstance(x, Value) and not _is_tensor(x):
            raise TypeError(f"draw() needs a Value or a Tensor, got {type(x).__name__}")
    opts = {"rankdir": rankdir, "grads": grads, "highlight": highlight, "compact": compact}
    tensor_view = style == "torch" and all(_is_tensor(x) for x in items)
    if tensor_view:
        d = _Drawing(items, opts)
        _name_all(d, labels)
        tensors = _walk(items, _tensor_inputs, lambda t: 2, max_nodes)
        _torch_tensors(d, tensors)
    else:
        roots = [v for x in items for v in (x.elements() if _is_tensor(x) else [x])]
        d = _Drawing(roots, opts)
        _name_all(d, labels)
        tensors = []
        if style == "micrograd" and any(_is_tensor(x) for x in items):
            tensors = _walk([x for x in items if _is_tensor(x)], _tensor_inputs, lambda t: 0, 10**9)
        values = _walk(roots, _value_inputs, lambda v: 1 if v.grad_fn is None else 2, max_nodes)
        if style == "micrograd":
            _micrograd(d, values, tensors)
        else:
            _torch(d, values, show_saved)
    if legend:
        d.legend()
    from .picture import Graph  # rendering (subprocess, files) loads with the first picture

    return Graph(d.dot.source, nodes=d.nodes, ids={k: (*v,) for k, v in d.ids.items()})


def _name_all(d: _Drawing, labels: Mapping[str, Any] | None) -> None:
    for name, obj in (labels or {}).items():
        if isinstance(obj, Value):
            d.names[id(obj)] = name
        elif _is_tensor(obj):
            d.names[id(obj)] = name
            for i, v in enumerate(obj.elements()):
                d.names[id(v)] = f"{name}[{i}]" if obj.shape else name
        else:
            raise TypeError(f"labels= maps names to Values or Tensors, got {type(obj).__name__}")


def __getattr__(name: str) -> Any:
    # ``viz.draw.Graph``: the picture class, loaded on first use (the tree needs none)
    if name == "Graph":
        from .picture import Graph

        return Graph
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
