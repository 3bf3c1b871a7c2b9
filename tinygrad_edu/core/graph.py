"""The graph's nodes: PyTorch's ``grad_fn`` objects, and the chain rule of one node.

>>> from tinygrad_edu import Value
>>> a, b = Value(2.0), Value(-3.0)
>>> fn = (a * b).grad_fn
>>> fn.name(), fn.inputs == (a, b), fn.result, fn(1.0)
('MulBackward0', True, -6.0, (-3.0, 2.0))

A node is made from its output Value when first asked for (``y.grad_fn``) and kept there, so
``y.grad_fn is y.grad_fn``. It holds the op's inputs and its result, never the output Value
itself: no graph holds a reference cycle, and every graph is freed by reference counting alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._torch_cpu.float32_libm import F32
from .messages import SECOND_BACKWARD, bad_call_arguments, not_a_variable
from .ops import Const, Op, all_ops

__all__ = [
    "FREED",
    "ZERO",
    "AccumulateGrad",
    "Node",
    "chain_rule",
    "chain_rule_on_numbers",
    "edge",
    "local_derivatives",
    "node_class",
    "slots_of",
]

# The grad a Value holds before any backward pass has written into it. The first contribution
# replaces it instead of being added to it, so a gradient keeps the sign of zero as PyTorch's
# does (-0.0 + 0.0 would be +0.0). It reads as an ordinary 0.0.
ZERO = float("0")  # made at run time, so that no 0.0 written in the code is this object


class _Freed:
    """What an output Value holds in place of its node once a pass has freed it."""

    def __repr__(self) -> str:
        return "FREED"


FREED = _Freed()


def slots_of(op: Op, inputs: Sequence[Any]) -> Sequence[Any]:
    """The inputs of ``op`` that are PyTorch's slots: one ``next_functions`` entry each."""
    return inputs if op.slots < 0 else inputs[: op.slots]


def _numbers(op: Op, inputs: Sequence[Any], out: Any) -> tuple[list[Any], Any]:
    # what the rule runs on: the inputs' numbers and the result, as F32 for a float32 op
    args = [getattr(x, "data", x) for x in inputs]
    if not op.float32:
        return args, out
    return [F32(a) if isinstance(a, float) else a for a in args], F32(out)


def local_derivatives(op: Op, inputs: Sequence[Any], out: Any) -> tuple[Any, ...]:
    """d(out)/d(input) for each slot of ``op`` (for a ``backward`` formula: it at upstream 1).

    ``out`` is the result as a float, or as a Value for a gradient with a graph of its own
    (``create_graph``): then the rule runs on the input Values themselves.
    """
    if isinstance(out, (float, int)):
        args, out = _numbers(op, inputs, out)
        one = F32(1.0) if op.float32 else 1.0
    else:
        args, one = list(inputs), 1.0
    if op.backward is not None:
        return op.backward(one, *args, out)
    return op.local(*args, out)  # type: ignore[misc]


def chain_rule(op: Op, inputs: Sequence[Any], out: Any, upstream: Any) -> tuple[Any, ...]:
    """The chain rule for one node: ``upstream * d(out)/d(input)`` for each of its slots (or
    the op's own ``backward`` formula of the upstream), in the op's number format.

    None where an input does not require grad. Every pass goes through this (or, for the
    hottest float64 ops, through a specialised copy that a test holds equal to it).
    """
    slots = slots_of(op, inputs)
    if isinstance(out, (int, float)) and isinstance(upstream, (int, float)):
        args, out = _numbers(op, inputs, out)
        # a float32 op computes in float32, a float64 op in float64, whatever came from above
        upstream = F32(upstream) if op.float32 else float(upstream)
    else:
        args = list(inputs)
    wanted = [getattr(x, "requires_grad", False) for x in slots]
    return _contributions(op, args, out, upstream, wanted)


def chain_rule_on_numbers(
    op: Op, args: Sequence[Any], out: float, upstream: float
) -> tuple[Any, ...]:
    """``chain_rule`` for one element of a tensor that has only its numbers (``args``: each
    input's number, or the constant operand): every slot's contribution, in the op's number
    format, as ``chain_rule`` gives it to an input that requires grad."""
    nums, o = _numbers(op, args, out)
    up = F32(upstream) if op.float32 else float(upstream)
    return _contributions(op, nums, o, up, [True] * len(slots_of(op, args)))


def _contributions(
    op: Op, args: list[Any], out: Any, upstream: Any, wanted: list[bool]
) -> tuple[Any, ...]:
    # relu's: exactly 0.0 where it is flat, even for an upstream of inf or nan
    mask = op.masked and isinstance(upstream, (int, float))
    if op.backward is not None:
        got = op.backward(upstream, *args, out)
        return tuple(c if w else None for w, c in zip(wanted, got))
    local = op.local(*args, out)  # type: ignore[misc]
    return tuple(
        None if not w else (upstream if d else 0.0) if mask else upstream * d
        for w, d in zip(wanted, local)
    )


def edge(x: Any) -> Node | AccumulateGrad | None:
    """What a consumer's ``next_functions`` holds for input ``x``: its node, its leaf's
    ``AccumulateGrad``, or None (a number, or a Value that does not require grad)."""
    return x.gradient_edge() if getattr(x, "requires_grad", False) else None


class Node:
    """A backward node (PyTorch's ``grad_fn``); one class per op, named as PyTorch names it."""

    __slots__ = ("__weakref__", "_freed", "_inputs", "_result")
    op: Op

    def __init__(self, inputs: tuple[Any, ...], result: float, freed: bool = False) -> None:
        self._inputs, self._result, self._freed = inputs, result, freed

    def name(self) -> str:
        return self.op.name

    # -- the graph's public face: what viz, nn and the lessons read ----------------------------

    @property
    def inputs(self) -> tuple[Any, ...]:
        """Every input of the op, in order: Values, and plain numbers for number operands."""
        return self._inputs

    @property
    def differentiable_inputs(self) -> tuple[Any, ...]:
        """The inputs that are PyTorch's slots, one per ``next_functions`` entry."""
        return tuple(slots_of(self.op, self._inputs))

    @property
    def result(self) -> float:
        """The output's data at forward time."""
        return self._result

    @property
    def freed(self) -> bool:
        """Whether a backward pass (without ``retain_graph``) has freed what the node saved."""
        return self._freed

    def free(self) -> None:
        """Free what the node saved (a pass without ``retain_graph`` does, as it runs it)."""
        self._freed = True

    def saved_values(self) -> dict[str, Any]:
        """What the node keeps for its rule, by PyTorch's names (``{"_saved_self": a, ...}``).

        Unlike the ``_saved_*`` attributes this also answers after a backward pass, so a
        picture drawn afterwards can still show them.
        """
        return {attr: self._saved(where) for attr, where in self.op.saved.items()}

    def _saved(self, where: int | str | Const) -> Any:
        if isinstance(where, Const):
            return where.value
        return self._result if where == "result" else self._inputs[where]  # type: ignore[index]

    @property
    def next_functions(self) -> tuple[tuple[Node | AccumulateGrad | None, int], ...]:
        return tuple((edge(x), 0) for x in slots_of(self.op, self._inputs))

    @property
    def metadata(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def __getattr__(self, attr: str) -> Any:
        # PyTorch's saved values: _saved_self, _saved_other, _saved_exponent, _saved_result.
        where = type(self).op.saved.get(attr) if attr.startswith("_saved_") else None
        if where is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")
        if self._freed:
            raise RuntimeError(SECOND_BACKWARD)
        return self._saved(where)

    def local_derivatives(self) -> tuple[Any, ...]:
        """d(out)/d(input) for each slot, from the values saved at forward time."""
        if self._freed:
            raise RuntimeError(SECOND_BACKWARD)
        return local_derivatives(self.op, self._inputs, self._result)

    def __call__(self, *grad_outputs: Any) -> Any:
        """Apply the chain rule once: the input gradients for one output gradient.

        Like PyTorch's nodes: a tuple for several inputs, a bare value for one, None where an
        input does not require grad. It does not free anything or touch ``.grad``. Given a
        Value that requires grad, the gradients are Values with a graph of their own.
        """
        if len(grad_outputs) != 1:
            raise TypeError(bad_call_arguments(len(grad_outputs)))
        (g,) = grad_outputs
        if isinstance(g, bool) or (not isinstance(g, (int, float)) and not hasattr(g, "grad_fn")):
            raise TypeError(not_a_variable(0))
        if self._freed:
            raise RuntimeError(SECOND_BACKWARD)
        out: Any = self._result
        if not isinstance(g, (int, float)) and self.op.uses_result:
            out = type(g).apply(self.op, self._inputs)  # the result as a Value, with its graph
        elif not isinstance(g, (int, float)):
            out = type(g)(self._result, requires_grad=False)
        got = chain_rule(self.op, self._inputs, out, g)
        return got[0] if len(got) == 1 else got


class AccumulateGrad:
    """The node for a leaf that requires grad: backward ends here, adding into ``.grad``.

    There is one per leaf, shared by every graph that uses the leaf while any of them is alive
    (the leaf holds it weakly, as PyTorch does).
    """

    __slots__ = ("__weakref__", "variable")

    def __init__(self, variable: Any) -> None:
        self.variable = variable

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    next_functions: tuple[()] = ()
    inputs: tuple[()] = ()
    differentiable_inputs: tuple[()] = ()
    metadata: dict[str, Any] = {}

    def __call__(self, grad: Any) -> None:
        v = self.variable
        v.grad = grad if v.grad is ZERO else v.grad + grad

    def __repr__(self) -> str:
        return f"<AccumulateGrad object at {id(self):#x}>"


def _make_class(op: Op) -> type[Node]:
    # one class per op, named as PyTorch names it, as torch.autograd's FunctionMeta does
    return type(op.name, (Node,), {"__slots__": (), "op": op})


_CLASSES: dict[tuple[str, bool], type[Node]] = {
    (key, False): _make_class(op) for key, op in all_ops().items()
}


def node_class(op: Op) -> type[Node]:
    """The node class of ``op`` (made on first use for an op outside the table: your own op,
    or an op on float32 numbers)."""
    cls = _CLASSES.get((op.key, op.float32))
    if cls is None or cls.op is not op:
        cls = _CLASSES[op.key, op.float32] = _make_class(op)
    return cls
