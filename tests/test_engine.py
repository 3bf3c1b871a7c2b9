"""The scalar engine: values, names, next_functions, gradients, accumulation, memory."""

from __future__ import annotations

import gc
import math
import weakref

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tinygrad_edu import AccumulateGrad, Value, enable_grad, no_grad, set_grad_enabled, vdot, vsum
from tinygrad_edu.core.engine import backward, toposort
from tinygrad_edu.core.gradients import grad
from tinygrad_edu.core.messages import SECOND_BACKWARD
from tinygrad_edu.core.ops import NARY, OPS

# -- every op: (how to build it, its PyTorch name, a plain-float reference forward) ----------

UNARY = {
    "exp": ("ExpBackward0", math.exp),
    "log": ("LogBackward0", math.log),
    "tanh": ("TanhBackward0", math.tanh),
    "relu": ("ReluBackward0", lambda x: max(x, 0.0)),
    "sigmoid": ("SigmoidBackward0", lambda x: 1 / (1 + math.exp(-x))),
    "sin": ("SinBackward0", math.sin),
    "cos": ("CosBackward0", math.cos),
    "sqrt": ("SqrtBackward0", math.sqrt),
    "abs": ("AbsBackward0", abs),
    "reciprocal": ("ReciprocalBackward0", lambda x: 1 / x),
}
BINARY = {
    "add": (lambda a, b: a + b, "AddBackward0"),
    "sub": (lambda a, b: a - b, "SubBackward0"),
    "mul": (lambda a, b: a * b, "MulBackward0"),
    "div": (lambda a, b: a / b, "DivBackward0"),
    "pow": (lambda a, b: a**b, "PowBackward1"),
}
finite = st.floats(-3, 3, allow_nan=False).filter(lambda x: abs(x) > 0.05)
positive = st.floats(0.1, 3)


def central(f, x: float, eps: float = 1e-6) -> float:
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def close(a: float, b: float, tol: float = 1e-4) -> bool:
    return abs(a - b) <= tol * (1 + abs(b))


@pytest.mark.parametrize("method", sorted(UNARY))
@given(x=positive)
@settings(max_examples=25, deadline=None)
def test_unary_value_name_and_gradient(method, x):
    name, ref = UNARY[method]
    v = Value(x)
    y = getattr(v, method)()
    assert y.grad_fn.name() == name == type(y.grad_fn).__name__
    assert close(y.data, ref(x), 1e-12)
    ((node, index),) = y.grad_fn.next_functions
    assert node.variable is v and index == 0
    y.backward()
    assert close(v.grad, central(lambda t: getattr(Value(t), method)().data, x))


@pytest.mark.parametrize("op", sorted(BINARY))
@given(a=positive, b=finite)
@settings(max_examples=25, deadline=None)
def test_binary_value_name_and_gradients(op, a, b):
    f, name = BINARY[op]
    x, y = Value(a), Value(b)
    z = f(x, y)
    assert z.grad_fn.name() == name
    assert close(z.data, f(a, b), 1e-12)
    z.backward()
    assert close(x.grad, central(lambda t: f(Value(t), Value(b)).data, a))
    assert close(y.grad, central(lambda t: f(Value(a), Value(t)).data, b))


@given(a=finite, n=st.sampled_from([2, 3, 0.5, -1, 0, 1.5]))
@settings(max_examples=40, deadline=None)
def test_pow_by_number_gradient(a, n):
    assume(a > 0 or float(n).is_integer())
    x = Value(a)
    y = x**n
    assert y.grad_fn.name() == "PowBackward0"
    y.backward()
    assert close(x.grad, central(lambda t: t**n, a))


@given(st.lists(finite, min_size=1, max_size=6), st.lists(finite, min_size=6, max_size=6))
@settings(max_examples=30, deadline=None)
def test_nary_sum_and_dot_are_one_node_with_right_gradients(xs, ws):
    vs = [Value(x) for x in xs]
    ws = [Value(w) for w in ws[: len(xs)]]
    s = vsum(vs)
    d = vdot(vs, ws)
    assert s.grad_fn.name() == "SumBackward0" and len(s.grad_fn.next_functions) == len(vs)
    assert d.grad_fn.name() == "DotBackward0" and len(d.grad_fn.next_functions) == 2 * len(vs)
    (s + d).backward()
    for v, w in zip(vs, ws):
        assert close(v.grad, 1 + w.data, 1e-12)
        assert close(w.grad, v.data, 1e-12)


# -- names and next_functions where PyTorch does something particular ------------------------


def test_reflected_ops_follow_pytorch_names_and_slots():
    a = Value(2.0)
    ag = Value(0.0)  # any op gives the leaf's one shared AccumulateGrad
    acc = (a * ag).grad_fn.next_functions[0][0]
    assert isinstance(acc, AccumulateGrad) and acc.variable is a
    assert acc.name() == "torch::autograd::AccumulateGrad"
    cases = {
        "1 - a": (1 - a, "RsubBackward1", 1),
        "a - 1": (a - 1, "SubBackward0", 2),
        "1 + a": (1 + a, "AddBackward0", 2),
        "3 * a": (3 * a, "MulBackward0", 2),
        "2 ** a": (2**a, "PowBackward2", 1),
        "a ** 2": (a**2, "PowBackward0", 1),
        "-a": (-a, "NegBackward0", 1),
    }
    for text, (y, name, slots) in cases.items():
        nf = y.grad_fn.next_functions
        assert (y.grad_fn.name(), len(nf)) == (name, slots), text
        assert nf[0][0] is acc, text  # the number never takes the first slot
        assert all(slot == (None, 0) for slot in nf[1:]), text


def test_number_over_value_is_mul_of_reciprocal_as_in_pytorch():
    a = Value(4.0)
    y = 2 / a
    assert y.grad_fn.name() == "MulBackward0"
    assert y.grad_fn.next_functions[0][0].name() == "ReciprocalBackward0"
    y.backward()
    assert (y.data, a.grad) == (0.5, -2 / 16)


def test_leaf_accumulategrad_is_shared_and_constants_are_none():
    a, k = Value(2.0), Value(3.0, requires_grad=False)
    y = a + a
    (n1, _), (n2, _) = y.grad_fn.next_functions
    assert n1 is n2 and n1.variable is a
    assert (a * k).grad_fn.next_functions[1] == (None, 0)
    assert (k * a).grad_fn.next_functions[0] == (None, 0)
    c = a * Value(3.0) + a
    assert [type(n).__name__ for n, _ in c.grad_fn.next_functions] == [
        "MulBackward0",
        "AccumulateGrad",
    ]


def test_repr_of_values_and_nodes():
    a = Value(2.0, label="a")
    y = a * -3
    assert repr(y) == "Value(data=-6.0, grad=0.0, grad_fn=<MulBackward0>)"
    y.backward()
    assert repr(y) == "Value(data=-6.0, grad=1.0, grad_fn=<MulBackward0>)"
    assert repr(a) == "Value(data=2.0, grad=-3.0, label='a')"
    assert repr(Value(1.0, requires_grad=False)) == "Value(data=1.0, requires_grad=False)"
    assert repr(y.grad_fn) == f"<MulBackward0 object at {id(y.grad_fn):#x}>"


def test_saved_values_use_pytorch_attribute_names_and_are_freed():
    x, w = Value(2.0), Value(3.0)
    y = x * w
    assert y.grad_fn._saved_self is x and y.grad_fn._saved_other is w
    e = x.exp()
    assert e.grad_fn._saved_result == e.data
    p = x**3
    assert p.grad_fn._saved_exponent == 3 and isinstance(p.grad_fn._saved_exponent, int)
    y.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        y.grad_fn._saved_self
    with pytest.raises(AttributeError):
        y.grad_fn._saved_nothing


def test_calling_a_node_applies_the_chain_rule_once():
    x, w = Value(2.0), Value(3.0)
    y = x * w
    assert y.grad_fn(1.0) == (3.0, 2.0)
    assert (x * 2).grad_fn(1.0) == (2.0, None)
    assert (x**2).grad_fn(1.0) == 4.0  # one input: a bare value, as in PyTorch
    assert x.grad == 0.0  # it touches no .grad
    with pytest.raises(TypeError, match="argument 0 is not a Variable"):
        y.grad_fn("1")
    with pytest.raises(TypeError, match="expected 1 arguments, got 0 instead"):
        y.grad_fn()


# -- the classic teaching graphs -------------------------------------------------------------


def neuron():
    x1, x2, w1, w2 = Value(2.0), Value(0.0), Value(-3.0), Value(1.0)
    b = Value(6.8813735870195432)
    n = x1 * w1 + x2 * w2 + b
    return n.tanh(), (x1, x2, w1, w2, b), n


def test_tanh_neuron_matches_the_hand_derivation():
    o, (x1, x2, w1, w2, b), n = neuron()
    o.backward()
    dn = 1 - math.tanh(n.data) ** 2  # do/dn, by hand
    assert o.data == pytest.approx(1 / math.sqrt(2))
    assert (x1.grad, x2.grad, w1.grad, w2.grad, b.grad) == pytest.approx(
        (w1.data * dn, w2.data * dn, x1.data * dn, x2.data * dn, dn)
    )
    assert n.grad == pytest.approx(dn)  # inner nodes keep their grads, for the pictures


def test_a_value_used_twice_accumulates():
    a = Value(3.0)
    b = a + a
    b.backward()
    assert a.grad == 2.0
    a, b = Value(-2.0), Value(3.0)
    d, e = a * b, a + b
    f = d * e
    f.backward()
    assert a.grad == pytest.approx(b.data * e.data + d.data)
    assert b.grad == pytest.approx(a.data * e.data + d.data)


def test_deep_chain_of_a_million_ops_goes_both_ways():
    x = Value(1.0)
    y = x
    n = 500_000  # two ops per step: a million nodes
    for _ in range(n):
        y = y * 1.0000001 + 0.5
    y.backward()
    assert x.grad == pytest.approx(1.0000001**n, rel=1e-9)
    assert len(toposort([y])) == 2 * n


def test_graph_is_freed_by_reference_counting_alone():
    gc.disable()
    try:
        x = Value(1.0)
        y = (x * 2).tanh() + x
        probe = weakref.ref(y.grad_fn)
        y.grad_fn.next_functions  # makes the leaf's AccumulateGrad
        del y
        assert probe() is None  # no cycle held it
    finally:
        gc.enable()


# -- backward semantics ----------------------------------------------------------------------


def test_leaf_grads_accumulate_across_calls_and_inner_grads_do_not():
    x = Value(2.0)
    y = x * x
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad == 8.0 and y.grad == 1.0


def test_second_backward_raises_only_if_something_was_saved():
    x = Value(2.0)
    y = x * 3
    y.backward()
    with pytest.raises(RuntimeError) as err:
        y.backward()
    assert str(err.value) == SECOND_BACKWARD
    z = x + 1  # AddBackward0 saves nothing: PyTorch lets it run again
    z.backward()
    z.backward()
    assert x.grad == 3.0 + 2.0


def test_backward_with_a_gradient_and_from_several_roots():
    x = Value(3.0)
    y, z = x * 2, x * x
    backward([y, z], [1.0, 0.5])
    assert x.grad == 2 + 0.5 * 6


def test_backward_on_something_without_grad_raises_pytorch_error():
    with pytest.raises(RuntimeError, match="element 0 of tensors does not require grad"):
        Value(1.0, requires_grad=False).backward()
    with no_grad():
        y = Value(1.0) * 2
    with pytest.raises(RuntimeError, match="does not have a grad_fn"):
        y.backward()


def test_observer_sees_every_node_once_in_order():
    o, _, _ = neuron()
    steps = []
    backward([o], observer=steps.append)
    assert [s.node.name() for s in steps] == [
        "TanhBackward0",
        "AddBackward0",
        "AddBackward0",
        "MulBackward0",
        "MulBackward0",
    ]
    first = steps[0]
    assert first.upstream == 1.0 and first.contributions == (first.local[0],)
    assert steps[-1].grads == tuple(v.grad for v in steps[-1].inputs)


# -- grad mode -------------------------------------------------------------------------------


def test_grad_mode_switches():
    x = Value(1.0)
    with no_grad():
        assert (x * 2).grad_fn is None
        with enable_grad():
            assert (x * 2).grad_fn is not None
    with set_grad_enabled(False):
        assert not (x * 2).requires_grad
    assert (x * 2).requires_grad

    @no_grad()
    def f(v):
        return v * 2

    assert f(x).grad_fn is None and (x * 2).grad_fn is not None
    assert not (Value(1.0, requires_grad=False) * x.detach()).requires_grad


# -- higher order ----------------------------------------------------------------------------


@given(st.floats(-2, 2, allow_nan=False))
@settings(max_examples=30, deadline=None)
def test_grad_with_create_graph_differentiates_again(a):
    x = Value(a)
    (d1,) = grad([x**3], [x], create_graph=True)
    (d2,) = grad([d1], [x], create_graph=True)
    (d3,) = grad([d2], [x])
    assert close(d1.data, 3 * a * a, 1e-12) and close(d2.data, 6 * a, 1e-9) and close(d3, 6.0)

    def first(t: float) -> float:
        v = Value(t)
        return grad([v.tanh() * v.sin() / (v * v + 1)], [v])[0]

    y = Value(a)
    (t1,) = grad([y.tanh() * y.sin() / (y * y + 1)], [y], create_graph=True)
    (t2,) = grad([t1], [y])
    assert close(t1.data, first(a), 1e-12) and close(t2, central(first, a), 1e-4)


def test_grad_leaves_dot_grad_alone_and_reports_unreached_inputs():
    x, y = Value(2.0), Value(5.0)
    gx, gy = grad([x * x], [x, y])
    assert (gx, gy, x.grad) == (4.0, None, 0.0)


# -- numeric edges: PyTorch's answers, not Python's exceptions -------------------------------

EDGES = [  # (forward, at, expected value, expected grad) from the reference's table
    (lambda x: 1 / x, 0.0, math.inf, -math.inf),
    (lambda x: x / 0, 1.0, math.inf, math.inf),
    (lambda x: x / 0, 0.0, math.nan, math.inf),
    (lambda x: x.log(), 0.0, -math.inf, math.inf),
    (lambda x: x.log(), -1.0, math.nan, -1.0),
    (lambda x: x.sqrt(), -1.0, math.nan, math.nan),
    (lambda x: x**0.5, 0.0, 0.0, math.inf),
    (lambda x: x**0, 0.0, 1.0, 0.0),
    (lambda x: x**x, 0.0, 1.0, 0.0),
    (lambda x: x**2, 0.0, 0.0, 0.0),
    (lambda x: x**-1, 0.0, math.inf, -math.inf),
    (lambda x: x.relu(), 0.0, 0.0, 0.0),
    (lambda x: x.abs(), 0.0, 0.0, 0.0),
    (lambda x: (x * x).sqrt(), 0.0, 0.0, math.nan),
    (lambda x: x.tanh(), 20.0, 1.0, 0.0),
    (lambda x: x.sigmoid(), -1000.0, 0.0, 0.0),
    (lambda x: x.exp(), 1000.0, math.inf, math.inf),
    (lambda x: x.exp(), -1000.0, 0.0, 0.0),
    (lambda x: x.exp().log(), 1000.0, math.inf, math.nan),
    (lambda x: x * 0, math.inf, math.nan, 0.0),
    (lambda x: x.sqrt() * 0, 0.0, 0.0, math.nan),
    (lambda x: x.sin(), math.inf, math.nan, math.nan),
]


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


@pytest.mark.parametrize("i", range(len(EDGES)))
def test_numeric_edges_follow_pytorch(i):
    f, at, value, gradient = EDGES[i]
    x = Value(at)
    y = f(x)
    y.backward()
    assert same(y.data, value) and same(x.grad, gradient), (y.data, x.grad)


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["1", None, [1.0], 1j])
def test_bad_data_is_a_clear_type_error(bad):
    with pytest.raises(TypeError, match="Value\\(\\) data must be a real number"):
        Value(bad)
    with pytest.raises(TypeError, match="unsupported operand"):
        Value(1.0) + bad


def test_op_table_names_are_unique_per_key_and_every_op_has_formulas():
    for op in [*OPS.values(), *NARY.values()]:
        assert op.name.endswith(("Backward0", "Backward1", "Backward2"))
        assert op.expr and op.dlocal


def test_grad_runs_only_the_nodes_that_lead_to_its_inputs():
    x = Value(2.0)
    h = (x * 3).exp()
    y = h * h
    backward([h])  # frees the saved values of the nodes below h
    (gh,) = grad([y], [h])  # as in PyTorch, grad stops at h and does not need them
    assert gh == pytest.approx(2 * h.data)


def test_backward_restores_the_cycle_collector_as_it_found_it():
    import tinygrad_edu as torch

    was = gc.isenabled()
    try:
        for start in (True, False):
            (gc.enable if start else gc.disable)()
            x = Value(2.0)
            y = x * 3
            y.backward()
            assert gc.isenabled() is start
            with pytest.raises(RuntimeError):
                y.backward()  # a pass that fails part-way restores it too
            assert gc.isenabled() is start
            t = torch.tensor([1.0, 2.0], requires_grad=True)
            (t * t).sum().backward()
            assert gc.isenabled() is start
    finally:
        (gc.enable if was else gc.disable)()


# -- the graph's public face and micrograd's names ------------------------------------------


def test_a_node_shows_its_inputs_slots_result_and_saved_values():
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    fn = c.grad_fn
    assert fn.inputs == (a, b) and fn.differentiable_inputs == (a, b)
    assert fn.result == -6.0
    assert fn.saved_values() == {"_saved_self": a, "_saved_other": b}
    r = 2.0 - a  # rsub: the number is an input but not a slot
    assert r.grad_fn.inputs == (a, 2.0) and r.grad_fn.differentiable_inputs == (a,)
    c.backward()
    assert fn.saved_values()["_saved_self"] is a  # still readable for pictures after backward


def test_accumulator_is_the_leafs_node_once_a_graph_reaches_it():
    from tinygrad_edu.core.engine import accumulator

    a = Value(1.0)
    assert accumulator(a) is None
    y = a * 2
    ag = y.grad_fn.next_functions[0][0]
    assert accumulator(a) is ag and ag.variable is a


def test_micrograd_names_prev_op_and_backward():
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    d = c + a
    e = d**2
    o = e.tanh()
    assert (a._op, c._op, d._op, e._op, o._op) == ("", "*", "+", "**2", "tanh")
    assert d._prev == {c, a} and a._prev == set()
    assert ((a - b)._op, (a / b)._op, a.relu()._op, a.exp()._op) == ("-", "/", "ReLU", "exp")
    # the lecture's manual backprop: grad 1 at the top, _backward() in reverse topological order
    o.grad = 1.0
    for v in (o, e, d, c, a, b):
        v._backward()
    manual = (a.grad, b.grad)
    a2, b2 = Value(2.0), Value(-3.0)
    ((a2 * b2 + a2) ** 2).tanh().backward()
    assert manual == (a2.grad, b2.grad)


def test_your_own_op_is_an_op_entry_and_apply_and_is_drawn_and_traced_like_the_rest():
    import viz
    from tinygrad_edu.core.engine import apply
    from tinygrad_edu.core.ops import Op

    cube = Op(
        key="cube",
        name="CubeBackward",
        forward=lambda a: a**3,
        local=lambda a, out: (3 * a * a,),
        expr="cube({0})",
        dlocal=("3*{0}**2",),
        saved={"_saved_self": 0},
    )
    x = Value(2.0, label="x")
    y = apply(cube, (x,))
    assert (y.data, y.grad_fn.name(), type(y.grad_fn).__name__) == (
        8.0,
        "CubeBackward",
        "CubeBackward",
    )
    assert y.grad_fn._saved_self is x and y._op == "cube"
    step = viz.trace(y).steps[0]
    assert x.grad == 12.0 and step.inputs[0].local_formula == "d(cube(x))/dx = 3*x**2"
    assert "CubeBackward" in viz.draw(y).source
    wrong = Op(key="cube", name="CubeBackward", forward=lambda a: a**3,
               local=lambda a, out: (2 * a,), expr="cube({0})", dlocal=("2*{0}",))  # fmt: skip
    from tinygrad_edu import gradcheck

    assert gradcheck(lambda v: apply(cube, (v,)), Value(1.5))
    with pytest.raises(Exception, match="Jacobian mismatch"):
        gradcheck(lambda v: apply(wrong, (v,)), Value(1.5))


def test_backward_takes_a_number_as_its_gradient_and_nothing_else():
    y = Value(2.0) * 3
    for bad in ("2", None, True, [1.0]):
        with pytest.raises(TypeError, match="gradient must be a number"):
            y.backward(bad)
    y.backward(2)  # an int is a number
    assert y.grad_fn.inputs[0].grad == 6.0


def test_a_huge_integer_exponent_is_infinite_in_forward_and_backward():
    x = Value(2.0)
    y = x ** (10**400)
    y.backward()
    assert y.data == math.inf and x.grad == math.inf


def test_grad_with_create_graph_returns_values_even_for_a_constant_gradient():
    from tinygrad_edu.core.gradients import grad

    x = Value(3.0)
    (g,) = grad([x * 2.0], [x], create_graph=True)
    assert isinstance(g, Value) and g.data == 2.0
    (h,) = grad([x * x], [x], create_graph=True)
    assert isinstance(h, Value) and h.data == 6.0 and h.grad_fn is not None
