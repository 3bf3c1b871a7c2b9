"""Every op of the table reaches everywhere: a Value method, a Tensor method and a torch-level
function (where PyTorch has them), a call of the command line's expressions, a trace formula and
a picture label. Generated from ``ops.OPS``, so an op added to the table is tested here at once
(minitorch's MathTest, one table driving the float, scalar and tensor tests).
"""

from __future__ import annotations

import math

import pytest

import tinygrad_edu
import viz
from tinygrad_edu import Tensor, Value
from tinygrad_edu._tensor.ops import functional
from tinygrad_edu.core.ops import OPS, Op
from viz.expr import FUNCTIONS, build

NAMED = [op for op in OPS.values() if op.method_name]
CALLS = [op for op in NAMED if not op.infix]
X, Y = 0.75, 1.25  # inside every op's domain, away from kinks


def _params(op: Op) -> list[float]:
    return [d for _, d in op.params]


def _value_result(op: Op) -> tuple[Value, Value, Value]:
    x, y = Value(X, label="x"), Value(Y, label="y")
    if op.slots == 2:
        return getattr(x, op.method_name)(y), x, y
    return getattr(x, op.method_name)(*_params(op)), x, y


@pytest.mark.parametrize("op", NAMED, ids=lambda op: op.key)
def test_every_op_is_a_value_method_with_its_node_and_its_forward_rule(op: Op):
    out, _, _ = _value_result(op)
    assert out.grad_fn.name() == op.name and type(out.grad_fn).__name__ == op.name
    args = (X, Y) if op.slots == 2 else (X, *(d for _, d in op.params))
    assert out.data == op.forward(*args)
    assert out._op  # micrograd's op string


@pytest.mark.parametrize("op", NAMED, ids=lambda op: op.key)
def test_every_ops_gradient_agrees_with_central_differences(op: Op):
    out, x, y = _value_result(op)
    out.backward()
    h = 1e-6
    args = [X, Y] if op.slots == 2 else [X, *(d for _, d in op.params)]
    for k, v in enumerate([x, y][: max(op.slots, 1)]):
        hi, lo = list(args), list(args)
        hi[k] += h
        lo[k] -= h
        numeric = (op.forward(*hi) - op.forward(*lo)) / (2 * h)
        assert math.isclose(v.grad, numeric, rel_tol=1e-5, abs_tol=1e-7), (op.key, k)


@pytest.mark.parametrize("op", NAMED, ids=lambda op: op.key)
def test_every_op_is_where_pytorch_has_it(op: Op):
    f64 = tinygrad_edu.float64  # the Value's float64 result, bit for bit
    t = tinygrad_edu.tensor([X, 2 * X], dtype=f64, requires_grad=True)
    u = tinygrad_edu.tensor([Y, 2 * Y], dtype=f64)
    args = (u,) if op.slots == 2 else tuple(_params(op))
    results = []
    if "Tensor" in op.where:
        results.append(getattr(t, op.method_name)(*args))
    else:
        assert not hasattr(Tensor, op.method_name) or op.method_name in ("relu", "tanh", "sigmoid")
    if "torch" in op.where:
        results.append(getattr(tinygrad_edu, op.method_name)(t, *args))
    if "functional" in op.where:
        results.append(functional.NN_FUNCTIONAL[op.method_name](t, *args))
    assert results
    values = [_value_result(op)[0].data]
    for r in results:
        assert r.grad_fn.name() == op.name
        assert r.elements()[0].data == values[0]


@pytest.mark.parametrize("op", CALLS, ids=lambda op: op.key)
def test_every_call_is_an_expression_of_the_command_line(op: Op):
    assert op.method_name in FUNCTIONS
    root = build(f"{op.method_name}(x)", {"x": X})
    assert root.grad_fn.name() == op.name
    if op.params:  # its constants can be given too
        values = ", ".join(str(d) for _, d in op.params)
        assert build(f"{op.method_name}(x, {values})", {"x": X}).data == root.data


@pytest.mark.parametrize("op", [op for op in NAMED if op.infix], ids=lambda op: op.key)
def test_every_operator_is_an_expression_of_the_command_line(op: Op):
    if op.arity == 1:
        text = f"{op.infix}x"
    else:  # pow takes a number exponent (x ** y is powt)
        text = f"x {op.infix} {'y' if op.slots == 2 else _params(op)[0]}"
    assert build(text, {"x": X, "y": Y}).grad_fn.name() == op.name


@pytest.mark.parametrize("op", NAMED, ids=lambda op: op.key)
def test_every_op_has_a_trace_formula_and_a_picture_label(op: Op):
    out, _, _ = _value_result(op)
    step = viz.trace(out).steps[0]
    assert step.grad_fn == op.name
    for inp in step.inputs:
        assert "{" not in inp.local_formula and inp.local_formula.startswith("d(")
    assert op.name in viz.draw(out).source and op.name in viz.draw(out, style="torch").source


def test_the_operator_variants_are_reached_through_python_operators():
    x, y = Value(X), Value(Y)
    got = {"rsub": 2.0 - x, "powt": x**y, "rpow": 2.0**x, "recip": 1.0 / x}
    for key, v in got.items():
        name = OPS["mul"].name if key == "recip" else OPS[key].name  # 1/x is 1 * reciprocal(x)
        assert v.grad_fn.name() == name
    assert {op.key for op in OPS.values() if not op.method_name} == {
        "rsub", "powt", "rpow", "remaindert"}  # fmt: skip
    # a tensor remainder of a tensor: Tensor's %
    a = tinygrad_edu.tensor([X], requires_grad=True) % tinygrad_edu.tensor([Y])
    assert a.grad_fn.name() == OPS["remaindert"].name
