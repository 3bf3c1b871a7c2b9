"""Which engine made a graph, and the one place where viz reads another engine's own protocol.

viz draws, prints and traces three kinds of graph:

- this engine's: a ``tinygrad_edu`` Value or Tensor;
- a micrograd-shaped one: any object with ``data``, ``grad``, ``_prev`` (the values it was made
  from) and ``_op`` (the op that made it, ``''`` for a leaf), optionally ``label`` and
  ``_backward`` (the closure that adds its grad into its inputs' grads) -- a student's own
  lecture-style Value, or Karpathy's ``micrograd`` package;
- real PyTorch's: a ``torch.Tensor`` (told by its class, never by importing torch).

micrograd's ``_prev``, ``_op`` and ``_backward`` start with an underscore but are that engine's
public protocol: the lecture and every student's Value read them across objects.  This module
alone reads them, and the house rule on private attributes (tests/test_layering.py) allows
exactly these three names, here and nowhere else.

>>> class V:  # the lecture's shape
...     def __init__(self, data, _children=(), _op=""):
...         self.data, self.grad, self._prev, self._op = data, 0.0, set(_children), _op
>>> a = V(2.0); b = V(3.0, (a,), "exp")
>>> kind(b), kind(2.0), op(b), children(b) == [a]
('micrograd', None, 'exp', True)
"""

from __future__ import annotations

import sys
from typing import Any

from tinygrad_edu.core.engine import Value

__all__ = [
    "EXPECTED",
    "MICROGRAD",
    "OPERANDS",
    "backward_of",
    "children",
    "expected",
    "inputs",
    "is_micrograd_shaped",
    "is_tensor",
    "is_torch",
    "kind",
    "label",
    "op",
    "op_key",
    "prev",
    "topo",
]

MICROGRAD = ("data", "grad", "_prev", "_op")  # what makes an object micrograd-shaped
EXPECTED = (
    "a Value, a Tensor, a PyTorch tensor or a micrograd-shaped value "
    "(an object with data, grad, _prev and _op)"
)


def is_tensor(x: Any) -> bool:
    """Whether ``x`` is this engine's Tensor.  No Tensor exists before the tensor layer is
    loaded, so asking never loads it (the command line's ``tree`` and ``trace`` of an
    expression need only the Values)."""
    graph = sys.modules.get("tinygrad_edu._tensor.tensor_graph")
    return graph is not None and graph.is_tensor(x)


def is_torch(x: Any) -> bool:
    """Whether ``x`` is a real PyTorch tensor: its class derives from ``torch._C.TensorBase``.

    Told by the class alone, so nothing imports torch; and tinygrad_edu, which ``tinygrad-edu
    run`` binds to the name ``torch``, has no such class.
    """
    return any(
        c.__module__ == "torch._C" and c.__name__ in ("TensorBase", "_TensorBase")
        for c in type(x).__mro__
    )


def is_micrograd_shaped(x: Any) -> bool:
    """Whether ``x`` is another engine's micrograd-shaped value (this engine's Value, which has
    micrograd's names too, is drawn as itself)."""
    if isinstance(x, (Value, type)) or is_tensor(x):
        return False
    return all(hasattr(x, name) for name in MICROGRAD)


def kind(x: Any) -> str | None:
    """``"value"``, ``"tensor"`` (this engine), ``"torch"``, ``"micrograd"``, or None."""
    if isinstance(x, Value):
        return "value"
    if is_tensor(x):
        return "tensor"
    if is_torch(x):
        return "torch"
    return "micrograd" if is_micrograd_shaped(x) else None


def expected(what: str, x: Any) -> TypeError:
    """The one-line error for an object no engine made: ``draw() needs ..., got int``."""
    return TypeError(f"{what} needs {EXPECTED}, got {type(x).__name__}")


# -- micrograd's protocol --------------------------------------------------------------------


def prev(v: Any) -> Any:
    """``v._prev``, as the engine keeps it (micrograd: a set; this engine's Value has it too)."""
    return v._prev


def inputs(v: Any) -> list[Any]:
    """``v._prev``'s micrograd-shaped values, in its own order (a set's, as micrograd's
    ``backward`` walks it)."""
    return [x for x in v._prev if is_micrograd_shaped(x)]


def _number(x: Any) -> float:
    try:
        return float(x)
    except (TypeError, ValueError):
        return 0.0


OPERANDS = ("self", "other")  # the lecture's names for an op's operands, in its closures


def children(v: Any) -> list[Any]:
    """``v``'s inputs in the op's own order, the same on every run, for pictures and trees.

    micrograd keeps them in a set, whose order follows the objects' addresses.  A list or tuple
    keeps its own order; from a set, the operands the ``_backward`` closure names ``self`` and
    ``other`` (as the lecture's do) come first, in that order, then the rest by label and data.
    """
    kids = inputs(v)
    if isinstance(v._prev, (set, frozenset)):
        place = _operands(backward_of(v))
        kids.sort(
            key=lambda x: (
                place.get(id(x), len(OPERANDS)),
                label(x) == "",
                label(x),
                _number(x.data),
            )
        )
    return kids


def _operands(fn: Any) -> dict[int, int]:
    """id -> place of the values a closure holds under the lecture's operand names."""
    code, cells = getattr(fn, "__code__", None), getattr(fn, "__closure__", None) or ()
    place: dict[int, int] = {}
    for name, cell in zip(getattr(code, "co_freevars", ()), cells):
        if name in OPERANDS:
            try:
                place.setdefault(id(cell.cell_contents), OPERANDS.index(name))
            except ValueError:  # an empty cell
                continue
    return place


def op(v: Any) -> str:
    """The op that made ``v`` (``'+'``, ``'*'``, ``'tanh'``...), ``''`` for a leaf."""
    return str(v._op or "")


def label(v: Any) -> str:
    """``v.label`` if it has one (micrograd's package has none), else ``''``."""
    return str(getattr(v, "label", "") or "")


def backward_of(v: Any) -> Any:
    """``v._backward``, the closure that adds ``v.grad`` times each local derivative into
    ``v``'s inputs' grads; None if the engine has none (it can be drawn, not traced)."""
    fn = getattr(v, "_backward", None)
    return fn if callable(fn) else None


def op_key(v: Any) -> int:
    """The key of ``v``'s op box in a picture's ``Graph.ids``: ``~id(v)``, which no object's
    ``id()`` can be (a micrograd-shaped engine has no node object of its own to key it by)."""
    return ~id(v)


def topo(root: Any) -> list[Any]:
    """micrograd's ``build_topo`` without recursion: every value below ``root``, each after the
    values it was made from, children met in ``children``' order.

    micrograd's own meets them in its sets' order, which changes from run to run; this one is
    the same on every run.  The grads are the same: a grad is a sum in another order only
    for a value used three times or more (or one whose grad was not zero before), and then at
    most in its last bits.
    """
    order: list[Any] = []
    seen: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        v, ready = stack.pop()
        if ready:
            order.append(v)
            continue
        if id(v) in seen:
            continue
        seen.add(id(v))
        stack.append((v, True))
        stack.extend((c, False) for c in reversed(children(v)))
    return order
