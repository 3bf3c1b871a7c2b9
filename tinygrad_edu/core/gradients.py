"""Gradients without touching ``.grad``: ``grad(outputs, inputs)``, for Values.

>>> from tinygrad_edu import Value
>>> x = Value(3.0)
>>> (dy,) = grad([x**3], [x], create_graph=True)
>>> dy.data, grad([dy], [x])[0]  # 3x² and its own derivative 6x
(27.0, 18.0)

Only the nodes on a path to the inputs run, as in PyTorch; each goes through the one chain
rule (``graph.chain_rule``). With ``create_graph=True`` the gradients are Values with a
graph of their own, so they can be differentiated again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine import Value, apply, check_and_free, inputs_of, op_of, toposort
from .grad_mode import set_grad_enabled
from .graph import chain_rule, slots_of
from .messages import NO_GRAD

__all__ = ["grad", "toward"]


def toward(order: list[Value], targets: set[int]) -> list[Value]:
    """The Values of ``order`` (outputs first) with an input that leads to a target (by id).

    All that ``grad`` needs, as in PyTorch, which never runs (or needs the saved values of)
    the nodes below them.
    """
    needed: set[int] = set()
    for v in reversed(order):  # inputs before the Values made from them
        if any(id(x) in targets or id(x) in needed for x in inputs_of(v)):
            needed.add(id(v))
    return [v for v in order if id(v) in needed]


def grad(
    outputs: Sequence[Value],
    inputs: Sequence[Value],
    grad_outputs: Sequence[Any] | None = None,
    *,
    create_graph: bool = False,
    retain_graph: bool | None = None,
) -> list[Any]:
    """d(outputs)/d(inputs) without touching any ``.grad``; None for an input not reached.

    With ``create_graph=True`` the gradients are Values with a graph of their own, so they can
    be differentiated again (``d²/dx² x³ = 6x``).
    """
    if retain_graph is None:
        retain_graph = create_graph
    seeds = [1.0] * len(outputs) if grad_outputs is None else list(grad_outputs)
    for o in outputs:
        if not isinstance(o, Value) or not o.requires_grad:
            raise RuntimeError(NO_GRAD)
    acc: dict[int, Any] = {}
    for o, g in zip(outputs, seeds):
        acc[id(o)] = acc[id(o)] + g if id(o) in acc else g
    order = toward(toposort(outputs), {id(x) for x in inputs})
    with set_grad_enabled(create_graph):
        for v in order:
            g = acc.get(id(v))
            if g is None:
                continue
            op = op_of(v)
            check_and_free(v, op, retain_graph)  # type: ignore[arg-type]
            ins = inputs_of(v)
            out: Any = v.data
            if create_graph:
                out = apply(op, ins) if op.uses_result else Value(v.data, requires_grad=False)  # type: ignore[union-attr]
            for x, c in zip(slots_of(op, ins), chain_rule(op, ins, out, g)):  # type: ignore[arg-type]
                if c is not None:
                    acc[id(x)] = acc[id(x)] + c if id(x) in acc else c
    got = [acc.get(id(x)) for x in inputs]
    if create_graph:  # a constant gradient is still a Value, as PyTorch's is a tensor
        got = [
            Value(float(g), requires_grad=False) if isinstance(g, (int, float)) else g for g in got
        ]
    return got
