"""The graph as a tree in the terminal: each node with its label, data, grad and grad_fn.

>>> from viz.demo import neuron
>>> o = neuron()
>>> o.backward()
>>> print(tree_text(o, width=60))  # doctest: +ELLIPSIS
o  data 0.7071  grad 1.0000  TanhBackward0
└── n  data 0.8814  grad 0.5000  AddBackward0
...

The root is at the top and each node's inputs hang below it.  A node used twice (``a + a``,
or a shared sub-expression) is drawn in full the first time and then referred to as
``(see above)``, so the tree is as big as the graph, never exponentially bigger.

A tree deeper than the width can show (a long chain of ops) keeps its top and bottom levels
and replaces the middle with one line that says how many levels and nodes it leaves out.
The tree is laid out here, line by line, so printing it takes time linear in its size.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tinygrad_edu.core.engine import Value

from . import engines
from .draw import fmt, node_name, shape_text
from .trace import value_names
from .trace_view import Piece, fill, segments

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.tree import Tree

__all__ = ["TreeView", "build_tree", "print_tree", "tree_text"]

GUIDES = ("    ", "│   ", "├── ", "└── ")
ASCII_GUIDES = ("    ", "|   ", "+-- ", "`-- ")


@dataclass
class _Entry:
    """One line of the tree before layout: its pieces and its depth below the root."""

    pieces: Piece
    depth: int


def _is_tensor(x: Any) -> bool:
    return hasattr(x, "elements") and hasattr(x, "shape") and hasattr(x, "grad_fn")


def _line(v: Value, name: str) -> Piece:
    parts: Piece = [(name, "bold"), ("  ", "")] if name else []
    parts.append((f"data {fmt(v.data)}  ", ""))
    parts.append((f"grad {fmt(v.grad)}  " if v.requires_grad else "no grad  ", ""))
    if v.grad_fn is not None:
        parts.append((v.grad_fn.name(), "magenta"))
    else:
        parts.append(("leaf" if v.requires_grad else "constant", "dim"))
    return parts


def _name(v: Value, name: str) -> Piece:
    if name:
        return [(name, "bold")]
    return [(f"{v.grad_fn.name() if v.grad_fn else 'leaf'} data {fmt(v.data)}", "")]


def _entries(root: Any, labels: Mapping[str, Any] | None = None) -> list[_Entry]:
    """The tree in preorder, built without recursion (``(see above)`` for a repeat)."""
    entries: list[_Entry] = []
    engine = engines.kind(root) if not isinstance(root, (list, tuple)) else "value"
    if engine is None:
        raise engines.expected("print_tree()", root)
    if labels is not None and engine != "torch":
        raise TypeError("labels= names a PyTorch graph's leaves: a Value has its own .label")
    if engine in ("micrograd", "torch"):
        # the other engines' adapters load only for their graphs: `tinygrad-edu tree` needs none
        from . import student, torch_graph

        lines = (
            student.tree_lines(root)
            if engine == "micrograd"
            else torch_graph.tree_lines(root, labels)
        )
        return [_Entry(pieces, depth) for pieces, depth in lines]
    if isinstance(root, (list, tuple)):
        entries.append(_Entry([("outputs", "bold")], 0))
        roots, base = list(root), 1
    elif _is_tensor(root):
        fn = getattr(root, "grad_fn", None)
        made: Piece = [("  ", ""), (node_name(fn), "magenta")] if fn is not None else []
        entries.append(_Entry([(f"tensor {shape_text(root)}", "bold"), *made], 0))
        roots, base = list(root.elements()), 1
    else:
        roots, base = [root], 0
    # unlabelled Values get the names the trace gives them (their expression, e.g. a * b + c)
    values = [r for r in roots if isinstance(r, Value)]
    names = {} if _is_tensor(root) else value_names(values)
    seen: set[int] = set()
    stack: list[tuple[Any, int]] = [(r, base) for r in reversed(roots)]
    while stack:
        x, depth = stack.pop()
        if not isinstance(x, Value):
            entries.append(_Entry([(f"{fmt(x, short=True)}  ", ""), ("number", "dim")], depth))
            continue
        name = names.get(id(x), x.label)
        if id(x) in seen:
            entries.append(_Entry([*_name(x, name), ("  ", ""), ("(see above)", "dim")], depth))
            continue
        seen.add(id(x))
        entries.append(_Entry(_line(x, name), depth))
        if x.grad_fn is not None:
            stack.extend((y, depth + 1) for y in reversed(x.grad_fn.inputs))
    return entries


def _elide(entries: list[_Entry], levels: int) -> list[_Entry]:
    """Keep at most ``levels`` levels below the root: past that, the top ``levels // 2``, a
    line saying how much is left out, and the bottom levels of each deep branch."""
    if max(e.depth for e in entries) <= levels:
        return entries
    top = levels // 2
    bottom = levels - top - 1
    n = len(entries)
    height = [0] * n  # how many levels hang below each entry
    end = list(range(1, n + 1))  # one past the last entry of each subtree
    for i in range(n - 1, -1, -1):  # children come after their parent in preorder
        d = entries[i].depth
        j = i + 1
        while j < n and entries[j].depth > d:
            height[i] = max(height[i], height[j] + 1)
            j = end[j]
        end[i] = j
    out: list[_Entry] = []
    i = 0
    while i < n:
        e = entries[i]
        out.append(e)
        skip = height[i] - bottom
        if e.depth != top or skip < 2:
            i += 1
            continue
        below = entries[i + 1 : end[i]]
        gone = sum(1 for b in below if b.depth - top <= skip)
        what = f"... {skip} levels elided ({gone} node{'s' * (gone != 1)}) ..."
        out.append(_Entry([(what, "dim")], top + 1))
        out.extend(_Entry(b.pieces, b.depth - skip + 1) for b in below if b.depth - top > skip)
        i = end[i]
    return out


def _width(pieces: Piece) -> int:
    return sum(len(t) for t, _ in pieces)


class TreeView:
    """The tree of ``root`` as a rich renderable, laid out for the console it is printed on."""

    def __init__(self, root: Any, labels: Mapping[str, Any] | None = None) -> None:
        self.entries = _entries(root, labels)

    def lines(self, width: int, ascii_only: bool = False) -> Iterator[Piece]:
        blank, down, fork, end = ASCII_GUIDES if ascii_only else GUIDES
        entries = _elide(self.entries, max(6, (width - 40) // 4))  # 10 levels in 80 columns
        last = [False] * len(entries)
        later: list[bool] = [False] * (max(e.depth for e in entries) + 2)
        for i in range(len(entries) - 1, -1, -1):  # last child: no sibling follows it
            d = entries[i].depth
            last[i] = not later[d]
            later[d] = True
            for k in range(d + 1, len(later)):
                later[k] = False
        guides: list[str] = []
        for e, is_last in zip(entries, last):
            del guides[max(e.depth - 1, 0) :]
            head = "".join(guides)
            first = head + (end if is_last else fork) if e.depth else ""
            rest = head + (blank if is_last else down) if e.depth else ""
            if e.depth:
                guides.append(blank if is_last else down)
            room = width - len(first)
            parts = [("", [p]) for p in e.pieces]
            rows = fill(parts, room) if _width(e.pieces) > room and room >= 16 else [e.pieces]
            for k, row in enumerate(rows):
                if len(rows) > 1 and row and row[-1][0].endswith(" "):  # wrapped: no blank tail
                    row = [*row[:-1], (row[-1][0].rstrip(), row[-1][1])]
                yield [(first if k == 0 else rest, ""), *row]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from segments(console, list(self.lines(options.max_width, options.ascii_only)))


def build_tree(root: Any) -> Tree:
    """The rich Tree of ``root`` (a Value, a Tensor or a list of them), built without recursion.

    ``print_tree`` and ``tree_text`` print a ``TreeView`` instead, which lays the same lines out
    in time linear in the tree (rich's Tree takes time quadratic in its depth).
    """
    from rich.markup import escape
    from rich.tree import Tree

    def markup(pieces: Piece) -> str:
        return "".join(f"[{s}]{escape(t)}[/{s}]" if s else escape(t) for t, s in pieces)

    entries = _entries(root)
    top = Tree(markup(entries[0].pieces))
    at = [top]
    for e in entries[1:]:
        del at[e.depth :]
        at.append(at[-1].add(markup(e.pieces)))
    return top


def print_tree(
    root: Any, *, console: Console | None = None, labels: Mapping[str, Any] | None = None
) -> None:
    """Print the tree of ``root``: plain text (no colour codes) when output is not a terminal."""
    from rich.console import Console

    (console or Console()).print(TreeView(root, labels), crop=False)


def tree_text(root: Any, width: int = 80, *, labels: Mapping[str, Any] | None = None) -> str:
    """The tree as plain text, ``width`` columns wide (for tests and files; also in Jupyter).
    ``labels``: names for a PyTorch graph's leaves (see ``viz.trace``)."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_jupyter=False)
    print_tree(root, console=console, labels=labels)
    return out.getvalue()
