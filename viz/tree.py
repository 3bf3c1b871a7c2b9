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
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from tinygrad_edu.engine import Value

from .draw import _is_tensor, _shape, fmt
from .trace import value_names

if TYPE_CHECKING:
    from rich.console import Console
    from rich.tree import Tree

__all__ = ["build_tree", "print_tree", "tree_text"]


def _line(v: Value, name: str) -> str:
    parts = [f"[bold]{_escape(name)}[/bold]"] if name else []
    parts.append(f"data {fmt(v.data)}")
    parts.append(f"grad {fmt(v.grad)}" if v.requires_grad else "no grad")
    if v.grad_fn is not None:
        parts.append(f"[magenta]{v.grad_fn.name()}[/magenta]")
    else:
        parts.append("[dim]leaf[/dim]" if v.requires_grad else "[dim]constant[/dim]")
    return "  ".join(parts)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def build_tree(root: Any) -> Tree:
    """The rich Tree of ``root`` (a Value, a Tensor or a list of them), built without recursion."""
    from rich.tree import Tree

    if isinstance(root, (list, tuple)):
        top = Tree("[bold]outputs[/bold]")
        roots = list(root)
    elif _is_tensor(root):
        fn = getattr(root, "grad_fn", None)
        made = f"  [magenta]{fn.name()}[/magenta]" if fn is not None else ""
        top = Tree(f"[bold]tensor {_shape(root)}[/bold]{made}")
        roots = list(root.elements())
    else:
        top = None
        roots = [root]
    # unlabelled Values get the names the trace gives them (their expression, e.g. a * b + c)
    values = [r for r in roots if isinstance(r, Value)]
    names = {} if _is_tensor(root) else value_names(values)
    seen: set[int] = set()
    stack: list[tuple[Any, Tree | None]] = [(r, top) for r in reversed(roots)]
    first: Tree | None = top
    while stack:
        x, parent = stack.pop()
        if isinstance(x, Value):
            repeat = id(x) in seen
            name = names.get(id(x), x.label)
            text = _line(x, name) if not repeat else f"{_name(x, name)}  [dim](see above)[/dim]"
        else:
            repeat, text = False, f"{fmt(x, short=True)}  [dim]number[/dim]"
        node = Tree(text) if parent is None else parent.add(text)
        first = first or node
        if isinstance(x, Value) and not repeat:
            seen.add(id(x))
            if x.grad_fn is not None:
                stack.extend((y, node) for y in reversed(x.grad_fn.inputs))
    assert first is not None
    return first


def _name(v: Value, name: str) -> str:
    if name:
        return f"[bold]{_escape(name)}[/bold]"
    return f"{v.grad_fn.name() if v.grad_fn else 'leaf'} data {fmt(v.data)}"


def print_tree(root: Any, *, console: Console | None = None) -> None:
    """Print the tree of ``root``: plain text (no colour codes) when output is not a terminal."""
    from rich.console import Console

    (console or Console()).print(build_tree(root))


def tree_text(root: Any, width: int = 80) -> str:
    """The tree as plain text, ``width`` columns wide (for tests and files)."""
    from rich.console import Console

    out = io.StringIO()
    print_tree(root, console=Console(file=out, width=width, color_system=None))
    return out.getvalue()
