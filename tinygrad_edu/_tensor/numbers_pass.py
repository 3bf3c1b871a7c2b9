"""The backward pass of a graph that has computed only its numbers (``lazy.py``), run on the
numbers: the op table's one rule per node, once over a whole tensor (``vector_grads``), and
each input's gradient added as the pass over Values adds it, so every grad is the same number.

It takes the graphs where the order of those additions follows from the tensors alone: one
root, every node's elements not made, no tensor hooks, no tensor used more than twice (two
gradients add the same either way round), and in float64 a broadcast input used once. A
broadcast input's gradient is its tensor rule's ``sum_to`` in float32, as the pass over Values
runs it; in float64 that pass adds the elements' shares one by one, last element first below a
``sum``/``mean`` and first element first otherwise, which is the order its depth-first search
visits them. Any other graph goes to the pass over Values (``tensor_pass``), which makes the
elements first. ``tests/test_lazy.py`` holds the two passes equal, bit for bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._torch_cpu.float32_libm import F32, round32
from ..core.anomaly_mode import is_anomaly_enabled
from ..core.engine import op_of
from ..core.graph import chain_rule_on_numbers
from ..core.messages import SECOND_BACKWARD
from ..core.ops import in_float32
from .dtype import float32
from .kernels import float32_arithmetic
from .tensor_graph import TensorNode, check_versions, is_tensor, leaf_tensor, watched
from .tensor_pass import add_into, call_hooks, grad_tensor, post_accumulate
from .tensor_rules import sum_to, vector_grads

__all__ = ["backward_numbers"]


def backward_numbers(roots: list[Any], gradients: list[Any], *, retain_graph: bool) -> bool:
    """``backward`` of ``roots`` over numbers, if the graph is one this pass takes (True);
    else nothing is done (False) and the pass over Values runs."""
    plan = _plan(roots, gradients)
    if plan is None:
        return False
    check_versions(roots)
    order, leaves, below, seed = plan
    f32 = roots[0].dtype is float32
    buf: dict[int, list[float]] = {id(roots[0].grad_fn): seed}
    for node in order:
        lz = node.lazy
        g = buf.pop(id(node))
        if lz.kind == "function":  # your own Function's backward, once, on a tensor of g
            op, shares = None, lz.backward(node, g, retain_graph=retain_graph)
        else:
            op = lz.op
            if lz.freed and op.saved:
                raise RuntimeError(SECOND_BACKWARD)
            shares = _shares(node, g, f32)
        for k, (x, c) in enumerate(zip(node.differentiable_inputs, shares)):
            if c is None or not is_tensor(x) or not x.requires_grad:
                continue
            if lz.maps is not None and tuple(x.shape) != tuple(node.shape):  # broadcast
                if f32:
                    c = sum_to(c, node.shape, x.shape)
                else:
                    c = _one_by_one(c, lz.maps[k], x.numel(), first_last=not below[id(node)])
            key = id(x.grad_fn) if x.grad_fn is not None else id(x)
            old = buf.get(key)
            if old is None:
                buf[key] = round32(c) if f32 else c
            elif f32:
                buf[key] = round32([a + b for a, b in zip(old, round32(c))])
            else:
                buf[key] = [a + b for a, b in zip(old, c)]
        if op is not None and op.saved and not retain_graph:
            lz.freed = True
        lz.grads = g
    for t in leaves:
        if id(t) not in buf:  # a Function's backward returned None for it: no .grad
            continue
        got = grad_tensor(t, buf[id(t)])
        t.grad = add_into(t.grad, call_hooks(t, got))
        for v, a in zip(t.flat, t.grad.numbers()):
            v.grad = a
        post_accumulate(t)
    return True


def _plan(
    roots: list[Any], gradients: list[Any]
) -> tuple[list[TensorNode], list[Any], dict[int, bool], list[float]] | None:
    """The nodes in the order the pass runs them, the leaf tensors, whether each node is
    below a reduction, and the root's seed; None for a graph this pass does not take."""
    if len(roots) != 1 or is_anomaly_enabled():
        return None
    root, g0 = roots[0], gradients[0]
    fn = root.grad_fn
    if not isinstance(fn, TensorNode) or fn.made or fn.lazy is None or root.has_elements:
        return None
    if g0 is None:
        if root.numel() != 1:
            return None  # the pass over Values raises PyTorch's error
        seed = [1.0]
    elif is_tensor(g0) and g0.shape == root.shape and g0.dtype is root.dtype:
        seed = [float(d) for d in g0.numbers()]
    else:
        return None
    if watched():
        return None  # a tensor's hooks run where its gradient is complete: the Values' pass
    nodes: dict[int, TensorNode] = {}
    below: dict[int, bool] = {}
    uses: dict[int, int] = {}
    leaves: dict[int, Any] = {}
    broadcast: list[Any] = []
    stack = [(fn, False)]
    while stack:
        node, under = stack.pop()
        k = id(node)
        if k in nodes:
            if below[k] != under:
                return None
            continue
        lz = node.lazy
        if node.made or lz is None:
            return None
        nodes[k], below[k] = node, under
        # a reduction's (or a Function call's) one node takes its input elements in order
        deeper = under or lz.kind in ("reduce", "function")
        for x in node.differentiable_inputs:
            if not is_tensor(x) or not x.requires_grad:
                continue
            uses[id(x)] = uses.get(id(x), 0) + 1
            if lz.maps is not None and tuple(x.shape) != tuple(node.shape):
                broadcast.append(x)
            if x.grad_fn is None:
                leaves[id(x)] = x
            elif x.has_elements or not isinstance(x.grad_fn, TensorNode):
                return None
            else:
                stack.append((x.grad_fn, deeper))
    if any(n > 2 for n in uses.values()):
        return None
    if root.dtype is not float32 and any(uses[id(x)] > 1 for x in broadcast):
        return None
    if len(leaves) > 1 and any(t.backward_hooks for t in leaves.values()):
        return None  # leaf hooks run in the order the Values' pass meets their leaves
    for t in leaves.values():  # a leaf tensor of leaf Values, each its own
        if any(op_of(v) is not None or leaf_tensor(v) is not t for v in t.flat):
            return None
    order = sorted(nodes.values(), key=lambda n: n.sequence_nr, reverse=True)
    return order, list(leaves.values()), below, seed


def _shares(node: TensorNode, g: list[float], f32: bool) -> list[list[float] | None]:
    """Each differentiable input's share of the gradient ``g`` of ``node``'s output, in the
    output's shape (a broadcast input's still to be summed back)."""
    lz = node.lazy
    op, kind, ins = lz.op, lz.kind, node.inputs
    if kind == "reduce":  # sum, mean: the rule reads no input numbers, only their count
        xs = ins[0].numbers()
        up: Any = F32(g[0]) if f32 else float(g[0])
        out: Any = F32(lz.data[0]) if f32 else lz.data[0]
        return [[float(c) for c in op.backward(up, *xs, out)]]
    xs = ins[0].numbers()
    if kind == "unary":
        args: list[Any] = [xs, *lz.params]
    elif kind == "number":
        args = [xs, lz.params[0]]
    else:
        ys = ins[1].numbers()
        if lz.maps is not None:
            ia, ib = lz.maps
            xs, ys = [xs[i] for i in ia], [ys[j] for j in ib]
        args = [xs, ys]
    # a float32 tensor's numbers and this pass's gradients are float32 numbers already
    got = vector_grads(op, args, lz.data, g, float32=f32, rounded=float32_arithmetic())
    if got is None:  # the rule branches on a number: element by element, as the Values' pass
        got = _element_by_element(op, args, lz.data, g, f32)
    return got


def _element_by_element(
    op: Any, args: list[Any], out: Sequence[float], g: Sequence[float], f32: bool
) -> list[list[float] | None]:
    own = in_float32(op) if f32 else op  # the element's op, as the Values' pass runs it
    cols = [a if a.__class__ is list else None for a in args]
    per: list[list[float] | None] = [[] if c is not None else None for c in cols[: op.slots]]
    for i, (o, u) in enumerate(zip(out, g)):
        row = [a if c is None else c[i] for a, c in zip(args, cols)]
        for p, c in zip(per, chain_rule_on_numbers(own, row, o, u)):
            if p is not None:
                p.append(float(c))
    return per


def _one_by_one(c: list[float], where: list[int], n: int, *, first_last: bool) -> list[float]:
    """A broadcast float64 input's gradient as the pass over Values adds its elements' shares:
    one by one into each input element, in the order it visits the output elements."""
    acc: list[float | None] = [None] * n
    seq = range(len(c)) if first_last else range(len(c) - 1, -1, -1)
    for j in seq:
        i = where[j]
        a = acc[i]
        acc[i] = c[j] if a is None else a + c[j]
    return [0.0 if a is None else a for a in acc]
