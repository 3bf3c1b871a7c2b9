"""One backward pass for every dtype: what the step-by-step trace shows is what ``backward``
computes, bit for bit, in float32 and in float64; the cases where a second float32 engine
once gave other numbers (masked ops under inf and nan, abs at nan, a node called directly,
``.grad`` accumulated with and without ``torch.where``) agree with PyTorch in both dtypes.
"""

from __future__ import annotations

import math
import struct

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812
from viz.trace import trace

DTYPES = [torch.float32, torch.float64]
INF, NAN = math.inf, math.nan


def bits(x: float) -> str:
    return "nan" if x != x else x.hex()


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


# small graphs a lesson would draw: each builds a scalar loss over fresh leaves
def _linear(dt):
    torch.manual_seed(1)
    w = torch.randn(3, 4, dtype=dt, requires_grad=True)
    b = torch.randn(3, dtype=dt, requires_grad=True)
    x = torch.randn(5, 4, dtype=dt)
    return F.mse_loss(F.linear(x, w, b).tanh(), torch.zeros(5, 3, dtype=dt)), [w, b]


def _matmul_broadcast(dt):
    torch.manual_seed(2)
    a = torch.randn(4, 3, dtype=dt, requires_grad=True)
    b = torch.randn(3, 2, dtype=dt, requires_grad=True)
    c = torch.randn(2, dtype=dt, requires_grad=True)
    return ((a @ b + c).sigmoid() * a.sum()).mean(), [a, b, c]


def _cross_entropy(dt):
    torch.manual_seed(3)
    z = torch.randn(4, 5, dtype=dt, requires_grad=True)
    return F.cross_entropy(z * 2.0, torch.tensor([1, 0, 4, 2])), [z]


def _where_and_softmax(dt):
    torch.manual_seed(4)
    x = torch.randn(6, dtype=dt, requires_grad=True)
    y = torch.where(x > 0, x * 0.1, x.exp())
    return (F.softmax(y, dim=0) * torch.arange(6, dtype=dt)).sum() / x.abs().sum(), [x]


def _neuron(dt):
    x = torch.tensor([2.0, 0.0], dtype=dt, requires_grad=True)
    w = torch.tensor([-3.0, 1.0], dtype=dt, requires_grad=True)
    b = torch.tensor(6.8813735870195432, dtype=dt, requires_grad=True)
    return ((x * w).sum() + b).tanh(), [x, w, b]


GRAPHS = [_linear, _matmul_broadcast, _cross_entropy, _where_and_softmax, _neuron]


@pytest.mark.parametrize("dt", DTYPES, ids=str)
@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__.strip("_"))
def test_the_trace_shows_the_grads_backward_computes(build, dt):
    loss, leaves = build(dt)
    loss.backward()
    want = [bits(v) for t in leaves for v in t.grad.reshape(-1).tolist()]
    loss2, leaves2 = build(dt)
    t = trace(loss2)
    got = [bits(v) for x in leaves2 for v in x.grad.reshape(-1).tolist()]
    assert got == want
    # and the trace's own record of the leaves is those grads
    by_value = {id(leaf.value): bits(leaf.grad) for leaf in t.leaves}
    elements = [by_value[id(v)] for x in leaves2 for v in x.flat if id(v) in by_value]
    assert elements and set(elements) <= set(got)
    # every step's last word on an input is the grad the pass left there
    last: dict[int, float] = {}
    for s in t.steps:
        for i in s.inputs:
            if i.value is not None and i.grad is not None:
                last[id(i.value)] = i.grad
    for x in leaves2:
        for v in x.flat:
            if id(v) in last:
                assert bits(last[id(v)]) == bits(v.grad)


def test_a_tensor_rule_appears_in_the_trace_with_pytorchs_formula():
    loss, _ = _linear(torch.float32)
    t = trace(loss)
    names = [s.grad_fn for s in t.steps]
    assert "AddmmBackward0" in names and "MseLossBackward0" in names
    addmm = t.steps[names.index("AddmmBackward0")]
    # x needs no grad: the bias and the weight get their shares
    assert {i.rule for i in addmm.inputs} == {"grad.sum_to(self.shape)", "mat1.t().mm(grad)"}
    assert len(addmm.upstreams) == 15


# -- the divergences of the second engine, now one rule: as PyTorch 2.13 gives them -----------

MASKED = ["floor", "ceil", "trunc", "round", "sign", "relu"]


@pytest.mark.parametrize("dt", DTYPES, ids=str)
@pytest.mark.parametrize("op", [*MASKED, "clamp", "hardtanh"])
def test_a_masked_op_gives_zero_under_an_infinite_or_nan_upstream(op, dt):
    x = torch.tensor([-1.5, 2.5, 0.25], dtype=dt, requires_grad=True)
    y = {"clamp": lambda t: t.clamp(-1.0, 1.0), "hardtanh": F.hardtanh}.get(
        op, lambda t: getattr(t, op)()
    )(x)
    y.backward(torch.tensor([INF, NAN, -INF], dtype=dt))
    # PyTorch 2.13, float32 and float64 alike: the upstream where the slope is 1, else 0.0
    seen = {"clamp": [0.0, 0.0, -INF], "hardtanh": [0.0, 0.0, -INF], "relu": [0.0, NAN, -INF]}
    assert [bits(v) for v in x.grad.tolist()] == [bits(v) for v in seen.get(op, [0.0] * 3)]


@pytest.mark.parametrize("dt", DTYPES, ids=str)
def test_abs_at_nan_has_grad_zero(dt):
    x = torch.tensor([NAN, -2.0, 0.0], dtype=dt, requires_grad=True)
    x.abs().sum().backward()
    assert [bits(v) for v in x.grad.tolist()] == [bits(v) for v in (0.0, -1.0, 0.0)]


@pytest.mark.parametrize("dt", DTYPES, ids=str)
def test_a_node_called_directly_masks_as_backward_does(dt):
    x = torch.tensor([-1.0, 2.0], dtype=dt, requires_grad=True)
    y = x.relu()
    got = y.grad_fn(torch.tensor([INF, 1.0], dtype=dt))
    y.backward(torch.tensor([INF, 1.0], dtype=dt))
    assert [bits(v) for v in got.tolist()] == [bits(v) for v in x.grad.tolist()]
    assert x.grad.tolist() == [0.0, 1.0]


@pytest.mark.parametrize("dt", DTYPES, ids=str)
def test_accumulated_grad_is_the_same_with_or_without_where(dt):
    out = []
    for with_where in (True, False):
        x = torch.tensor([1.0], dtype=dt, requires_grad=True)
        for c in (0.1, 0.7, 0.3333):
            (torch.where(x > 0, x * c, x) if with_where else x * c).sum().backward()
        out.append(x.grad.flat[0].data)
    assert bits(out[0]) == bits(out[1])
    if dt is torch.float32:  # a float32 .grad holds a float32, added up as float32
        expect = f32(f32(f32(0.1) + f32(0.7)) + f32(0.3333))
        assert out[0] == expect == f32(out[0])
    else:
        assert out[0] == 0.1 + 0.7 + 0.3333


@pytest.mark.parity
@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_the_masked_ops_and_abs_as_live_pytorch_gives_them(dt):
    real = pytest.importorskip("torch")
    for op in [*MASKED, "clamp", "abs"]:
        got = []
        for lib in (torch, real):
            x = lib.tensor([-1.5, 2.5, 0.25, NAN], dtype=getattr(lib, dt), requires_grad=True)
            y = x.clamp(-1.0, 1.0) if op == "clamp" else getattr(x, op)()
            y.backward(lib.tensor([INF, NAN, -INF, 1.0], dtype=getattr(lib, dt)))
            got.append([bits(v) for v in x.grad.tolist()])
        assert got[0] == got[1], op


def test_the_terminal_trace_writes_a_tensor_rules_share_as_its_formula():
    from viz.trace_view import trace_text

    loss, _ = _linear(torch.float32)
    text = trace_text(loss, width=120)
    assert "mat1.t().mm(grad) = " in text and "× nan" not in text
