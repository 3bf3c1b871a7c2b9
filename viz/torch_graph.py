"""Real PyTorch graphs, drawn, printed as a tree and traced with the same pictures, tree and
Trace as this engine's.  Nothing here imports torch: a tensor handed in is PyTorch's own, so
torch is already loaded, and everything is read off the tensor and its nodes.

The picture walks ``grad_fn.next_functions`` as torchviz does and names every node as PyTorch
does (``MulBackward0``, ``AccumulateGrad``), then adds what torchviz leaves out: each node's
saved values (its ``_saved_*`` attributes, ``freed`` once a backward has freed them), each leaf
tensor's data and grad, the output's data.  Small tensors show their numbers, big ones the
first four (as the torch style does for this engine's Tensors).  Leaves are named by
``labels=``, else ``leaf1``, ``leaf2``... in the order the walk meets them, in the picture, the
tree and the trace alike.

The trace runs PyTorch's own backward and records each node as it runs, through
``Node.register_prehook`` (the grads arriving from above) and ``Node.register_hook`` (the
grads it passes to each input, ``grad_inputs``; an ``AccumulateGrad`` node's runs once PyTorch
has added into its leaf's ``.grad``).  Each input's grad before and
after a step is what PyTorch's buffer for that input holds: the sum of what reached it so far.
In a graph of one-element tensors, the local derivative shown is that input's share divided by
the upstream grad; with bigger tensors, each share is shown as PyTorch computed it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from . import engines
from .canvas import Canvas, box, fmt, lines, walk
from .trace_data import Leaf, Trace, TraceInput, TraceStep

__all__ = ["LIMIT", "draw", "names", "numbers", "saved", "text", "trace", "tree_lines"]

LIMIT = 4  # numbers shown of a tensor; a bigger one shows its first four and "..."


# -- reading PyTorch's objects -----------------------------------------------------------------


def numbers(t: Any) -> tuple[float, ...]:
    """A tensor's numbers, flattened, as Python floats (``tolist``: no NumPy needed)."""
    flat = t.detach().reshape(-1).tolist()
    return tuple(float(x) for x in flat)


def number(t: Any) -> float | tuple[float, ...]:
    """A one-element tensor as its float, a bigger one as ``numbers``."""
    xs = numbers(t)
    return xs[0] if len(xs) == 1 else xs


def shape(t: Any) -> str:
    """``(2, 3)``, with the dtype where it is not float32: ``(3) int64``."""
    dims = tuple(t.shape)
    text_ = f"({dims[0]})" if len(dims) == 1 else f"({', '.join(map(str, dims))})"
    dtype = str(t.dtype).removeprefix("torch.")
    return text_ if dtype == "float32" else f"{text_} {dtype}"


def text(t: Any, limit: int = LIMIT) -> str:
    """A tensor's numbers as the pictures show them: ``2.0000``, ``[1.0000, 2.0000, ...]``."""
    xs = numbers(t)
    if t.dim() == 0:
        return fmt(xs[0])
    more = ", ..." if len(xs) > limit else ""
    return f"[{', '.join(fmt(x) for x in xs[:limit])}{more}]"


def node_name(fn: Any) -> str:
    """A node's name as PyTorch prints it in a repr: ``AccumulateGrad``, not its C++ name."""
    return fn.name().rpartition("::")[2]


def is_accumulate(fn: Any) -> bool:
    return hasattr(fn, "variable")


def next_nodes(fn: Any) -> list[Any]:
    """The nodes ``fn`` passes grads to (``None`` slots, the inputs that need none, left out)."""
    return [m for m, _ in fn.next_functions if m is not None]


def saved(fn: Any) -> list[tuple[str, str]]:
    """A node's saved values by PyTorch's names (``self``, ``other``, ``result``...), as text;
    ``freed`` for a tensor a backward has freed (PyTorch raises on reading it then)."""
    out = []
    for attr in sorted(a for a in dir(fn) if a.startswith("_saved_")):
        try:
            value = getattr(fn, attr)
        except RuntimeError:
            value = "freed"
        name = attr.removeprefix("_saved_")
        if hasattr(value, "detach") and hasattr(value, "dim"):
            out.append((name, text(value)))
        elif value is not None:
            out.append((name, value if isinstance(value, str) else repr(value)))
    return out


def grad_of(t: Any) -> Any:
    """``t.grad`` where PyTorch keeps it (a leaf, or ``retain_grad()``), without the warning
    reading a non-leaf's grad gives; None otherwise."""
    return t.grad if t.is_leaf or t.retains_grad else None


def _roots_nodes(items: list[Any]) -> list[Any]:
    return [t.grad_fn for t in items if t.grad_fn is not None]


def names(items: list[Any], labels: Mapping[str, Any] | None = None) -> dict[int, str]:
    """A name for every leaf tensor (by id), from ``labels`` else ``leaf<k>``, and for every
    node: an ``AccumulateGrad`` its leaf's, an output's node ``output``, any other its PyTorch
    name, with ``#2``, ``#3`` for the second and third of a name."""
    given = {id(t): name for name, t in (labels or {}).items()}
    out: dict[int, str] = {id(t.grad_fn): "output" for t in items if t.grad_fn is not None}
    count: dict[str, int] = {}
    leaves = 0
    for fn in walk(_roots_nodes(items), next_nodes, lambda n: 0, 10**9):
        if is_accumulate(fn):
            leaves += 1
            leaf = out.setdefault(id(fn.variable), given.get(id(fn.variable), f"leaf{leaves}"))
            out[id(fn)] = leaf
            continue
        name = node_name(fn)
        count[name] = count.get(name, 0) + 1
        out.setdefault(id(fn), name if count[name] == 1 else f"{name} #{count[name]}")
    for t in items:
        if t.grad_fn is None:
            out.setdefault(id(t), given.get(id(t), "output"))
    return out


# -- the picture -------------------------------------------------------------------------------


def draw(
    items: list[Any],
    d: Canvas,
    *,
    labels: Mapping[str, Any] | None,
    max_nodes: int,
) -> None:
    """Draw the graph behind the tensors ``items`` on ``d`` (see the module)."""
    for name, t in (labels or {}).items():
        if not engines.is_torch(t):
            raise TypeError(f"labels= maps names to PyTorch tensors, got {type(t).__name__}")
        d.names[id(t)] = name
    called = names(items, labels)
    cost = lambda fn: 2 if is_accumulate(fn) else 1
    order = walk(_roots_nodes(items), next_nodes, cost, max_nodes)
    where: dict[int, str] = {}
    for k, fn in enumerate(order):
        if is_accumulate(fn):
            leaf = fn.variable
            rows = [f"{called[id(leaf)]} {shape(leaf)}", f"data {text(leaf)}", _grad(d, leaf)]
            kind = "param" if id(leaf) in d.names else "leaf"
            box(d, f"t{k}", lines(*rows), kind, leaf)
            d.shows(leaf, f"t{k}")
            # the stepper: the grad arriving at the node, before it is added into the leaf
            acc = lines("AccumulateGrad", _grad(d, fn)) if d.grads is not None else "AccumulateGrad"
            box(d, f"a{k}", acc, "backward", fn)
            d.shows(fn, f"a{k}")
            d.dot.edge(f"t{k}", f"a{k}")
            where[id(fn)] = f"a{k}"
            continue
        rows = [node_name(fn), *(f"{name} = {value}" for name, value in saved(fn))]
        if d.grads is not None:  # the stepper: the grad the node's output has received so far
            # (an output's node: the output's grad, the seed)
            output = next((t for t in items if t.grad_fn is fn), None)
            rows.append(_grad(d, fn if output is None else output))
        box(d, f"f{k}", lines(*rows), "backward", fn)
        d.shows(fn, f"f{k}")
        where[id(fn)] = f"f{k}"
    for fn in order:
        for m, _ in fn.next_functions:
            if m is not None:
                d.dot.edge(where[id(m)], where[id(fn)])
    for k, t in enumerate(items):
        name = d.name(t) or (called[id(t)] if t.grad_fn is None else "output")
        rows = [f"{name} {shape(t)}", f"data {text(t)}"]
        if d.grads is not None or grad_of(t) is not None or t.grad_fn is None:
            rows.append(_grad(d, t))
        box(d, f"o{k}", lines(*rows), "output", t)
        d.shows(t, f"o{k}")
        if t.grad_fn is not None:
            d.dot.edge(where[id(t.grad_fn)], f"o{k}")


def _grad(d: Canvas, x: Any) -> str:
    """``grad [..]`` of a tensor (PyTorch's ``None`` before a backward), or from ``grads=``."""
    if d.grads is not None:
        g = d.grads.get(x)
        return "grad ?" if g is None else f"grad {fmt(g)}"
    if hasattr(x, "requires_grad") and not x.requires_grad:
        return "no grad"
    g = grad_of(x) if hasattr(x, "is_leaf") else None
    return "grad None" if g is None else f"grad {text(g)}"


# -- the tree --------------------------------------------------------------------------------

Piece = list[tuple[str, str]]


def tree_lines(root: Any, labels: Mapping[str, Any] | None = None) -> list[tuple[Piece, int]]:
    """The tree of ``root``'s graph in preorder, as (pieces, depth): the tensor, then its
    nodes, each node's inputs below it; a node met again is ``(see above)``."""
    called = names([root], labels)
    head: Piece = [(f"tensor {shape(root)}", "bold"), (f"  data {text(root)}", "")]
    if root.grad_fn is None:
        return [([*head, (f"  {_grad_text(root)}  ", ""), ("leaf", "dim")], 0)]
    out: list[tuple[Piece, int]] = [([*head, ("  ", ""), (node_name(root.grad_fn), "magenta")], 0)]
    seen: set[int] = set()
    stack: list[tuple[Any, int]] = [(root.grad_fn, 1)]
    while stack:
        fn, depth = stack.pop()
        name = node_name(fn) if is_accumulate(fn) else called[id(fn)]
        if id(fn) in seen:
            again = [(f"  {called[id(fn)]}", "bold")] if is_accumulate(fn) else []
            out.append(([(name, "magenta"), *again, ("  ", ""), ("(see above)", "dim")], depth))
            continue
        seen.add(id(fn))
        if fn is root.grad_fn:
            name = node_name(fn)
        line: Piece = [(name, "magenta")]
        if is_accumulate(fn):
            leaf = fn.variable
            line += [("  ", ""), (called[id(leaf)], "bold"), (f" {shape(leaf)}", "")]
            line += [(f"  data {text(leaf)}  {_grad_text(leaf)}", "")]
        else:
            line += [(f"  {name_} = {value}", "dim") for name_, value in saved(fn)]
        out.append((line, depth))
        stack.extend((m, depth + 1) for m in reversed(next_nodes(fn)))
    return out


def _grad_text(t: Any) -> str:
    g = grad_of(t)
    return "grad None" if g is None else f"grad {text(g)}"


# -- the trace -------------------------------------------------------------------------------


def trace(
    root: Any,
    *,
    gradient: float = 1.0,
    retain_graph: bool = False,
    labels: Mapping[str, Any] | None = None,
) -> Trace:
    """Run PyTorch's backward from ``root`` (a one-element tensor that requires grad), as
    ``root.backward(gradient, retain_graph)`` does, and record each node as it runs."""
    if root.numel() != 1 or not root.requires_grad:
        raise TypeError("trace() expects a one-element PyTorch tensor that requires grad")
    called = names([root], labels)
    called.setdefault(id(root), "output")
    nodes = walk(_roots_nodes([root]), next_nodes, lambda n: 0, 10**9)
    leaves = [fn.variable for fn in nodes if is_accumulate(fn)]
    if root.grad_fn is None:
        leaves = [root]
    # what PyTorch's buffer for each node's input holds so far; a leaf's grad, as it starts
    buffer: dict[int, Any] = {}
    start = {id(t): (numbers(t.grad) if t.grad is not None else None) for t in leaves}
    steps: list[TraceStep] = []
    upstream: dict[int, Any] = {}
    handles = []

    def before(fn: Any, grad_outputs: tuple[Any, ...]) -> None:
        upstream[id(fn)] = grad_outputs

    def after(fn: Any, grad_inputs: tuple[Any, ...], grad_outputs: tuple[Any, ...]) -> None:
        ups = [g for g in upstream.pop(id(fn), grad_outputs) if g is not None]
        # one grad from above, or several (a node with several outputs: unbind, split...)
        up = number(ups[0]) if len(ups) == 1 else tuple(x for g in ups for x in numbers(g))
        scalar = isinstance(up, float) and all(g is None or g.numel() == 1 for g in grad_inputs)
        records = []
        if is_accumulate(fn):  # PyTorch adds the grad into the leaf's .grad
            leaf = fn.variable
            was = start[id(leaf)]
            now = numbers(leaf.grad)
            rule = "" if scalar else "upstream"
            local, formula = (1.0, f"d({called[id(leaf)]})/d({called[id(leaf)]}) = 1.0")
            if rule:
                local, formula = math.nan, f"{called[id(leaf)]}.grad += upstream"
            records.append(
                TraceInput(
                    called[id(leaf)], leaf, formula, local, _one(numbers(ups[0])),
                    _one(was) if was is not None else 0.0, _one(now), rule,
                )
            )  # fmt: skip
            start[id(leaf)] = now
        for slot, ((m, nr), g) in enumerate(zip(fn.next_functions, grad_inputs)):
            if m is None:
                continue
            label = called[id(m)]
            if g is None:
                records.append(
                    TraceInput(label, m, f"{label}: nothing", math.nan, None, None, None)
                )
                continue
            share = numbers(g)
            key = (id(m), nr)
            was = buffer.get(key)
            total = g.detach().clone() if was is None else was + g.detach()
            buffer[key] = total
            was_n = _one(numbers(was)) if was is not None else 0.0
            if scalar and up:
                local = share[0] / up
                formula = f"d({called[id(fn)]})/d({label}) = {local!r}"
                rec = TraceInput(label, m, formula, local, share[0], was_n, numbers(total)[0])
            else:
                rule = f"grad_inputs[{slot}]"
                formula = f"{label}'s share: {node_name(fn)}'s {rule}"
                rec = TraceInput(
                    label, m, formula, math.nan, _one(share), was_n, _one(numbers(total)), rule
                )
            records.append(rec)
        data = number(root) if fn is root.grad_fn else None
        steps.append(
            TraceStep(
                len(steps) + 1,
                fn,
                called[id(fn)],
                called[id(fn)],
                data,  # None: PyTorch keeps no output of its inner nodes
                node_name(fn),
                up if isinstance(up, float) else math.nan,
                (*records,),
                () if isinstance(up, float) else (*up,),
                key=id(fn),
            )
        )

    try:
        for fn in nodes:
            handles.append(fn.register_prehook(lambda go, fn=fn: before(fn, go)))
            handles.append(fn.register_hook(lambda gi, go, fn=fn: after(fn, gi, go)))
        seed = root.detach().clone().fill_(gradient)
        root.backward(seed, retain_graph=retain_graph)
    finally:
        for h in handles:
            h.remove()
    out = tuple(
        Leaf(called[id(t)], t, number(t), _one(numbers(t.grad)) if t.grad is not None else 0.0)
        for t in leaves
    )
    label = called[id(root)] if root.grad_fn is None else "output"
    return Trace(root, label, float(gradient), tuple(steps), out, labels)


def _one(xs: Any) -> Any:
    """A one-number tuple as its float (as the trace shows a scalar grad); else the tuple."""
    return xs[0] if isinstance(xs, tuple) and len(xs) == 1 else xs
