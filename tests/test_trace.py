"""The recorded backward trace: steps, formulas, contributions, accumulation, JSON."""

import json
import math
import operator
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tinygrad_edu import Value, vdot, vsum
from tinygrad_edu.core.engine import toposort
from viz.trace import fmt, trace


def leaves(**values):
    return [Value(x, label=name) for name, x in values.items()]


def example():
    a, b, c, f = leaves(a=2.0, b=-3.0, c=10.0, f=-2.0)
    return (a * b + c) * f, (a, b, c, f)


def test_steps_follow_the_backward_order_and_name_pytorch_nodes():
    root, _ = example()
    order = toposort([root])
    t = trace(root)
    assert [s.step for s in t.steps] == list(range(1, len(order) + 1))
    assert [s.value for s in t.steps] == order
    assert [s.grad_fn for s in t.steps] == [v.grad_fn.name() for v in order]
    assert {"MulBackward0", "AddBackward0"} <= {s.grad_fn for s in t.steps}


def test_leaf_grads_are_those_of_an_ordinary_backward():
    root, (a, b, _, f) = example()
    t = trace(root)
    twin, ins = example()
    twin.backward()
    assert [(x.label, x.grad) for x in t.leaves] == [(x.label, x.grad) for x in ins]
    # and the chain rule by hand, from the data
    assert [x.grad for x in t.leaves] == [
        b.data * f.data,
        a.data * f.data,
        f.data,
        root.data / f.data,
    ]


def test_each_input_shows_formula_number_product_and_new_grad():
    root, (a, b, _, _) = example()
    t = trace(root)
    last = t.steps[-1]  # the a * b node
    assert last.expr == "a * b"
    da, db = last.inputs
    assert (da.label, da.local_formula, da.local) == ("a", "d(a * b)/da = b", b.data)
    assert da.text() == f"d(a * b)/da = b = {fmt(b.data)}"
    assert (db.label, db.local_formula, db.local) == ("b", "d(a * b)/db = a", a.data)
    for s in t.steps:
        for i in s.inputs:
            assert i.contribution == s.upstream * i.local
            assert i.grad == i.grad_before + i.contribution


def test_upstream_is_the_nodes_grad_when_it_is_processed():
    root, _ = example()
    t = trace(root, gradient=3.0)
    assert t.steps[0].upstream == 3.0 == t.gradient
    assert all(s.upstream == s.value.grad for s in t.steps)


def test_a_constant_formula_is_not_written_twice():
    a, b = leaves(a=1.0, b=2.0)
    (da, _) = trace(a + b).steps[0].inputs
    assert da.local_formula == "d(a + b)/da = 1"
    assert da.text() == "d(a + b)/da = 1.0"


def test_an_input_used_twice_by_one_node_shows_both_contributions():
    (a,) = leaves(a=3.0)
    t = trace(a + a)
    (step,) = t.steps
    first, second = step.inputs
    assert first.label == second.label == "a"
    assert (first.grad_before, first.grad) == (0.0, first.contribution)
    assert (second.grad_before, second.grad) == (first.grad, first.grad + second.contribution)
    assert t.leaves[0].grad == a.grad == second.grad


def test_inputs_shared_by_two_nodes_accumulate_across_steps():
    a, b = leaves(a=2.0, b=-3.0)
    d, e = a * b, a + b
    t = trace(d * e)
    seen = {}  # label -> grads in the order the trace added to them
    for s in t.steps:
        for i in s.inputs:
            if i.label in ("a", "b"):
                before = seen.get(i.label, [0.0])[-1]
                assert i.grad_before == before
                seen.setdefault(i.label, [0.0]).append(i.grad)
    assert len(seen["a"]) == len(seen["b"]) == 3  # 0, after the first, after the second
    assert (seen["a"][-1], seen["b"][-1]) == (a.grad, b.grad)
    assert [x.label for x in t.leaves] == ["a", "b"]


def test_numbers_as_operands_are_named_by_value_and_take_no_grad():
    (a,) = leaves(a=2.0)
    t = trace((2 - a) * 3 + a**3)
    by_expr = {s.expr: s for s in t.steps}
    assert set(by_expr) >= {"2.0 - a", "(2.0 - a) * 3.0", "a**3"}
    three = by_expr["(2.0 - a) * 3.0"].inputs[1]
    assert (three.label, three.value, three.contribution, three.grad) == ("3.0", None, None, None)
    assert three.local == (2 - a.data)  # d(x * 3)/d3 = x: shown even though nothing flows
    (x,) = by_expr["a**3"].inputs  # the exponent is not an input slot of PowBackward0
    assert x.local_formula == "d(a**3)/da = 3*a**(3-1)"
    assert [leaf.label for leaf in t.leaves] == ["a"]


def test_a_value_that_needs_no_grad_is_shown_but_gets_none():
    a = Value(2.0, label="a")
    k = Value(5.0, requires_grad=False, label="k")
    (step,) = trace(a * k).steps
    assert step.inputs[1].label == "k" and step.inputs[1].contribution is None
    assert [leaf.label for leaf in trace(a * k).leaves] == ["a"]


def test_unlabelled_values_are_named_by_expression_or_number_stably():
    def build():
        x = Value(0.5, label="x")
        return ((x * x).exp() + x.tanh() * x.sin() + (x - 1) ** 2).log()

    t1, t2 = trace(build()), trace(build())
    labels = [s.label for s in t1.steps]
    assert labels == [s.label for s in t2.steps]
    assert "exp(x * x)" in labels and "x - 1.0" in labels
    long = [s for s in t1.steps if len(s.expr) > 20]
    assert long and all(s.label.startswith("v") and s.label[1:].isdigit() for s in long)


def test_parentheses_only_where_precedence_needs_them():
    a, b, c = leaves(a=1.0, b=2.0, c=3.0)
    assert trace(a * b + c).steps[0].expr == "a * b + c"
    assert trace((a + b) * c).steps[0].expr == "(a + b) * c"
    assert trace(a - (b - c)).steps[0].expr == "a - (b - c)"
    assert trace((a - b) - c).steps[0].expr == "a - b - c"
    assert trace(-(a + b)).steps[0].expr == "-(a + b)"
    assert trace((a + b) ** 2).steps[0].expr == "(a + b)**2"


def test_unary_formulas_use_the_nodes_own_value_for_out():
    (x,) = leaves(x=0.5)
    o = x.tanh()
    o.label = "o"
    (step,) = trace(o).steps
    assert step.inputs[0].local_formula == "d(tanh(x))/dx = 1 - o**2"
    assert step.inputs[0].local == 1 - o.data**2


def test_nary_nodes():
    a, b, c = leaves(a=1.0, b=2.0, c=3.0)
    s = trace(vsum([a, b, c])).steps[0]
    assert (s.grad_fn, s.expr) == ("SumBackward0", "sum(a, b, c)")
    assert s.inputs[0].local_formula == "d(sum(a, b, c))/da = 1"
    d = trace(vdot([a, b], [c, 4.0])).steps[0]
    assert (d.grad_fn, d.expr) == ("DotBackward0", "dot([a, b], [c, 4.0])")
    assert [i.local_formula.split(" = ")[1] for i in d.inputs] == ["c", "4.0", "a", "b"]
    assert [i.local for i in d.inputs] == [c.data, 4.0, a.data, b.data]


def test_leaf_root_has_no_steps():
    (a,) = leaves(a=1.5)
    t = trace(a, gradient=2.0)
    assert t.steps == ()
    assert [(x.label, x.grad) for x in t.leaves] == [("a", 2.0)]
    assert t.to_json_lines() == [json.dumps({"leaves": [{"label": "a", "data": 1.5, "grad": 2.0}]})]


def test_leaf_grads_accumulate_over_passes_and_the_trace_shows_it():
    (a,) = leaves(a=2.0)
    y = a * a
    first = trace(y, retain_graph=True)
    second = trace(y)
    assert second.steps[0].inputs[0].grad_before == first.leaves[0].grad
    assert second.leaves[0].grad == 2 * first.leaves[0].grad
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        trace(y)


def test_trace_refuses_what_backward_refuses():
    with pytest.raises(TypeError):
        trace(3.0)
    with pytest.raises(RuntimeError, match="does not require grad"):
        trace(Value(1.0, requires_grad=False) * 2)


def test_grads_after_each_step():
    root, (a, _, _, f) = example()
    t = trace(root)
    assert t.grads_after(0) == {root: 1.0}
    after1 = t.grads_after(1)
    assert set(after1) == {root, t.steps[0].inputs[0].value, f}
    assert t.grads_after(len(t.steps))[a] == a.grad


def test_json_lines():
    root, (a, b, c, f) = example()
    t = trace(root)
    rows = [json.loads(line) for line in t.to_json_lines()]
    *steps, final = rows
    assert len(steps) == len(t.steps)
    for row, s in zip(steps, t.steps):
        assert {"step", "node", "grad_fn", "upstream", "inputs"} <= set(row)
        assert (row["step"], row["node"], row["grad_fn"], row["upstream"]) == (
            s.step, s.label, s.grad_fn, s.upstream,
        )  # fmt: skip
        for col, i in zip(row["inputs"], s.inputs):
            assert {"label", "local_formula", "local", "contribution", "grad"} <= set(col)
            assert (col["local"], col["contribution"], col["grad"]) == (
                i.local, i.contribution, i.grad,
            )  # fmt: skip
    assert final == {
        "leaves": [{"label": x.label, "data": x.data, "grad": x.grad} for x in (a, b, c, f)]
    }


def _refuse(name):
    raise ValueError(f"not JSON: {name}")


def test_json_writes_nan_and_inf_as_strings():
    x, z = Value(0.0, label="x"), Value(-1.0, label="z")
    t = trace(x.log() + z.sqrt())
    rows = [json.loads(line, parse_constant=_refuse) for line in t.to_json_lines()]
    values = [i[k] for r in rows[:-1] for i in r["inputs"] for k in ("local", "contribution")]
    assert "inf" in values and "nan" in values
    assert {x["label"]: x["grad"] for x in rows[-1]["leaves"]} == {"x": "inf", "z": "nan"}


def test_fmt():
    assert [fmt(x) for x in (-3.0, 0.5, 1 / 3, 2, 1e-9, math.inf, math.nan, None)] == [
        "-3.0", "0.5", "0.333333", "2", "1e-09", "inf", "nan", "-",
    ]  # fmt: skip


# -- a property of the recording over random graphs ------------------------------------------

_UNARY = ("tanh", "exp", "sin", "neg")
_BINARY = ("add", "sub", "mul")


def _random_graph(draw):
    vals = [Value(draw(st.floats(-2, 2)), label=n) for n in "abc"]
    pool = list(vals)
    for _ in range(draw(st.integers(1, 8))):
        op = draw(st.sampled_from(_UNARY + _BINARY + ("num",)))
        x = draw(st.sampled_from(pool))
        if op in _UNARY:
            y = -x if op == "neg" else getattr(x, op)()
        elif op == "num":
            y = x * draw(st.sampled_from([2, 0.5, -1]))
        else:
            z = draw(st.sampled_from(pool))
            y = {"add": x + z, "sub": x - z, "mul": x * z}[op]
        pool.append(y)
    return pool[-1], vals


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_recorded_arithmetic_replays_the_pass(data):
    root, _ = _random_graph(data.draw)
    if root.grad_fn is None:
        return
    t = trace(root)
    last = {}
    for s in t.steps:
        for i in s.inputs:
            if i.contribution is None:
                continue
            assert i.contribution == s.upstream * i.local
            assert i.grad_before == last.get(id(i.value), 0.0)
            assert i.grad == i.grad_before + i.contribution
            last[id(i.value)] = i.grad
    for leaf in t.leaves:
        assert last[id(leaf.value)] == leaf.grad == leaf.value.grad


def test_a_neurons_affine_node_is_written_as_its_weighted_sum():
    from tinygrad_edu import nn

    neuron = nn.Neuron(2, nonlin=False)
    for v, name in zip([*neuron.w, neuron.b], ("w1", "w2", "b")):
        v.label = name
    x1, x2 = Value(2.0, label="x1"), Value(-1.0, label="x2")
    (s,) = trace(neuron([x1, x2])).steps
    assert (s.grad_fn, s.expr) == ("AddmvBackward0", "w1*x1 + w2*x2 + b")
    rules = {i.label: i.local_formula.split(" = ")[1] for i in s.inputs}
    assert rules == {"w1": "x1", "w2": "x2", "x1": "w1", "x2": "w2", "b": "1"}
    assert [i.local for i in s.inputs] == [x1.data, x2.data, *(w.data for w in neuron.w), 1.0]


def test_tensor_element_nodes_mean_and_select():
    import tinygrad_edu as torch

    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    t = trace((a[0] * a).mean()._values[0])
    mean, select = t.steps[0], t.steps[-1]
    assert mean.grad_fn == "MeanBackward0"
    # a float32 tensor's elements: the local derivative is 1/3 computed in float32
    third = struct.unpack("f", struct.pack("f", 1 / 3))[0]
    assert all(i.local_formula.endswith(" = 1/3") and i.local == third for i in mean.inputs)
    assert third != 1 / 3
    # an identity node is named by its op, never as if it were its input
    assert (select.grad_fn, select.expr) == ("SelectBackward0", f"select({select.inputs[0].label})")


# -- the formulas are right: evaluated as Python over the data, they give the numbers ----------

_FUNCS = {
    "exp": math.exp,
    "log": math.log,
    "tanh": math.tanh,
    "sin": math.sin,
    "cos": math.cos,
    "sqrt": math.sqrt,
    "abs": abs,
    "relu": lambda x: max(x, 0.0),
    "sigmoid": lambda x: 1 / (1 + math.exp(-x)),
    "sign": lambda x: math.copysign(1.0, x) if x else 0.0,
}
_MAKE = {
    "add": lambda x, y: x + y,
    "sub": lambda x, y: x - y,
    "mul": lambda x, y: x * y,
    "div": lambda x, y: x / y,
    "powt": lambda x, y: x**y,
    "neg": lambda x, y: -x,
    "rsub": lambda x, y: 1.5 - x,
    "radd": lambda x, y: 2 + x,
    "rdiv": lambda x, y: 2 / x,
    "pow2": lambda x, y: x**2,
    "pow_neg": lambda x, y: x**-1.5,
    "rpow": lambda x, y: 2.5**x,
    "a_minus_neg": lambda x, y: x - (-y),
    "neg_pow": lambda x, y: (-x) ** 2,
}
_MAKE |= {f: lambda x, y, m=operator.methodcaller(f): m(x) for f in _FUNCS if f != "sign"}


def _close(a, b):
    return (a != a and b != b) or a == pytest.approx(b, rel=1e-9, abs=1e-12)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_formulas_evaluate_to_the_numbers_shown(data):
    env = dict(_FUNCS)
    pool = []
    for name in ("a", "b"):
        v = Value(data.draw(st.floats(0.2, 1.5)), label=name)
        env[name] = v.data
        pool.append(v)
    for _ in range(data.draw(st.integers(1, 7))):
        op = data.draw(st.sampled_from(sorted(_MAKE)))
        x, y = data.draw(st.sampled_from(pool)), data.draw(st.sampled_from(pool))
        out = _MAKE[op](x, y)
        if not math.isfinite(out.data) or abs(out.data) > 1e6 or out.data <= 0.05:
            continue  # keep every op inside its domain
        pool.append(out)
    root = pool[-1]
    if root.grad_fn is None:
        return
    t = trace(root)
    for s in t.steps:
        if s.label.startswith("v") and s.label[1:].isdigit():
            env[s.label] = s.data  # a long expression shown by its number
    for s in t.steps:
        assert _close(eval(s.expr, {"__builtins__": {}}, env), s.data), s.expr
        for i in s.inputs:
            rhs = i.local_formula.split(" = ", 1)[1]
            assert _close(eval(rhs, {"__builtins__": {}}, env), i.local), i.local_formula
