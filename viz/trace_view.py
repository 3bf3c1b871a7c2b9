"""The backward trace in the terminal: one block per step, then the leaves' grads.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0, label="a"), Value(-3.0, label="b")
>>> t = print_trace(a * b)  # doctest: +SKIP

Each block names the node and its grad_fn, the gradient arriving from above, and for each
input the local derivative (formula and number), the chain-rule product and the input's grad
after adding it.  Colours only on a terminal: piped or redirected, it is plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tinygrad_edu.engine import Value

from .trace import Trace, TraceInput, TraceStep, fmt, trace

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

__all__ = ["print_trace", "render"]

_NAME_WIDTH = 20  # the input-name column; longer names wrap inside it


def _input_rows(i: TraceInput, upstream: float) -> list[tuple[Text | str, ...]]:
    """Two lines per input: its local derivative, then the chain rule's product added in."""
    from rich.text import Text  # rich is imported when something is printed, not with viz

    local = ("", "local", Text(i.text()))
    if i.contribution is None:
        what = "a number" if i.value is None else "needs no grad"
        chain = Text(f"{what}: nothing flows to it", style="dim")
    else:
        chain = Text.assemble(
            i.product(upstream),
            f"   grad += {fmt(i.contribution)} → ",
            (fmt(i.grad), "bold green"),
        )
    return [(Text(i.label, style="bold"), *local[1:]), ("", "chain", chain)]


def _step(s: TraceStep, total: int) -> RenderableType:
    from rich.console import Group
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    head = Text.assemble(
        (f"Step {s.step}/{total}", "bold cyan"),
        "  ",
        (s.grad_fn, "magenta"),
        "  ",
        (s.label, "bold"),
        f" = {s.expr}" if s.expr != s.label else "",  # what a label or v<k> stands for
        f" = {fmt(s.data)}",
    )
    up = Text.assemble("  upstream grad ", (fmt(s.upstream), "bold green"))
    rows = Table.grid(padding=(0, 1))
    rows.add_column(max_width=_NAME_WIDTH, overflow="fold")
    rows.add_column(style="dim")
    rows.add_column()
    for i in s.inputs:
        for row in _input_rows(i, s.upstream):
            rows.add_row(*row)
    return Group(head, up, Padding(rows, (0, 0, 0, 2), expand=False), Text())


def _leaves(t: Trace) -> RenderableType:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, title="Leaf grads", title_justify="left")
    table.add_column("leaf", overflow="fold", max_width=_NAME_WIDTH)
    table.add_column("data", justify="right")
    table.add_column("grad", justify="right", style="bold green")
    for leaf in t.leaves:
        table.add_row(leaf.label, fmt(leaf.data), fmt(leaf.grad))
    return table


def render(t: Trace) -> RenderableType:
    """The whole trace as one rich renderable."""
    from rich.console import Group
    from rich.text import Text

    n = len(t.steps)
    title = Text.assemble(
        "Backward pass from ",
        (t.label, "bold"),
        f" = {fmt(t.root.data)}, seeded with grad {fmt(t.gradient)}: ",
        f"{n} step{'' if n == 1 else 's'}",
    )
    return Group(title, Text(), *(_step(s, n) for s in t.steps), _leaves(t))


def print_trace(root: Value, *, gradient: float = 1.0, console: Console | None = None) -> Trace:
    """Run ``root``'s backward pass and print every step of it; returns the recorded trace."""
    from rich.console import Console

    t = trace(root, gradient=gradient)
    (console or Console()).print(render(t))
    return t
