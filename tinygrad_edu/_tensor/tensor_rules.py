"""The rules of the tensor nodes whose PyTorch backward is not elementwise: ``mm`` and
``addmm`` (``grad.mm(mat2.t())``), ``mv``, a broadcast input's ``sum_to``, the softmaxes and the
losses. Each is one node of the Values' graph over its input elements, with one output per
element, as ``autograd.Function`` is; the pass (``tensor_pass``) runs its rule once, when every
output element's gradient is complete, in place of the elements' own scalar rules.

The rule is PyTorch's tensor formula (derivatives.yaml) on lists of numbers, computed with the
float32 kernels of ``float32_pointwise``/``float32_reduce``, which sum in PyTorch's order; an
elementwise op keeps its one rule in the op table and only its broadcast inputs' ``sum_to``
comes from here. A node whose rule does not apply (a float64 tensor, a weighted loss, a shape
the formula does not take) is differentiated by its elements' own scalar rules, as any other.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .._torch_cpu import float32_pointwise as pw
from .._torch_cpu import float32_reduce as rd
from .._torch_cpu.float32_libm import F32, F32s, f32, round32
from ..core.engine import Value, inputs_of, is_float32, op_of
from ..core.fmath import F64s
from ..core.graph import chain_rule, slots_of
from ..core.ops import COPIES, in_float64
from .ops.views import VIEW_OPS
from .tensor_graph import TensorNode, is_tensor

__all__ = [
    "BROADCAST",
    "ELEMENTWISE",
    "FORMULAS",
    "RULES",
    "WRITES",
    "elementwise_grads",
    "formula",
    "group_rule",
    "is_copy_rule",
    "members",
    "sum_to",
    "vector_grads",
]

Grad = list[float]
Rule = Callable[[TensorNode, Grad], "list[Grad | None] | None"]


def _t(xs: Sequence[float], m: int, n: int) -> list[float]:
    """The (m, n) row-major matrix ``xs`` transposed, row-major (n, m)."""
    return [xs[i * n + j] for j in range(n) for i in range(m)]


def _coalesced(shape: Sequence[int], reduced: set[int]) -> list[tuple[int, bool]]:
    """``shape`` without its 1s, runs of reduced (or kept) dims merged: TensorIterator's view."""
    out: list[tuple[int, bool]] = []
    for i, n in enumerate(shape):
        if n == 1:
            continue
        r = i in reduced
        if out and out[-1][1] == r:
            out[-1] = (out[-1][0] * n, r)
        else:
            out.append((n, r))
    return out


def sum_to(g: Grad, out_shape: Sequence[int], in_shape: Sequence[int]) -> Grad:
    """``at::sum_to``: the gradient of a broadcast input, summed over the broadcast dims by
    PyTorch's sum kernel (``grad.sum(dims, keepdim=True)``), in that kernel's order."""
    out_shape, in_shape = tuple(out_shape), tuple(in_shape)
    if out_shape == in_shape:
        return list(g)
    lead = len(out_shape) - len(in_shape)
    padded = (1,) * lead + in_shape
    reduced = {i for i, n in enumerate(out_shape) if i < lead or (padded[i] == 1 and n != 1)}
    dims = _coalesced(out_shape, reduced)
    if not any(r for _, r in dims):
        return list(g)
    if len(dims) == 1:
        return [rd.sum(g)]
    if len(dims) == 2:
        (m, r0), (n, _) = dims
        return rd.sum_dim(g, (m, n), 0 if r0 else 1)
    if len(dims) == 3 and not dims[0][1]:  # kept, reduced, kept: an outer sum per block
        (o, _), (r, _), (k, _) = dims
        return [v for b in range(o) for v in rd.sum_dim(g[b * r * k : (b + 1) * r * k], (r, k), 0)]
    # rarer layouts: one float32 accumulator per output element, in the element order
    keep = [i for i in range(len(out_shape)) if i not in reduced]
    acc = [0.0] * math.prod(out_shape[i] for i in keep)
    strides = [math.prod(out_shape[i + 1 :]) for i in range(len(out_shape))]
    for flat, v in enumerate(g):
        k = 0
        for i in keep:
            k = k * out_shape[i] + (flat // strides[i]) % out_shape[i]
        acc[k] = f32(acc[k] + v)
    return acc


def _data(t: Any) -> list[float]:
    return [v.data for v in t.flat]


def _out(node: TensorNode) -> list[float]:
    return [v.data for v in node.elements]


# -- the rules, by PyTorch's node name ---------------------------------------------------------


def elementwise_grads(elements: Sequence[Value], g: Grad) -> list[Grad | None] | None:
    """The op table's rule of a float32 elementwise op at every output element at once: each
    slot's contributions (the upstream ``g`` times the local derivative, or the op's own
    formula), on ``F32s`` vectors, so one operation of the rule is one C rounding loop, not one
    ``F32`` object per number. Element by element what ``chain_rule`` gives on ``F32``s
    (0.0 where an input does not require grad; None for a slot that is a number).

    None when the rule cannot run on vectors (elements of different ops or constants, a rule
    that branches on a number): then each element runs its own rule.
    """
    n = len(elements)
    op = op_of(elements[0]) if n else None
    if op is None or not op.float32 or op.slots < 1:
        return None
    if any(op_of(v) is not op for v in elements):
        return None
    args: list[Any] = []
    columns = list(zip(*[inputs_of(v) for v in elements]))
    for col in columns:
        first = col[0]
        if first.__class__ is Value:
            if any(x.__class__ is not Value for x in col):
                return None
            args.append([x.data for x in col])
        elif any(x is not first for x in col):
            return None  # constants that differ from element to element
        else:
            args.append(first)
    got = vector_grads(op, args, [v.data for v in elements], g, float32=True)
    if got is None:
        return None
    per: list[Grad | None] = []
    for col, vals in zip(columns, got):
        if vals is not None and any(not x.requires_grad for x in col):
            vals = [d if x.requires_grad else 0.0 for x, d in zip(col, vals)]
        per.append(vals)
    return per


def vector_grads(
    op: Any,
    args: Sequence[Any],
    out: Sequence[float],
    g: Sequence[float],
    *,
    float32: bool,
    rounded: bool = False,
) -> list[Grad | None] | None:
    """The op table's rule of an elementwise op at every element at once: each slot's
    contributions (the upstream ``g`` times the local derivative, or the op's own formula) on
    ``F32s`` vectors for float32 (one C rounding loop per operation) or ``F64s`` for float64,
    element by element what ``chain_rule`` gives on numbers. ``args``: per input, a list of
    numbers (one per element) or one number for all; None for a slot that is a number.

    None when the rule cannot run on vectors (it branches on a number): then each element
    runs its own rule. ``rounded``: the lists hold float32 numbers already (not rounded again).
    """
    n = len(g)
    vec: Any = (F32s if rounded else F32s.of) if float32 else F64s
    xs = [
        vec(a) if a.__class__ is list else F32(a) if float32 and isinstance(a, float) else a
        for a in args
    ]
    o, up = vec(out), vec(g)
    try:
        if op.backward is not None:
            got = list(op.backward(up, *xs, o))
        else:
            local = op.local(*xs, o)
            got = [(up if d else 0.0) if op.masked else up * d for d in local]
    except (TypeError, ValueError, ArithmeticError):
        if not (op.masked and op.local is not None and op.slots == 1):
            return None  # the rule branches on a number: each element runs its own
        got = [_masked(op.local, xs, o, up)]
    per: list[Grad | None] = []
    for a, c in zip(args, got[: op.slots]):
        if a.__class__ is not list:
            per.append(None)  # a number operand (``t * 2.0``) gets no gradient
        else:
            per.append(c.values if c.__class__ in _VECTORS else [float(c)] * n)
    return per


_VECTORS = (F32s, F64s)


def _masked(local: Callable[..., Any], args: list[Any], out: Any, up: Any) -> Any:
    """A masked op's contributions (relu's, clamp's: the upstream where the slope is not 0,
    else exactly 0.0): its slope is a comparison of numbers, asked element by element of
    plain floats (the same numbers as the ``F32`` ones, compared alike), no arithmetic."""
    cols = [a.values if a.__class__ in _VECTORS else None for a in args]
    ds = []
    for i, o in enumerate(out.values):
        row = [a if col is None else col[i] for a, col in zip(args, cols)]
        ds.append(local(*row, o)[0])
    return type(up)([u if d else 0.0 for u, d in zip(up.values, ds)])


def _broadcast(node: TensorNode, g: Grad) -> list[Grad | None]:
    """An elementwise op with a broadcast input: the op table's rule at every output element,
    then ``sum_to`` each input's share back to its own shape, as PyTorch's formula does."""
    slots = node.differentiable_inputs
    got = elementwise_grads(node.elements, g)
    if got is not None:
        per: list[Grad] = [p if p is not None else [0.0] * len(g) for p in got]
    else:
        per = [[0.0] * len(g) for _ in slots]
        for i, (v, u) in enumerate(zip(node.elements, g)):
            fn = v.grad_fn
            if fn is None:
                continue
            for k, c in enumerate(chain_rule(fn.op, fn.inputs, fn.result, u)):
                if c is not None and k < len(per):
                    per[k][i] = float(c)
    return [
        sum_to(p, node.shape, t.shape) if is_tensor(t) and t.requires_grad else None
        for p, t in zip(per, slots)
    ]


def _elementwise(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """A float32 elementwise op without broadcasting: the op table's rule at every element at
    once (``elementwise_grads``), each input tensor's share in its own element order. None
    (its elements' own rules run) where the rule does not run on vectors."""
    got = elementwise_grads(node.elements, g)
    if got is None:
        return None
    for k, (t, per) in enumerate(zip(node.differentiable_inputs, got)):
        if per is not None and is_tensor(t) and t.requires_grad:
            flat = t.flat  # its elements must be the ones the op read, in that order
            if len(flat) != len(node.elements) or any(
                inputs_of(v)[k] is not x for v, x in zip(node.elements, flat)
            ):
                return None
    return got


ELEMENTWISE: Rule = _elementwise  # the rule the pass may run for a plain elementwise node
BROADCAST: Rule = _broadcast  # an elementwise node with a broadcast input


def _column_major(t: Any) -> bool:
    st, sz = t.stride(), t.shape
    return st[0] == 1 and st[1] == sz[0]


def _mm_grads(g: Grad, a: Any, b: Any) -> tuple[Grad, Grad]:
    """``mm_mat1_backward`` and ``mm_mat2_backward`` for ``a @ b``: ``grad.mm(b.t())`` and
    ``a.t().mm(grad)``, or the transposed products when an input is column-major (a ``.t()``
    view, as ``nn.Linear``'s weight), as PyTorch picks them."""
    (n, k), (_, p) = a.shape, b.shape
    av, bv = _data(a), _data(b)
    if _column_major(a):
        ga = _t(rd.mm(bv, _t(g, n, p), k, p, n), k, n)
    else:
        ga = rd.mm(g, _t(bv, k, p), n, p, k)
    if _column_major(b):
        gb = _t(rd.mm(_t(g, n, p), av, p, n, k), p, k)
    else:
        gb = rd.mm(_t(av, n, k), g, k, n, p)
    return ga, gb


def _mm(node: TensorNode, g: Grad) -> list[Grad | None]:
    a, b = node.inputs[:2]
    return list(_mm_grads(g, a, b))


def _addmm(node: TensorNode, g: Grad) -> list[Grad | None]:
    bias, x, wt = node.inputs[:3]
    gx, gw = _mm_grads(g, x, wt)
    return [sum_to(g, (x.shape[0], wt.shape[1]), bias.shape), gx, gw]


def _mv(node: TensorNode, g: Grad) -> list[Grad | None]:
    a, v = node.inputs[:2]
    n, k = a.shape
    av, vv = _data(a), _data(v)
    # self: grad.ger(vec) (an outer product: one rounding each); vec: self.t().mv(grad)
    ga = round32([gi * vj for gi in g for vj in vv])
    return [ga, rd.mv(_t(av, n, k), (k, n), g)]


def _mse(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``mse_loss_backward``: ``norm * (input - target) * grad``, norm = 2/n for the mean."""
    a, b = node.inputs[:2]
    attrs = node.attrs
    if tuple(a.shape) != tuple(b.shape) or attrs.get("_saved_weight") is not None:
        return None
    reduction = attrs.get("_saved_reduction", 1)
    av, bv = _data(a), _data(b)
    c = f32(2.0 / len(av)) if reduction == 1 else 2.0
    gs = g if len(g) == len(av) else g * len(av)
    ga = [f32(f32(c * f32(x - y)) * u) for x, y, u in zip(av, bv, gs)]
    gb = [f32(f32(c * f32(y - x)) * u) for x, y, u in zip(av, bv, gs)]
    return [ga, gb]


def _softmax_shape(node: TensorNode) -> tuple[int, ...] | None:
    (x,) = node.inputs[:1]
    d = node.attrs.get("_saved_dim")
    return None if d is None else rd.softmax_shape(x.shape, d)


def _log_softmax(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    shape = _softmax_shape(node)
    return None if shape is None else [rd.log_softmax_backward(g, _out(node), shape)]


def _softmax(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    shape = _softmax_shape(node)
    return None if shape is None else [rd.softmax_backward(g, _out(node), shape)]


def _nll(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``nll_loss_backward`` / ``nll_loss2d_backward`` (CPU): at each target not ignored,
    ``-weight[t] * grad`` for ``reduction='none'``, else ``weight[t] * -(grad / total_weight)``
    (``-grad`` for the sum), over an ``(N, C)``, ``(C)`` or ``(N, C, H, W)`` input."""
    attrs = node.attrs
    target = attrs.get("_saved_target")
    if target is None:
        return None
    (x,) = node.inputs[:1]
    weight = attrs.get("_saved_weight")
    ws = None if weight is None else _data(weight)
    ignore = attrs.get("_saved_ignore_index", -100)
    reduction = attrs.get("_saved_reduction", 1)
    shape = x.shape
    c = shape[1] if len(shape) > 1 else shape[0]
    m = math.prod(shape[2:])
    out = [0.0] * math.prod(shape)
    if reduction != 0:
        total = _data(attrs["_saved_total_weight"])[0]
        grad = -(f32(rd.divide(g[0], total)) if reduction == 1 else g[0])
    for k, t in enumerate(int(v.data) for v in target.flat):
        if t == ignore:
            continue
        i = (k // m * c + t) * m + k % m
        if reduction == 0:
            out[i] = f32(-(1.0 if ws is None else ws[t]) * g[k])
        else:
            out[i] = grad if ws is None else f32(ws[t] * grad)
    return [out]


def _unweighted(node: TensorNode) -> bool:
    attrs = node.attrs
    return attrs.get("_saved_weight") is None and attrs.get("_saved_pos_weight") is None


def _bce(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``binary_cross_entropy_backward`` (CPU): ``grad * (x - t) / max((1 - x) * x, 1e-12)``,
    then ``/ n`` for the mean."""
    x, t = node.inputs[:2]
    if not _unweighted(node) or t.requires_grad or tuple(x.shape) != tuple(t.shape):
        return None
    xv, tv = _data(x), _data(t)
    gs = g if len(g) == len(xv) else g * len(xv)
    eps = f32(1e-12)
    out = [
        f32(f32(u * f32(a - b)) / max(f32(f32(1.0 - a) * a), eps)) for u, a, b in zip(gs, xv, tv)
    ]
    if node.attrs.get("_saved_reduction", 1) == 1:
        out = pw.div(out, float(len(xv)))
    return [out, None]


def _bce_logits(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``binary_cross_entropy_with_logits_backward``: ``(sigmoid(x) - t) * grad``, ``/ n``."""
    x, t = node.inputs[:2]
    if not _unweighted(node) or t.requires_grad or tuple(x.shape) != tuple(t.shape):
        return None
    xv, tv = _data(x), _data(t)
    gs = g if len(g) == len(xv) else g * len(xv)
    out = pw.mul(pw.sub(pw.sigmoid(xv), tv), gs)
    if node.attrs.get("_saved_reduction", 1) == 1:
        out = pw.div(out, float(len(xv)))
    return [out, None]


def _expand(node: TensorNode, g: Grad) -> list[Grad | None]:
    (a,) = node.inputs[:1]
    return [sum_to(g, node.shape, a.shape)]


def _copies(node: TensorNode, g: Grad) -> list[Grad | None]:
    """Element copies (``select``, slices, indexing, views, ``stack``): each input's gradient
    at the places of the copies, zeros elsewhere. A view's backward is a view of the
    gradient and ``select_backward`` is ``zeros(...).select(...).copy_(grad)``: the first copy
    of an element is its gradient as it is (a -0.0 stays -0.0); the gathers (``index``,
    ``index_select``, ``gather``) add into zeros (``index_put_(accumulate=True)``,
    ``index_add_``, ``scatter_add_``), so there a -0.0 meets PyTorch's +0.0."""
    slots = node.differentiable_inputs
    where: dict[int, tuple[int, int]] = {}
    for k, t in enumerate(slots):
        if is_tensor(t) and t.requires_grad:
            for i, v in enumerate(t.flat):
                where.setdefault(id(v), (k, i))
    start = 0.0 if type(node).__name__ in _GATHERS else None
    rnd = f32 if node.elements and is_float32(node.elements[0]) else float
    out: list[list[float | None] | None] = [
        [start] * len(t.flat) if is_tensor(t) and t.requires_grad else None for t in slots
    ]
    for v, u in zip(node.elements, g):
        got = where.get(id(inputs_of(v)[0])) if op_of(v) is not None else None
        if got is not None:
            k, i = got
            buf = out[k]
            assert buf is not None
            old = buf[i]
            buf[i] = rnd(u) if old is None else rnd(old + u)
    for k, t in enumerate(slots):  # ``stack([x, x])``: the first slot of x has all its copies
        if any(t is s for s in slots[:k]):
            out[k] = None
    return [None if b is None else [0.0 if x is None else x for x in b] for b in out]


def _composed(node: TensorNode, g: Grad) -> list[Grad | None]:
    """A node PyTorch computes in one kernel that is made here of smaller ops (nn's norms
    and losses without a formula above, ``var``, ``gelu(approximate="tanh")``...): the chain
    rule over its own scalar graph in float64, each input's gradient rounded once, as one
    kernel rounds its result once."""
    slots = node.differentiable_inputs
    acc: dict[int, float] = {}
    for v, u in zip(node.elements, g):
        acc[id(v)] = acc[id(v)] + u if id(v) in acc else u
    for v in members(node):
        u, op = acc.get(id(v)), op_of(v)
        if u is None or op is None:
            continue
        op, ins = in_float64(op), inputs_of(v)
        for x, c in zip(slots_of(op, ins), chain_rule(op, ins, v.data, u)):
            if c is not None:
                acc[id(x)] = acc[id(x)] + c if id(x) in acc else c
    return [
        round32([acc.get(id(v), 0.0) for v in t.flat]) if is_tensor(t) and t.requires_grad else None
        for t in slots
    ]


_COPY_NAMES = {op.name for op in (*COPIES.values(), *VIEW_OPS.values())} - {"ExpandBackward0"}
_GATHERS = {"IndexBackward0", "IndexSelectBackward0", "GatherBackward0"}
# each element's own rule is PyTorch's formula (grad, grad / n, grad * other; a write's copy)
_OWN_RULES = {"SumBackward0", "SumBackward1", "MeanBackward0", "MeanBackward1", "DotBackward0",
              "WhereBackward0", "CopySlices", "AsStridedBackward0", "IndexPutBackward0",
              "CopyBackwards", "AliasBackward0"}  # fmt: skip


RULES: dict[str, Rule] = {
    "MmBackward0": _mm,
    "AddmmBackward0": _addmm,
    "MvBackward0": _mv,
    "MseLossBackward0": _mse,
    "LogSoftmaxBackward0": _log_softmax,
    "SoftmaxBackward0": _softmax,
    "NllLossBackward0": _nll,
    "NllLoss2DBackward0": _nll,
    "BinaryCrossEntropyBackward0": _bce,
    "BinaryCrossEntropyWithLogitsBackward0": _bce_logits,
    "ExpandBackward0": _expand,
}


# PyTorch's formula for each input slot, as derivatives.yaml writes it: what the trace shows
FORMULAS: dict[str, tuple[str, ...]] = {
    "MmBackward0": ("grad.mm(mat2.t())", "self.t().mm(grad)"),
    "AddmmBackward0": ("grad.sum_to(self.shape)", "grad.mm(mat2.t())", "mat1.t().mm(grad)"),
    "MvBackward0": ("grad.outer(vec)", "self.t().mv(grad)"),
    "MseLossBackward0": ("2 * (self - target) * grad / n", "2 * (target - self) * grad / n"),
    "LogSoftmaxBackward0": ("grad - exp(result) * grad.sum(dim)",),
    "SoftmaxBackward0": ("(grad - (grad * result).sum(dim)) * result",),
    "NllLossBackward0": ("-weight[t] * grad / total_weight at each target t, 0 elsewhere",),
    "NllLoss2DBackward0": ("-weight[t] * grad / total_weight at each target t, 0 elsewhere",),
    "BinaryCrossEntropyBackward0": ("grad * (self - target) / max((1 - self) * self, eps) / n",),
    "BinaryCrossEntropyWithLogitsBackward0": ("(sigmoid(self) - target) * grad / n",),
    "ExpandBackward0": ("grad.sum_to(self.shape)",),
}


def formula(node: TensorNode, slot: int) -> str:
    """PyTorch's formula of ``node``'s rule for input ``slot``, as text."""
    op = node.op
    if op is not None:  # an elementwise op with a broadcast input: its own rule, summed back
        local = op.formula(slot, 2).format("self", "other").replace("out", "result")
        return f"(grad * {local}).sum_to(input.shape)"
    texts = FORMULAS.get(type(node).__name__, ())
    return texts[min(slot, len(texts) - 1)] if texts else type(node).__name__


# a write through a view rebuilds its base's elements: the pass's element rules follow it
WRITES = frozenset(
    ("CopySlices", "AsStridedBackward0", "IndexPutBackward0", "CopyBackwards", "AliasBackward0")
)


def is_copy_rule(rule: Rule | None) -> bool:
    """Whether ``rule`` is the element copies' (which a write through a view outruns)."""
    return rule is _copies


def group_rule(node: Any) -> Rule | None:
    """The tensor rule the pass runs for ``node`` in place of its elements' own rules, or None
    (elementwise without broadcasting, a float64 tensor, a node of your own)."""
    if not isinstance(node, TensorNode) or node.lifted or not node.elements:
        return None
    first = node.elements[0]
    if not is_float32(first):
        # a gather adds into zeros in any dtype: its rule keeps PyTorch's +0.0 for a -0.0
        return _copies if type(node).__name__ in _GATHERS and not node.lifted else None
    op = node.op
    if op is not None:
        ins = node.inputs
        shape = tuple(node.shape)
        if (
            op.slots == 2
            and len(ins) > 1
            and any(is_tensor(t) and t.requires_grad and tuple(t.shape) != shape for t in ins[:2])
        ):
            return _broadcast
        return _elementwise if op.slots >= 1 else None
    name = type(node).__name__
    if name in RULES:
        return RULES[name]
    if name in _COPY_NAMES or name in _GATHERS:
        return _copies
    if name in _OWN_RULES:
        return None
    return _composed


def members(node: TensorNode) -> list[Value]:
    """The Values a node's rule stands for: its elements and the scalar graph between them
    and its inputs' elements (a composed node's own: nn's losses, ``linear``), outputs first."""
    stops = {id(v) for t in node.differentiable_inputs if is_tensor(t) for v in t.flat}
    order: list[Value] = []
    seen: set[int] = set()
    stack: list[tuple[Any, bool]] = [(v, False) for v in reversed(node.elements)]
    while stack:
        v, done = stack.pop()
        if done:
            order.append(v)
            continue
        if id(v) in seen or id(v) in stops or v.is_leaf:
            continue
        seen.add(id(v))
        stack.append((v, True))
        for x in reversed(inputs_of(v)):
            if isinstance(x, Value) and id(x) not in seen:
                stack.append((x, False))
    order.reverse()
    return order
