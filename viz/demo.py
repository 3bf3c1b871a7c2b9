"""``tinygrad-edu demo``: the tanh neuron, forward and backward, every node shown."""

from __future__ import annotations

import argparse

from tinygrad_edu import Value

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
    from tinygrad_edu.engine import toposort

    inner = toposort([root])[::-1]
    leaves: list[Value] = []
    for v in inner:
        for x in v.grad_fn._inputs:  # type: ignore[union-attr]
            if isinstance(x, Value) and x.grad_fn is None and x not in leaves:
                leaves.append(x)
    return leaves + inner


def run(args: argparse.Namespace) -> int:
    o = neuron()
    o.backward()
    print("The tanh neuron: o = tanh(x1*w1 + x2*w2 + b), after o.backward()\n")
    print(f"{'node':<15} {'data':>9} {'grad':>9}  grad_fn")
    for v in _nodes(o):
        name = v.grad_fn.name() if v.grad_fn is not None else "None (a leaf)"
        print(f"{v.label:<15} {v.data:>9.4f} {v.grad:>9.4f}  {name}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="the tanh neuron: forward, backward, every node shown")
    p.set_defaults(func=run)
