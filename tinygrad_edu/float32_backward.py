"""The float32 backward pass as PyTorch 2.13's CPU autograd runs it: node by node, each input
gradient computed by PyTorch's own backward formula with float32 rounding after every step.

The scalar engine adds each element's contributions in float64, in its own order; PyTorch runs
one backward node per tensor op (highest ``sequence_nr`` first, which is its engine's order on
one thread), each a float32 kernel (``grad * other``, ``tanh_backward``, ``grad.mm(mat2.t())``,
``sum_to`` through the sum kernel), and adds the gradients of a tensor used twice in float32,
in the order they arrive. This module does the same over ``TensorNode``s, with the kernels of
``float32_pointwise``/``float32_reduce``. A node without a formula here is differentiated by
the scalar chain rule (float64) and its gradients rounded, as before.

``run`` says ``None`` when a graph is not one it takes (a float64 tensor, a hook on a non-leaf
tensor, a gradient with a graph): the scalar pass then does the work.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from . import float32_pointwise as pw
from . import float32_reduce as rd
from .anomaly_mode import is_anomaly_enabled
from .dtype import float32
from .engine import Value, check_and_free, inputs_of
from .float32_libm import f32, round32
from .graph import chain_rule, slots_of
from .ops import COPIES
from .shape import broadcast
from .tensor_graph import TensorNode, is_tensor, watched
from .views import VIEW_OPS

__all__ = ["RULES", "run", "sum_to"]

Grad = list[float]
_ZERO_GRAD = 0.0


def _t(xs: Sequence[float], m: int, n: int) -> list[float]:
    """The (m, n) row-major matrix ``xs`` transposed, row-major (n, m)."""
    return [xs[i * n + j] for j in range(n) for i in range(m)]


def _add(a: Grad, b: Grad) -> Grad:
    return round32([x + y for x, y in zip(a, b)])


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
        return g
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
    size = math.prod(out_shape[i] for i in keep)
    acc = [0.0] * size
    strides = [math.prod(out_shape[i + 1 :]) for i in range(len(out_shape))]
    for flat, v in enumerate(g):
        k = 0
        for i in keep:
            k = k * out_shape[i] + (flat // strides[i]) % out_shape[i]
        acc[k] = f32(acc[k] + v)
    return acc


# -- the formulas, by PyTorch's node name ------------------------------------------------------

Rule = Callable[[TensorNode, Grad], list[Grad | None]]


def _data(t: Any) -> list[float]:
    return [v.data for v in t.flat]


def _out(node: TensorNode) -> list[float]:
    return [v.data for v in node.elements]


def _elementwise(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """A table op: its derivatives.yaml formula at the output's shape, then ``sum_to``."""
    op = node.op
    ins = node.inputs
    a = ins[0]
    out_shape = tuple(node.shape)
    key = op.key
    if op.slots == 2 and is_tensor(ins[1]):
        b = ins[1]
        if tuple(a.shape) == tuple(b.shape):
            av, bv = _data(a), _data(b)
        else:
            _, ia, ib = broadcast(a.shape, b.shape)
            da, db = _data(a), _data(b)
            av, bv = [da[i] for i in ia], [db[j] for j in ib]
        both = _BINARY.get(key)
        if both is None:
            return None
        ga, gb = both(g, av, bv)
        return [sum_to(ga, out_shape, a.shape), sum_to(gb, out_shape, b.shape)]
    av = _data(a)
    y = _out(node)
    param = ins[1] if len(ins) > 1 else None
    one = _UNARY.get(key)
    if one is None:
        return None
    return [one(g, av, y, param)]


def _div_other(g: Grad, a: Grad, b: Grad) -> Grad:
    # div_tensor_other_backward: -grad * ((self / other) / other)
    return pw.mul(pw.neg(g), pw.div(pw.div(a, b), b))


_BINARY: dict[str, Callable[[Grad, Grad, Grad], tuple[Grad, Grad]]] = {
    "add": lambda g, a, b: (g, g),
    "sub": lambda g, a, b: (g, pw.neg(g)),
    "mul": lambda g, a, b: (pw.mul(g, b), pw.mul(g, a)),
    "div": lambda g, a, b: (pw.div(g, b), _div_other(g, a, b)),
}


def _sign(xs: Grad) -> Grad:
    return [(x > 0.0) - (x < 0.0) if x == x else x for x in xs]


# key -> grad of the one tensor input from (grad, input, result, the op's number)
_UNARY: dict[str, Callable[[Grad, Grad, Grad, Any], Grad]] = {
    "add": lambda g, a, y, c: g,
    "sub": lambda g, a, y, c: g,
    "rsub": lambda g, a, y, c: pw.neg(g),
    "mul": lambda g, a, y, c: pw.mul(g, c),
    "div": lambda g, a, y, c: pw.div(g, c),
    "neg": lambda g, a, y, c: pw.neg(g),
    "pow": lambda g, a, y, c: pw.pow_backward(g, a, float(c)),
    "square": lambda g, a, y, c: pw.mul(g, pw.mul(a, 2.0)),
    "recip": lambda g, a, y, c: pw.mul(pw.neg(g), pw.mul(y, y)),
    "exp": lambda g, a, y, c: pw.exp_backward(g, y),
    "log": lambda g, a, y, c: pw.log_backward(g, a),
    "tanh": lambda g, a, y, c: pw.tanh_backward(g, y),
    "sigmoid": lambda g, a, y, c: pw.sigmoid_backward(g, y),
    "relu": lambda g, a, y, c: pw.threshold_backward(g, y),
    "sin": lambda g, a, y, c: pw.mul(g, pw.cos(a)),
    "cos": lambda g, a, y, c: pw.mul(g, pw.neg(pw.sin(a))),
    "sqrt": lambda g, a, y, c: pw.sqrt_backward(g, y),
    "abs": lambda g, a, y, c: pw.mul(g, _sign(a)),
    "log1p": lambda g, a, y, c: pw.div(g, pw.add(a, 1.0)),
    "expm1": lambda g, a, y, c: pw.mul(g, pw.add(y, 1.0)),
    "leaky_relu": lambda g, a, y, c: [u if x > 0.0 else f32(u * f32(c)) for u, x in zip(g, a)],
}


def _reduced(node: TensorNode, g: Grad, mean: bool) -> list[Grad | None]:
    (a,) = node.inputs[:1]
    n = len(a.flat)
    if len(g) == 1 and (not a.shape or "_saved_dim" not in _attrs(node)):
        return [rd.mean_backward(g[0], n) if mean else rd.sum_backward(g[0], n)]
    shape = list(a.shape)
    dims = _attrs(node)["_saved_dim"]
    if len(dims) != 1:
        return None  # type: ignore[return-value]  # over several dims: the scalar rule
    (d,) = dims
    outer, size, inner = math.prod(shape[:d]), shape[d], math.prod(shape[d + 1 :])
    out = [g[o * inner + i] for o in range(outer) for _ in range(size) for i in range(inner)]
    return [pw.div(out, float(size)) if mean else out]


def _attrs(node: TensorNode) -> dict[str, Any]:
    return node._attrs


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


def _dot(node: TensorNode, g: Grad) -> list[Grad | None]:
    a, b = node.inputs[:2]
    return [pw.mul(_data(b), g[0]), pw.mul(_data(a), g[0])]


def _mse(node: TensorNode, g: Grad) -> list[Grad | None]:
    """``mse_loss_backward``: ``norm * (input - target) * grad``, norm = 2/n for the mean."""
    a, b = node.inputs[:2]
    if tuple(a.shape) != tuple(b.shape):
        return None  # type: ignore[return-value]
    if _attrs(node).get("_saved_weight") is not None:
        return None  # type: ignore[return-value]  # a weighted loss: the scalar rule
    reduction = _attrs(node).get("_saved_reduction", 1)
    av, bv = _data(a), _data(b)
    c = f32(2.0 / len(av)) if reduction == 1 else 2.0
    gs = g if len(g) == len(av) else g * len(av)
    ga = [f32(f32(c * f32(x - y)) * u) for x, y, u in zip(av, bv, gs)]
    gb = [f32(f32(c * f32(y - x)) * u) for x, y, u in zip(av, bv, gs)]
    return [ga, gb]


def _last_dim_2d(node: TensorNode) -> tuple[int, int] | None:
    (x,) = node.inputs[:1]
    d = _attrs(node).get("_saved_dim")
    if x.dim() == 1 and d == 0:
        return (1, x.shape[0])
    if x.dim() == 2 and d == 1:
        return tuple(x.shape)  # type: ignore[return-value]
    return None


def _log_softmax(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    shape = _last_dim_2d(node)
    return None if shape is None else [rd.log_softmax_backward(g, _out(node), shape)]


def _softmax(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    shape = _last_dim_2d(node)
    return None if shape is None else [rd.softmax_backward(g, _out(node), shape)]


def _nll(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``nll_loss_backward``: ``-grad`` (over the batch size for the mean) at each target."""
    attrs = _attrs(node)
    target = attrs.get("_saved_target")
    if target is None or attrs.get("_saved_weight") is not None:
        return None  # weighted classes: the scalar rule
    (x,) = node.inputs[:1]
    ts = [int(v.data) for v in target.flat]
    if attrs.get("_saved_ignore_index", -100) in ts:
        return None  # ignored rows change the mean's divisor: the scalar rule
    reduction = attrs.get("_saved_reduction", 1)
    if x.dim() == 1:
        out = [0.0] * x.shape[0]
        out[ts[0]] = -g[0]
        return [out]
    m, n = x.shape
    out = [0.0] * (m * n)
    for b, t in enumerate(ts):
        if reduction == 0:
            out[b * n + t] = -g[b]
        else:
            out[b * n + t] = -(f32(g[0] / f32(m)) if reduction == 1 else g[0])
    return [out]


def _bce(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``binary_cross_entropy_backward`` (CPU): ``grad * (x - t) / max((1 - x) * x, 1e-12)``,
    then ``/ n`` for the mean."""
    x, t = node.inputs[:2]
    attrs = _attrs(node)
    weighted = attrs.get("_saved_weight") is not None or attrs.get("_saved_pos_weight") is not None
    if weighted or t.requires_grad or tuple(x.shape) != tuple(t.shape):
        return None
    xv, tv = _data(x), _data(t)
    gs = g if len(g) == len(xv) else g * len(xv)
    eps = f32(1e-12)
    out = [
        f32(f32(u * f32(a - b)) / max(f32(f32(1.0 - a) * a), eps)) for u, a, b in zip(gs, xv, tv)
    ]
    if _attrs(node).get("_saved_reduction", 1) == 1:
        out = pw.div(out, float(len(xv)))
    return [out, None]


def _bce_logits(node: TensorNode, g: Grad) -> list[Grad | None] | None:
    """``binary_cross_entropy_with_logits_backward``: ``(sigmoid(x) - t) * grad``, ``/ n``."""
    x, t = node.inputs[:2]
    attrs = _attrs(node)
    weighted = attrs.get("_saved_weight") is not None or attrs.get("_saved_pos_weight") is not None
    if weighted or t.requires_grad or tuple(x.shape) != tuple(t.shape):
        return None
    xv, tv = _data(x), _data(t)
    gs = g if len(g) == len(xv) else g * len(xv)
    out = pw.mul(pw.sub(pw.sigmoid(xv), tv), gs)
    if _attrs(node).get("_saved_reduction", 1) == 1:
        out = pw.div(out, float(len(xv)))
    return [out, None]


RULES: dict[str, Rule] = {
    "SumBackward0": lambda node, g: _reduced(node, g, False),
    "SumBackward1": lambda node, g: _reduced(node, g, False),
    "MeanBackward0": lambda node, g: _reduced(node, g, True),
    "MeanBackward1": lambda node, g: _reduced(node, g, True),
    "MmBackward0": _mm,
    "AddmmBackward0": _addmm,
    "MvBackward0": _mv,
    "DotBackward0": _dot,
    "MseLossBackward0": _mse,
    "LogSoftmaxBackward0": _log_softmax,
    "SoftmaxBackward0": _softmax,
    "NllLossBackward0": _nll,
    "BinaryCrossEntropyBackward0": _bce,
    "BinaryCrossEntropyWithLogitsBackward0": _bce_logits,
}

# element copies (views, indexing, stack): each output element is one input element
_COPIES = {op.name for op in (*COPIES.values(), *VIEW_OPS.values())} - {"ExpandBackward0"}


def _copies(node: TensorNode, g: Grad, slots: list[Any]) -> list[Grad | None]:
    where: dict[int, tuple[int, int]] = {}
    for k, t in enumerate(slots):
        if t is not None:
            for i, v in enumerate(t.flat):
                where.setdefault(id(v), (k, i))
    out: list[Grad | None] = [None if t is None else [0.0] * len(t.flat) for t in slots]
    hit: list[set[int]] = [set() for _ in slots]
    for v, u in zip(node.elements, g):
        k_i = where.get(id(inputs_of(v)[0]))
        if k_i is None:
            continue
        k, i = k_i
        buf = out[k]
        assert buf is not None
        buf[i] = f32(buf[i] + u) if i in hit[k] else u
        hit[k].add(i)
    return out


def _expand(node: TensorNode, g: Grad) -> list[Grad | None]:
    (a,) = node.inputs[:1]
    return [sum_to(g, node.shape, a.shape)]


RULES["ExpandBackward0"] = _expand


def _interior(node: TensorNode, slots: list[Any]) -> list[Any]:
    """A composed node's own scalar graph: the Values from its elements down to (not into) its
    inputs' elements, outputs first."""
    stops = {id(v) for t in slots if t is not None for v in t.flat}
    order: list[Any] = []
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


def _composed(node: TensorNode) -> bool:
    """A node that names a composition of scalar ops (``fused``): nn's losses, ``linear``."""
    name = type(node).__name__
    return node.op is None and name not in _COPIES and name not in _REDUCTIONS


_REDUCTIONS = {"SumBackward0", "SumBackward1", "MeanBackward0", "MeanBackward1", "DotBackward0",
               "MvBackward0", "MmBackward0", "ExpandBackward0"}  # fmt: skip


def _scalar_rule(node: TensorNode, g: Grad, slots: list[Any]) -> list[Grad | None]:
    """Any other node: the scalar chain rule (float64) from its elements down to its inputs'
    elements, each input gradient rounded once at the end (the engine's way before)."""
    if node.op is not None:
        acc = node.chain_rule(slots, g, graph=False)
        return [
            None if t is None else round32([a.get(id(v), 0.0) for v in t.flat])
            for t, a in zip(slots, acc)
        ]
    order = _interior(node, slots)
    acc: dict[int, float] = {}
    for v, u in zip(node.elements, g):
        acc[id(v)] = acc.get(id(v), 0.0) + u
    for v in order:
        u = acc.get(id(v))
        op = v._kind
        if u is None or op is None:
            continue
        ins = inputs_of(v)
        for x, c in zip(slots_of(op, ins), chain_rule(op, ins, v.data, u)):
            if c is not None:
                acc[id(x)] = acc[id(x)] + c if id(x) in acc else c
    return [None if t is None else round32([acc.get(id(v), 0.0) for v in t.flat]) for t in slots]


def _node_grads(node: TensorNode, g: Grad, slots: list[Any]) -> list[Grad | None]:
    name = type(node).__name__
    got = None
    rule = RULES.get(name)
    if rule is not None:
        got = rule(node, g)
    elif node.op is not None:
        got = _elementwise(node, g)
    elif name in _COPIES:
        got = _copies(node, g, slots)
    if got is None:
        got = _scalar_rule(node, g, slots)
    return [None if t is None else r for t, r in zip(slots, got)]


# -- the pass ------------------------------------------------------------------------------


def _slots(node: TensorNode) -> list[Any]:
    ins = node.differentiable_inputs
    return [x if is_tensor(x) and x.requires_grad else None for x in ins]


# graphs the scalar pass runs whole: writes through views (their elements a later write
# rebuilds), and torch.where, whose elements copy one branch or the other and lose the chosen
# branch's gradient in the per-node scalar rule (443); a Function's backward (and its errors)
# runs there too
_SCALAR_ONLY = frozenset(
    ("CopySlices", "AsStridedBackward0", "IndexPutBackward0", "CopyBackwards", "AliasBackward0",
     "WhereBackward0")
)  # fmt: skip


def _graph(roots: Sequence[Any]) -> tuple[list[TensorNode], dict[int, Any]] | None:
    """Every node and leaf under ``roots``, or None if the graph is not all float32 nodes."""
    nodes: dict[int, TensorNode] = {}
    leaves: dict[int, Any] = {}
    stack: list[Any] = []
    for r in roots:
        if r.dtype is not float32:
            return None
        if r.grad_fn is None:
            leaves[id(r)] = r
        else:
            stack.append(r.grad_fn)
    while stack:
        node = stack.pop()
        if id(node) in nodes:
            continue
        if not isinstance(node, TensorNode) or getattr(node, "_cls", None) is not None:
            return None  # a gradient's own graph (create_graph) or a foreign node
        if type(node).__name__ in _SCALAR_ONLY or hasattr(node, "_forward_cls"):
            return None  # the scalar pass runs these graphs (see _SCALAR_ONLY)
        nodes[id(node)] = node
        for x in _slots(node):
            if x is None:
                continue
            if x.dtype is not float32:
                return None
            if x.grad_fn is None:
                if not x.is_leaf:
                    return None
                leaves[id(x)] = x
            else:
                stack.append(x.grad_fn)
    hooked = {id(t.grad_fn) for t in watched()}
    if hooked & nodes.keys():
        return None  # a hook or retain_grad on a tensor inside: the scalar pass stops there
    order = sorted(nodes.values(), key=lambda n: -n.sequence_nr)
    return order, leaves


def run(
    roots: Sequence[Any],
    seeds: Sequence[Sequence[float]],
    *,
    retain_graph: bool,
    targets: Sequence[Any] | None = None,
) -> dict[int, tuple[Any, Grad]] | None:
    """The float32 pass from ``roots`` (each seeded with its element gradients): the gradient
    of every leaf tensor reached, by id, or None when the scalar pass should run instead.

    With ``targets`` (``autograd.grad``'s inputs, leaves or not) it gives their gradients
    instead, by id, and writes no element's ``.grad``.
    """
    if is_anomaly_enabled():  # anomaly mode checks each scalar step: the scalar pass does it
        return None
    found = _graph(roots)
    if found is None:
        return None
    order, leaves = found
    # what each node saved: its elements' scalar nodes, and a composed node's own graph
    saving = {id(n): _interior(n, _slots(n)) if _composed(n) else n.elements for n in order}
    for node in order:  # a second backward through freed nodes: the scalar pass's error
        for v in saving[id(node)]:
            if v._kind is not None:
                check_and_free(v, v._kind, True)
    buffers: dict[int, Grad] = {}
    wanted = {id(t.grad_fn): t for t in targets or () if t.grad_fn is not None}
    got: dict[int, tuple[Any, Grad]] = {}

    def give(key: int, g: Grad) -> None:
        old = buffers.get(key)
        buffers[key] = g if old is None else _add(old, g)

    for r, s in zip(roots, seeds):
        give(id(r.grad_fn) if r.grad_fn is not None else id(r), round32(s))
    for node in order:
        g = buffers.pop(id(node), None)
        if g is None:
            continue
        if id(node) in wanted:
            t = wanted[id(node)]
            got[id(t)] = (t, g)
        slots = _slots(node)
        grads = _node_grads(node, g, slots)
        if targets is None:
            for v, u in zip(node.elements, g):
                v.grad = u  # what the scalar pass leaves there: the pictures show it
        for v in saving[id(node)]:
            if v._kind is not None:
                check_and_free(v, v._kind, retain_graph)
        for t, gt in zip(slots, grads):
            if t is None or gt is None:
                continue
            give(id(t.grad_fn) if t.grad_fn is not None else id(t), gt)
    if targets is not None:
        for t in targets:
            if t.grad_fn is None and id(t) in buffers:
                got[id(t)] = (t, buffers[id(t)])
        return got
    return {k: (t, buffers[k]) for k, t in leaves.items() if k in buffers}
