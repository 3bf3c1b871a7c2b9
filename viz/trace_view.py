"""The backward trace in the terminal: one block per step, then the leaves' grads.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0, label="a"), Value(-3.0, label="b")
>>> t = print_trace(a * b)  # doctest: +SKIP

Each block names the node and its grad_fn, the gradient arriving from above, and for each
input the local derivative (formula and number), the chain-rule product and the input's grad
after adding it.  Colours only on a terminal: piped or redirected, it is plain text.

The steps are laid out here, line by line, for the console's width (a rich table per step
costs milliseconds, so ten thousand steps took seconds): a line breaks only between the parts
of a formula (``d(a * b)/da``, ``= b``, ``= -3.0``), never inside one, and continues under its
own column.  A stream that cannot encode ``×`` or ``→`` gets ``*`` and ``->``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from tinygrad_edu.core.engine import Value, gc_paused

from .trace import trace
from .trace_data import Trace, TraceInput, TraceStep, fmt

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.segment import Segment
    from rich.style import Style

__all__ = ["Piece", "TraceView", "fill", "print_trace", "render", "segments", "trace_text"]

_NAME_WIDTH = 20  # the input-name column; longer names wrap inside it
_KIND_WIDTH = 5  # "local" / "chain"
_INDENT = 2

Piece = list[tuple[str, str]]  # (text, style) segments that are never split across lines


def _symbols(encoding: str) -> tuple[str, str]:
    """The multiplication sign and arrow the stream can encode: ``×``/``→``, else ``*``/``->``."""
    try:
        "×→".encode(encoding)
    except (UnicodeError, LookupError):
        return "*", "->"
    return "×", "→"


def fill(pieces: list[tuple[str, Piece]], width: int, indent: str = "") -> list[Piece]:
    """Pieces (each after its separator) greedily onto lines of ``width``; a piece never splits.

    Lines after the first start with ``indent``.
    """
    if sum(len(sep) + len(t) for sep, piece in pieces for t, _ in piece) <= width:
        one: Piece = []  # all on one line: the common case, made quick
        for sep, piece in pieces:
            if one and sep:
                one.append((sep, ""))
            one += piece
        return [one]
    lines: list[Piece] = []
    line: Piece = []
    used = 0
    for sep, piece in _fit(pieces, width - len(indent)):
        size = sum(len(t) for t, _ in piece)
        if line and used + len(sep) + size > width:
            lines.append(line)
            line, used = [(indent, "")], len(indent)
        elif line:
            line.append((sep, ""))
            used += len(sep)
        line.extend(piece)
        used += size
    lines.append(line)
    return lines


def _fit(pieces: list[tuple[str, Piece]], width: int) -> Iterator[tuple[str, Piece]]:
    """The pieces, but one longer than a whole line is split at its spaces (then folded)."""
    for sep, piece in pieces:
        if sum(len(t) for t, _ in piece) <= width:
            yield sep, piece
            continue
        for text, style in piece:  # the one case where a formula breaks: it cannot fit at all
            for k, word in enumerate(text.split(" ")):
                for at in range(0, max(len(word), 1), max(width, 1)):
                    yield (
                        (sep if k == 0 and at == 0 else " " if at == 0 else ""),
                        [(word[at : at + width], style)],
                    )
            sep = ""


def _wrap_name(name: str, width: int) -> list[str]:
    """A long input name wrapped at its spaces (words longer than ``width`` are folded)."""
    if len(name) <= width:
        return [name]
    lines, line = [], ""
    for word in name.split(" "):
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


class _Layout:
    """One console's layout of the steps: its width and symbols."""

    def __init__(self, width: int, encoding: str) -> None:
        self.width = max(width, 20)
        self.times, self.arrow = _symbols(encoding)

    def head(self, s: TraceStep, total: int) -> list[Piece]:
        pieces: list[tuple[str, Piece]] = [
            ("", [(f"Step {s.step}/{total}", "bold cyan")]),
            ("  ", [(s.grad_fn, "magenta")]),
            ("  ", [(s.label, "bold")]),
        ]
        if s.expr != s.label:  # what a label or v<k> stands for
            pieces.append((" ", [(f"= {s.expr}", "")]))
        if s.data is not None:
            pieces.append((" ", [(f"= {fmt(s.data)}", "")]))
        return fill(pieces, self.width, "  ")

    def _local(self, s: TraceStep, i: TraceInput, room: int) -> list[tuple[str, Piece]]:
        parts = i.text().split(" = ")
        if len(parts[0]) > room and s.expr != s.label:
            # d(<long expression>)/dx does not fit: the node's own name stands for it
            parts[0] = parts[0].replace(f"d({s.expr})/", f"d({s.label})/", 1)
        return [("", [(parts[0], "")]), *((" ", [(f"= {p}", "")]) for p in parts[1:])]

    def _chain(self, i: TraceInput, upstream: float) -> list[tuple[str, Piece]]:
        if i.contribution is None:
            what = "a number" if i.value is None else "needs no grad"
            return [("", [(f"{what}: nothing flows to it", "dim")])]
        if i.rule:  # a tensor rule's share: PyTorch's formula, not a product
            product = f"{i.rule} = {fmt(i.contribution)}"
        else:
            product = f"{fmt(upstream)} {self.times} {fmt(i.local)} = {fmt(i.contribution)}"
        added = [(f"grad += {fmt(i.contribution)} {self.arrow} ", ""), (fmt(i.grad), "bold green")]
        return [("", [(product, "")]), ("   ", added)]

    def rows(self, s: TraceStep) -> Iterator[Piece]:
        """Two rows per input, ``name local ...`` and ``chain ...``, in three columns."""
        if not s.inputs:
            return
        name_w = min(_NAME_WIDTH, max(len(i.label) for i in s.inputs))
        room = self.width - _INDENT - name_w - 1 - _KIND_WIDTH - 1
        if room < 20:  # a narrow console: the name column gives way first
            name_w = max(4, name_w - (20 - room))
            room = self.width - _INDENT - name_w - 1 - _KIND_WIDTH - 1
        for i in s.inputs:
            names = _wrap_name(i.label, name_w)
            for kind, pieces in (
                ("local", self._local(s, i, room)),
                ("chain", self._chain(i, s.upstream)),
            ):
                content = fill(pieces, room)
                for j in range(max(len(names), len(content))):
                    name = names[j] if j < len(names) else ""
                    if j >= len(content):  # only the rest of a long name: no trailing blanks
                        yield [(" " * _INDENT, ""), (name, "bold")]
                        continue
                    label = kind if j == 0 else " " * _KIND_WIDTH
                    head = [(" " * _INDENT, ""), (name.ljust(name_w), "bold"), (" ", "")]
                    yield [*head, (label, "dim"), (" ", ""), *content[j]]
                names = []  # the name is written once, beside "local"


def segments(console: Console, lines: list[Piece]) -> Iterator[Segment]:
    """The lines as rich Segments, with no Text in between (its wrapping is what was slow).

    Without colours (piped, redirected, NO_COLOR...) styles print as nothing, so each line is
    one segment.
    """
    from rich.segment import Segment

    if console.color_system is None and not console.record:
        for line in lines:
            yield Segment("".join([part for part, _ in line]) + "\n")
        return
    styles: dict[str, Style | None] = {"": None}
    newline = Segment.line()
    for line in lines:
        text, current = "", ""
        for part, name in line:  # neighbours in one style become one segment
            if not part:
                continue
            if name != current and text:
                yield Segment(text, styles[current])
                text = ""
            if name not in styles:
                styles[name] = console.get_style(name)
            text += part
            current = name
        if text:
            yield Segment(text, styles[current])
        yield newline


class TraceView:
    """The trace as a rich renderable, laid out for the width of the console it is printed on."""

    def __init__(self, t: Trace) -> None:
        self.trace = t

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        t = self.trace
        layout = _Layout(options.max_width, options.encoding)
        n = len(t.steps)
        title: list[tuple[str, Piece]] = [
            ("", [("Backward pass from", "")]),
            (" ", [(t.label, "bold")]),
            (" ", [(f"= {fmt(t.root.data)},", "")]),
            (" ", [(f"seeded with grad {fmt(t.gradient)}:", "")]),
            (" ", [(f"{n} step{'' if n == 1 else 's'}", "")]),
        ]
        lines: list[Piece] = [*fill(title, layout.width, "  "), []]
        for s in t.steps:
            lines.extend(layout.head(s, n))
            up = fmt(s.upstreams) if s.upstreams and s.upstream != s.upstream else fmt(s.upstream)
            lines.append([("  upstream grad ", ""), (up, "bold green")])
            lines.extend(layout.rows(s))
            lines.append([])
        yield from segments(console, lines)
        yield _leaves(t)


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
    return TraceView(t)


def print_trace(
    root: Value,
    *,
    gradient: float = 1.0,
    console: Console | None = None,
    labels: Mapping[str, Any] | None = None,
) -> Trace:
    """Run ``root``'s backward pass and print every step of it; returns the recorded trace.
    ``labels``: names for a PyTorch graph's leaves (see ``viz.trace``)."""
    from rich.console import Console

    with gc_paused():  # a trace holds the whole graph: the collector would walk it again and again
        t = trace(root, gradient=gradient, labels=labels)
        (console or Console()).print(render(t))
    return t


def trace_text(
    root: Value,
    width: int = 80,
    *,
    gradient: float = 1.0,
    labels: Mapping[str, Any] | None = None,
) -> str:
    """The trace as plain text, ``width`` columns wide (also inside a Jupyter kernel)."""
    import io

    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_jupyter=False)
    print_trace(root, gradient=gradient, console=console, labels=labels)
    return out.getvalue()
