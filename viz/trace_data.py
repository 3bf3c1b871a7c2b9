"""A recorded backward pass as data: its steps, each input's local derivative and grads, and
the leaves' grads at the end; the same for every engine viz traces.

``viz.trace`` fills it from this engine's pass, ``viz.student`` from a micrograd-shaped engine's
``_backward`` closures and ``viz.torch_graph`` from PyTorch's own backward; the terminal view,
the JSON lines and the stepper read only this.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["SHOWN", "Leaf", "Trace", "TraceInput", "TraceStep", "fmt", "json_number"]


SHOWN = 6  # numbers of a tensor's grad the trace writes out; a bigger one ends in "..."


def fmt(x: float | int | tuple[float, ...] | None) -> str:
    """A number as the trace prints it: short, and always recognisably a float (``-3.0``).

    A tuple is a tensor's numbers (PyTorch's trace): ``[1.0, 2.0]``, the first six of more.
    """
    if x is None:
        return "-"
    if hasattr(x, "tolist") and hasattr(x, "detach"):  # a PyTorch tensor: the trace's root
        flat = tuple(float(v) for v in x.detach().reshape(-1).tolist())
        x = flat[0] if len(flat) == 1 else flat
    if isinstance(x, (tuple, list)):
        more = ", ..." if len(x) > SHOWN else ""
        return f"[{', '.join(fmt(v) for v in x[:SHOWN])}{more}]"
    if type(x) is int:  # an int exponent stays an int, as in the code that made it: x**2
        return str(x)
    s = f"{x:.6g}"
    return s if any(ch in s for ch in ".eni") else s + ".0"


def json_number(x: Any) -> Any:
    """``x`` as JSON holds it: nan and infinities (which JSON has not) as the strings "nan",
    "inf" and "-inf"; a tuple (a tensor's numbers) as a list of them."""
    if isinstance(x, (tuple, list)):
        return [json_number(v) for v in x]
    if x is None or math.isfinite(x):
        return x
    return "nan" if x != x else ("inf" if x > 0 else "-inf")


@dataclass(frozen=True)
class TraceInput:
    """One input of one step: its local derivative and what flows into its grad."""

    label: str
    value: Any  # the input (a Value, a PyTorch tensor or node); None for a number operand
    local_formula: str  # "d(a * b)/da = b"
    local: float
    contribution: float | None  # upstream × local; None when the input takes no grad
    grad_before: float | None
    grad: float | None  # after this contribution is added
    rule: str = ""  # a tensor rule's step: PyTorch's formula that gave the contribution

    def text(self) -> str:
        """The local derivative, formula and number: ``d(a * b)/da = b = -3.0``."""
        if self.rule:
            return self.local_formula
        rhs = self.local_formula.rsplit(" = ", 1)[1]
        try:  # a formula that is just a number ("1") is not written twice
            same = float(rhs) == self.local
        except ValueError:
            same = False
        head = self.local_formula.rsplit(" = ", 1)[0] if same else self.local_formula
        return f"{head} = {fmt(self.local)}"

    def product(self, upstream: float) -> str:
        """The chain rule's multiplication for this input: ``1.0 × -3.0 = -3.0``."""
        if self.rule:  # not a product: the share PyTorch's formula gave this element
            return f"{self.rule} = {fmt(self.contribution)}"
        return f"{fmt(upstream)} × {fmt(self.local)} = {fmt(self.contribution)}"

    def to_json(self) -> dict[str, Any]:
        """This input as JSON-ready data (nan and infinities as strings)."""
        return {
            "label": self.label,
            "local_formula": self.local_formula,
            "local": json_number(self.local),
            "contribution": json_number(self.contribution),
            "grad_before": json_number(self.grad_before),
            "grad": json_number(self.grad),
            **({"rule": self.rule} if self.rule else {}),
        }


@dataclass(frozen=True)
class TraceStep:
    """One node of the backward pass, in the order the pass visits them."""

    step: int
    value: Any  # the Value whose node ran (for PyTorch: the node itself)
    label: str
    expr: str  # the op written over its inputs' names: "a * b"
    data: float | None  # None: the engine keeps no output for the node (PyTorch's inner nodes)
    grad_fn: str
    upstream: float
    inputs: tuple[TraceInput, ...]
    upstreams: tuple[float, ...] = ()  # a tensor rule's step: every output element's grad
    # where a picture's ``Graph.ids`` has the box of the node this step ran; None: this
    # engine's, ``id(value.grad_fn)`` (another engine's has no grad_fn: see viz.engines)
    key: int | None = None

    def to_json(self) -> dict[str, Any]:
        """This step as one JSON-ready object; see ``Trace.to_json_lines``."""
        return {
            "step": self.step,
            "node": self.label,
            "grad_fn": self.grad_fn,
            "expr": self.expr,
            "data": json_number(self.data),
            "upstream": json_number(self.upstream),
            **({"upstreams": [json_number(u) for u in self.upstreams]} if self.upstreams else {}),
            "inputs": [i.to_json() for i in self.inputs],
        }


@dataclass(frozen=True)
class Leaf:
    """A leaf that requires grad, with its grad after the pass."""

    label: str
    value: Any
    data: float
    grad: float


@dataclass(frozen=True)
class Trace:
    """A recorded backward pass: its steps, then each leaf's final grad."""

    root: Any  # a Value (any engine's) or a PyTorch tensor
    label: str
    gradient: float
    steps: tuple[TraceStep, ...]
    leaves: tuple[Leaf, ...]
    labels: Mapping[str, Any] | None = None  # the names given to a PyTorch graph's leaves

    def grads_after(self, step: int) -> dict[Any, float]:
        """The grads this pass has produced once step ``step`` is done (0: only the seed)."""
        grads = {self.root: self.root.grad if not self.steps else self.steps[0].upstream}
        for s in self.steps[:step]:
            for i in s.inputs:
                if i.value is not None and i.grad is not None:
                    grads[i.value] = i.grad
        return grads

    def to_json_lines(self) -> list[str]:
        """One JSON object per step, then ``{"leaves": [{"label", "data", "grad"}, ...]}``.

        nan and infinities, which JSON cannot hold, are the strings "nan", "inf", "-inf".
        """
        rows: list[dict[str, Any]] = [s.to_json() for s in self.steps]
        leaves = [
            {"label": x.label, "data": json_number(x.data), "grad": json_number(x.grad)}
            for x in self.leaves
        ]
        rows.append({"leaves": leaves})
        return [json.dumps(r, ensure_ascii=False, allow_nan=False) for r in rows]
