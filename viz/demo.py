"""``tinygrad-edu demo``: the tanh neuron drawn and traced step by step, then two moons learned."""

from __future__ import annotations

import argparse
from pathlib import Path

from tinygrad_edu import Value

from .cli.common import UsageError

__all__ = ["neuron", "register"]


def neuron() -> Value:
    """Karpathy's neuron: o = tanh(x1*w1 + x2*w2 + b), with the bias that makes o = 1/sqrt(2)."""
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    b = Value(6.8813735870195432, label="b")
    x1w1 = x1 * w1
    x1w1.label = "x1*w1"
    x2w2 = x2 * w2
    x2w2.label = "x2*w2"
    s = x1w1 + x2w2
    s.label = "x1*w1 + x2*w2"
    n = s + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


def _nodes(root: Value) -> list[Value]:
    """Every Value of the graph, inputs before the ops that use them."""
    from tinygrad_edu.core.engine import toposort

    inner = toposort([root])[::-1]
    leaves: list[Value] = []
    for v in inner:
        for x in v.grad_fn.inputs:  # type: ignore[union-attr]
            if isinstance(x, Value) and x.grad_fn is None and x not in leaves:
                leaves.append(x)
    return leaves + inner


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.rule import Rule

    from .cli.train import boundary_svg, boundary_text, train
    from .draw import draw
    from .files import write_atomic
    from .trace_view import print_trace

    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot write to {args.out}: {e.strerror or e}") from None
    console = Console(highlight=False)

    console.print(Rule("1. The tanh neuron: o = tanh(x1*w1 + x2*w2 + b), after o.backward()"))
    o = neuron()
    o.backward()
    console.print(f"{'node':<15} {'data':>9} {'grad':>9}  grad_fn")
    for v in _nodes(o):
        name = v.grad_fn.name() if v.grad_fn is not None else "None (a leaf)"
        console.print(f"{v.label:<15} {v.data:>9.4f} {v.grad:>9.4f}  {name}")
    picture = draw(o).save(out / "neuron.svg")
    console.print(f"\nIts graph, with every node's data and grad: wrote {picture}")

    console.print(Rule("2. The same backward pass, step by step"))
    print_trace(neuron(), console=console)  # a fresh graph: the first backward freed its saves

    if args.train:
        console.print(Rule("3. An MLP(2, [16, 16, 1]) learns two moons"))
        result = train(steps=100, console=console)
        console.print(f"training accuracy: {result.accuracy:.0%} (loss {result.loss:.4f})")
        console.print(boundary_text(result, color=console.is_terminal), end="", soft_wrap=True)
        write_atomic(out / "moons.svg", boundary_svg(result))
        console.print(f"The decision boundary as a picture: wrote {out / 'moons.svg'}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="the tanh neuron drawn and traced, then a network trained")
    p.add_argument("--out", default="demo_out", help="folder for the pictures (default demo_out)")
    p.add_argument("--no-train", dest="train", action="store_false", help="skip the training part")
    p.set_defaults(func=run)
