"""A tensor op's numbers at once, its element Values when something asks for them.

An elementwise op or a whole-tensor ``sum``/``mean`` computes its result as a list of numbers,
with the same forward rule and the same float32 kernel as the element-by-element op. Its
tensor-level node is made at once (``grad_fn``, ``next_functions`` and the saved values are
there from the start); its element Values, each with its own scalar node, are made the first
time anything asks for them (``Tensor.flat``, ``TensorNode.elements``), exactly as the op
would have made them, with the numbers it computed. So a graph that nothing looks into costs
its numbers, and one that the trace, a picture or a write looks into is the graph of Values
the lessons teach, node for node (``tests/test_lazy.py`` holds the two equal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.engine import Value, apply, check_and_free, in_float32_format, op_of
from ..core.grad_mode import set_grad_enabled
from ..core.ops import Op

__all__ = ["Lazy", "build"]


class Lazy:
    """What a tensor-level node holds while its element Values are not made yet: the op, how
    its inputs meet (``kind``: ``"unary"``, ``"pair"``, ``"number"``, ``"reduce"``), the
    constant operands (``params``), the broadcast maps of a pair (``maps``: for each output
    element, the input element it reads), and the result's numbers (``data``). A backward
    pass over the numbers sets ``freed`` and leaves the output's gradient in ``grads``."""

    __slots__ = ("data", "float32", "freed", "grads", "kind", "maps", "op", "params")

    def __init__(
        self,
        op: Op,
        kind: str,
        data: list[float],
        float32: bool,
        params: Sequence[Any] = (),
        maps: tuple[list[int], list[int]] | None = None,
    ) -> None:
        self.op, self.kind, self.data, self.params, self.maps = op, kind, data, params, maps
        self.float32 = float32
        self.freed = False
        self.grads: list[float] | None = None

    def make(self, node: Any) -> list[Value]:
        """The element Values the op would have made from ``node``'s inputs (tensors whose
        own elements are made already), with this op's numbers."""
        op, kind, inputs = self.op, self.kind, node.inputs
        with set_grad_enabled(True):  # the op recorded a graph when it ran: so do its elements
            if kind == "unary":
                params = self.params
                vals = [apply(op, (v, *params)) for v in inputs[0].flat]
            elif kind == "number":
                n = self.params[0]
                vals = [apply(op, (v, n)) for v in inputs[0].flat]
            elif kind == "pair":
                xs, ys = inputs[0].flat, inputs[1].flat
                if self.maps is not None:
                    ia, ib = self.maps
                    xs, ys = [xs[i] for i in ia], [ys[j] for j in ib]
                vals = [apply(op, (x, y)) for x, y in zip(xs, ys)]
            else:  # a whole-tensor reduction: one n-ary node
                vals = [apply(op, tuple(inputs[0].flat))]
        for v, d in zip(vals, self.data):
            v.data = d
        if self.float32:
            in_float32_format(vals)
        if self.freed:  # a pass over the numbers freed what the node saved: so are these
            for v in vals:
                own = op_of(v)
                if own is not None and own.saved:
                    check_and_free(v, own, False)
        if self.grads is not None:  # the gradient that pass gave each element
            for v, g in zip(vals, self.grads):
                v.grad = g
        return vals


def build(pending: list[Any]) -> None:
    """Make the element Values of every node in ``pending`` and of every unmade node they
    depend on, inputs first: iteratively, so a chain of any length is made without recursion.

    Each item is a tensor-level node (``made``, ``inputs``, ``make_elements()``)."""
    order: list[Any] = []
    seen: set[int] = set()
    stack: list[tuple[Any, bool]] = [(n, False) for n in pending]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if id(node) in seen or node.made:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for x in node.inputs:
            fn = getattr(x, "grad_fn", None)
            if fn is not None and not getattr(fn, "made", True):
                stack.append((fn, False))
    for node in order:
        node.make_elements()
