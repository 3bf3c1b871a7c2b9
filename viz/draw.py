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
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tinygrad_edu.core.engine import Value, accumulator

from . import engines
from .canvas import (
    COLORS,
    HIGHLIGHT,
    RECORD_STYLE,
    STYLES,
    Canvas,
    GraphTooBigError,
    box,
    fmt,
    lines,
    record,
    walk,
)

if TYPE_CHECKING:
    from .picture import Graph

__all__ = ["COLORS", "Graph", "GraphTooBigError", "draw", "fmt", "node_name", "shape_text"]

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


def _value_inputs(v: Value) -> list[Value]:
    return [x for x in v.grad_fn.inputs if isinstance(x, Value)] if v.grad_fn else []


def _tensor_inputs(t: Any) -> list[Any]:
    fn = getattr(t, "grad_fn", None)
    return [x for x in getattr(fn, "inputs", ()) if _is_tensor(x)]


# -- one drawing -----------------------------------------------------------------------------

# -- micrograd style: every Value a record, every op a node ----------------------------------


def _value_kind(v: Value, roots: set[int], names: dict[int, str]) -> str:
    if id(v) in roots:
        return "output"
    if v.grad_fn is not None:
        return "value"
    if not v.requires_grad:
        return "const"
    return "param" if id(v) in names else "leaf"


def _clusters(d: Canvas, tensors: list[Any]) -> tuple[dict[int, Any], list[Any]]:
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


def _micrograd(d: Canvas, values: list[Value], tensors: list[Any]) -> None:
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
        d.node(cluster, f"v{i}", record(cells, d.compact), kind, **attrs)
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
    d: Canvas,
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


def _saved(fn: Any) -> list[tuple[str, Any]]:
    """A node's saved values by PyTorch's names (``self``, ``other``, ``exponent``, ``result``).

    Read from what the node keeps for its rule, so a picture drawn after backward still shows
    them, even though PyTorch itself would have freed them by then.
    """
    return [(attr.removeprefix("_saved_"), v) for attr, v in fn.saved_values().items()]


def _torch(d: Canvas, values: list[Value], show_saved: bool) -> None:
    index = {id(v): i for i, v in enumerate(values)}
    accumulate: dict[int, str] = {}

    def leaf(x: Value) -> str:
        i = index[id(x)]
        if i not in accumulate:
            kind = "param" if id(x) in d.names else "leaf"
            box(d, f"v{i}", lines(*d.rows(x)), kind, x)
            d.shows(x, f"v{i}")
            ag = accumulator(x)
            box(d, f"a{i}", "AccumulateGrad", "backward", ag)
            d.shows(ag, f"a{i}")
            d.dot.edge(f"v{i}", f"a{i}")
            accumulate[i] = f"a{i}"
        return accumulate[i]

    for i, v in enumerate(values):
        fn = v.grad_fn
        if fn is None:
            continue
        rows = [fn.name(), *([d.name(v)] if d.name(v) else []), f"data {fmt(v.data)}", d.grad(v)]
        box(d, f"f{i}", lines(*rows), "backward", v, fn)
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
                box(d, f"s{i}_{j}", lines(name, shown), "saved")
                d.dot.edge(f"s{i}_{j}", f"f{i}", dir="none")
    for r in d.roots:
        i = index[id(r)]
        box(d, f"o{i}", lines(*d.rows(r)), "output")
        d.shows(r, f"o{i}")
        if r.grad_fn is not None:
            d.dot.edge(f"f{i}", f"o{i}")


def _elements(t: Any, d: Canvas, key: str, limit: int = 4) -> str:
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


def _torch_tensors(d: Canvas, tensors: list[Any]) -> None:
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
            box(d, f"t{i}", lines(*rows), kind, t)
            box(d, f"a{i}", "AccumulateGrad", "backward")
            d.dot.edge(f"t{i}", f"a{i}")
            accumulate[i] = f"a{i}"
            continue
        rows = [node_name(fn), *([d.name(t)] if d.name(t) else []), shape_text(t)]
        rows += [_elements(t, d, "data"), _elements(t, d, "grad")]
        box(d, f"f{i}", lines(*rows), "backward", t, fn)
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
        box(d, f"o{i}", lines(*rows), "output", r if r.grad_fn is None else None)
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
    """Draw the graph behind ``root`` (a Value, a Tensor, or a list of them; or another
    engine's: a real PyTorch tensor, a micrograd-shaped value, see ``viz.engines``).

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
    kinds = {engines.kind(x) for x in items}
    for x in items:
        if engines.kind(x) is None:
            raise engines.expected("draw()", x)
    opts = {"rankdir": rankdir, "grads": grads, "highlight": highlight, "compact": compact}
    if kinds & {"micrograd", "torch"}:
        return _other_engine(items, kinds, style, opts, labels, max_nodes, show_saved, legend)
    tensor_view = style == "torch" and all(_is_tensor(x) for x in items)
    if tensor_view:
        d = Canvas(items, opts)
        _name_all(d, labels)
        tensors = walk(items, _tensor_inputs, lambda t: 2, max_nodes)
        _torch_tensors(d, tensors)
    else:
        roots = [v for x in items for v in (x.elements() if _is_tensor(x) else [x])]
        d = Canvas(roots, opts)
        _name_all(d, labels)
        tensors = []
        if style == "micrograd" and any(_is_tensor(x) for x in items):
            tensors = walk([x for x in items if _is_tensor(x)], _tensor_inputs, lambda t: 0, 10**9)
        values = walk(roots, _value_inputs, lambda v: 1 if v.grad_fn is None else 2, max_nodes)
        if style == "micrograd":
            _micrograd(d, values, tensors)
        else:
            _torch(d, values, show_saved)
    if legend:
        d.legend()
    from .picture import Graph  # rendering (subprocess, files) loads with the first picture

    return Graph(d.dot.source, nodes=d.nodes, ids={k: (*v,) for k, v in d.ids.items()})


def _name_all(d: Canvas, labels: Mapping[str, Any] | None) -> None:
    for name, obj in (labels or {}).items():
        if isinstance(obj, Value):
            d.names[id(obj)] = name
        elif _is_tensor(obj):
            d.names[id(obj)] = name
            for i, v in enumerate(obj.elements()):
                d.names[id(v)] = f"{name}[{i}]" if obj.shape else name
        else:
            raise TypeError(f"labels= maps names to Values or Tensors, got {type(obj).__name__}")


def _other_engine(
    items: list[Any],
    kinds: set[str | None],
    style: str,
    opts: dict[str, Any],
    labels: Mapping[str, Any] | None,
    max_nodes: int,
    show_saved: bool,
    legend: bool,
) -> Graph:
    """The picture of another engine's graph (see ``viz.student``, ``viz.torch_graph``)."""
    from . import student, torch_graph  # loaded for their graphs only
    from .picture import Graph

    if len(kinds) > 1:
        raise TypeError("draw() draws one engine's graph at a time: these come from several")
    if kinds == {"torch"}:  # PyTorch's graph is its backward nodes: one picture for both styles
        d = Canvas(items, opts)
        torch_graph.draw(items, d, labels=labels, max_nodes=max_nodes)
        if legend:
            d.legend()
        return Graph(d.dot.source, nodes=d.nodes, ids={k: (*v,) for k, v in d.ids.items()})
    if style == "torch":
        raise ValueError(
            "a micrograd-shaped engine has no backward nodes to draw in the torch style: "
            "use style='micrograd'"
        )
    d = Canvas(items, opts)
    student.draw(items, d, labels=labels, max_nodes=max_nodes)
    if legend:
        d.legend()
    return Graph(d.dot.source, nodes=d.nodes, ids={k: (*v,) for k, v in d.ids.items()})


def __getattr__(name: str) -> Any:
    # ``viz.draw.Graph``: the picture class, loaded on first use (the tree needs none)
    if name == "Graph":
        from .picture import Graph

        return Graph
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
