"""``tinygrad-edu draw`` and ``tinygrad-edu tree``: an expression's graph as SVG or as a tree.

    tinygrad-edu draw "tanh(x*w + b)" --var x=2 --var w=-3 --var b=6.88 -o neuron.svg
    tinygrad-edu draw "tanh(x*w + b)" --var x=2 --var w=-3 --var b=6.88 -o neuron.png --dpi 192
    tinygrad-edu tree "a*b + a" --var a=2 --var b=3

Backward runs first (unless ``--no-backward``), so the grads are filled in.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .common import UsageError, console, expression, expression_arguments, output_file

if TYPE_CHECKING:
    from tinygrad_edu.core.engine import Value

__all__ = ["DEFAULT_OUTPUT", "register"]

DEFAULT_OUTPUT = "graph.svg"


def _graph(args: argparse.Namespace) -> Value:
    """The expression's root Value, after backward unless --no-backward; bad input: UsageError."""
    root = expression(args)
    if not args.no_backward and root.requires_grad:
        root.backward()
    return root


def run_draw(args: argparse.Namespace) -> int:
    """``tinygrad-edu draw``: write the picture, or print it with ``-o -``."""
    from ..draw import GraphTooBigError, draw
    from ..render import RenderError

    out = None  # - is stdout
    if args.output != "-":
        out = output_file(args.output, (".svg", ".png", ".dot"), also=", or be -")
    root = _graph(args)
    try:
        graph = draw(
            root,
            style=args.style,
            rankdir=args.rankdir,
            legend=args.legend,
            max_nodes=args.max_nodes,
        )
        if out is None:
            print(graph.svg(), end="", flush=True)  # print: stdout may be closed (None)
            return 0
        graph.save(out, dpi=args.dpi)
    except GraphTooBigError:
        raise UsageError(
            f"the graph has more than {args.max_nodes} nodes, too many to read in one picture; "
            "raise the limit with --max-nodes N"
        ) from None
    except (RenderError, ValueError) as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write {args.output!r}: {e.strerror or e}") from None
    print(f"wrote {out} ({graph.nodes} node{'s' * (graph.nodes != 1)})")
    return 0


def run_tree(args: argparse.Namespace) -> int:
    """``tinygrad-edu tree``: print the graph as a tree."""
    from ..tree import print_tree

    print_tree(_graph(args), console=console())
    return 0


def _positive(text: str) -> int:
    """--max-nodes: a whole number above 0, in ASCII digits (int() would also read '１０')."""
    n = int(text) if text.strip().isdigit() and text.isascii() else 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return n


def _dpi(text: str) -> float:
    """--dpi: a number of dots per inch, 1 to 1200."""
    try:
        n = float(text)
    except ValueError:
        n = 0.0
    if not 1 <= n <= 1200:
        raise argparse.ArgumentTypeError(f"{text!r} is not a resolution from 1 to 1200")
    return n


def _common(p: argparse.ArgumentParser) -> None:
    expression_arguments(p)
    p.add_argument("--no-backward", action="store_true", help="do not run backward (grads stay 0)")


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``draw`` and ``tree`` to the command line."""
    p = sub.add_parser("draw", help="draw an expression's graph as SVG, PNG (or DOT)")
    _common(p)
    p.add_argument(
        "-o",
        "--output",
        default=DEFAULT_OUTPUT,
        metavar="FILE",
        help=f"FILE.svg, FILE.png, FILE.dot, or - for SVG on stdout (default: {DEFAULT_OUTPUT})",
    )
    p.add_argument(
        "--dpi", type=_dpi, default=None, metavar="N", help="a PNG's resolution (default 96)"
    )
    p.add_argument("--style", choices=("micrograd", "torch"), default="micrograd")
    p.add_argument("--rankdir", choices=("LR", "TB"), default="LR", help="left-right or top-down")
    p.add_argument("--legend", action="store_true", help="add a key to the colours")
    p.add_argument(
        "--max-nodes", type=_positive, default=500, metavar="N", help="refuse bigger graphs"
    )
    p.set_defaults(func=run_draw)

    p = sub.add_parser("tree", help="print an expression's graph as a tree")
    _common(p)
    p.set_defaults(func=run_tree)
