"""The backward pass's specialised loop does exactly what the general chain rule does.

``engine.run_pass`` has a fast loop with the hottest ops (+ - * tanh relu, sums and weighted
sums) written out; with an observer every step goes through ``graph.chain_rule``. Random
graphs, built twice from the same recipe, must get the same grads bit for bit either way, and
the same as ``engine.grad``.
"""

from __future__ import annotations

import math
import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from tinygrad_edu.core.engine import Value, affine, apply, backward, toposort, vdot, vsum
from tinygrad_edu.core.gradients import grad
from tinygrad_edu.core.ops import NARY, OPS, affine_sum

NUMBERS = st.one_of(
    st.floats(-3, 3, allow_nan=False),
    st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.0, math.inf, -math.inf, math.nan]),
)
UNARY = ["tanh", "relu", "exp", "sigmoid", "neg", "abs", "sin", "square", "silu"]
BINARY = ["+", "-", "*", "/"]
PARAMS = ["leaky_relu", "clamp", "clamp_min", "rsub", "pow", "hardtanh"]
STEP = st.one_of(
    st.tuples(st.just("unary"), st.sampled_from(UNARY), st.integers(0, 99)),
    st.tuples(st.just("binary"), st.sampled_from(BINARY), st.integers(0, 99), st.integers(0, 99)),
    st.tuples(st.just("const"), st.sampled_from(BINARY), st.integers(0, 99), NUMBERS),
    st.tuples(st.just("sum"), st.lists(st.integers(0, 99), min_size=1, max_size=5)),
    st.tuples(st.just("dot"), st.lists(st.integers(0, 99), min_size=2, max_size=6)),
    st.tuples(st.just("affine"), st.lists(st.integers(0, 99), min_size=3, max_size=7)),
    # a layer: neurons sharing one inputs tuple (engine.affine), weights and biases picked
    st.tuples(
        st.just("layer"),
        st.lists(st.integers(0, 99), min_size=1, max_size=4),
        st.lists(st.lists(st.integers(0, 99), min_size=5, max_size=5), min_size=1, max_size=3),
    ),
    # ops with constant inputs after the differentiable one: one (two inputs), two (three)
    st.tuples(st.just("param"), st.sampled_from(PARAMS), st.integers(0, 99), NUMBERS, NUMBERS),
    st.tuples(st.just("pow"), st.integers(0, 99), st.integers(0, 99)),  # two slots, no lists
)


def build(
    leaves: list[float], steps: list[tuple], *, flat: bool = False
) -> tuple[list[Value], Value]:
    """The graph ``steps`` describe; ``flat``: a layer's neurons each through ``apply``."""
    xs = [Value(v, label=f"x{i}") for i, v in enumerate(leaves)]
    pool: list[Value] = list(xs)
    pick = lambda i: pool[i % len(pool)]
    neurons: dict[tuple, tuple] = {}
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
    ops["/"] = lambda a, b: a / b
    for step in steps:
        kind = step[0]
        if kind == "unary":
            out = getattr(pick(step[2]), step[1])()
        elif kind == "binary":
            out = ops[step[1]](pick(step[2]), pick(step[3]))
        elif kind == "const":
            out = ops[step[1]](pick(step[2]), step[3])
        elif kind == "param":
            op = OPS[step[1]]
            params = (step[3], step[4])[: len(op.params)]
            out = apply(op, (pick(step[2]), *params))
        elif kind == "pow":
            out = apply(OPS["powt"], (pick(step[1]), pick(step[2])))
        elif kind == "sum":
            out = vsum(pick(i) for i in step[1])
        elif kind == "dot":
            half = len(step[1]) // 2
            out = vdot(
                [pick(i) for i in step[1][:half]], [pick(i) for i in step[1][half : 2 * half]]
            )
        elif kind == "layer":
            xs_ = tuple(float(i) if i % 3 == 1 else pick(i) for i in step[1])
            outs = []
            for picks in step[2]:
                wb = (*[pick(i) for i in picks[: len(xs_)]], pick(picks[-1]))
                wb = neurons.setdefault(wb, wb)  # a neuron called again keeps its tuple
                if flat:
                    outs.append(apply(NARY["affine"], (*wb[:-1], *xs_, wb[-1])))
                else:
                    numbers = [x.data if isinstance(x, Value) else x for x in xs_]
                    result = affine_sum([w.data for w in wb[:-1]], numbers, wb[-1].data)
                    outs.append(affine(wb, xs_, result))
            pool.extend(outs)
            continue
        else:  # a weighted sum w·x + b, half of it numbers as a first layer's inputs are
            n = (len(step[1]) - 1) // 2
            ws = [pick(i) for i in step[1][:n]]
            ins = [float(i) if i % 2 else pick(i) for i in step[1][n : 2 * n]]
            out = apply(NARY["affine"], (*ws, *ins, pick(step[1][-1])))
        pool.append(out)
    # the last made first: the search then meets each op before the ops it was made from
    return xs, vsum(pool[: len(xs) - 1 : -1]) if len(pool) > len(xs) else vsum(xs)


def bits(x: float) -> bytes:
    # a nan's sign and payload mean nothing (x86 makes -nan for 0*inf): every nan is one here
    return b"nan" if x != x else struct.pack("<d", x)


@settings(max_examples=150, deadline=None)
@given(st.lists(NUMBERS, min_size=1, max_size=4), st.lists(STEP, min_size=1, max_size=25))
def test_the_fast_loop_equals_the_general_chain_rule(leaves, steps):
    xs_fast, root_fast = build(leaves, steps)
    backward([root_fast])
    xs_general, root_general = build(leaves, steps)
    seen = []
    backward([root_general], observer=seen.append)  # every step through graph.chain_rule
    assert seen and [bits(x.grad) for x in xs_fast] == [bits(x.grad) for x in xs_general]
    xs_grad, root_grad = build(leaves, steps)
    got = grad([root_grad], xs_grad)
    assert [bits(0.0 if g is None else g) for g in got] == [bits(x.grad) for x in xs_general]
    # a layer's neurons made by engine.affine (one shared inputs tuple) or each by apply: the
    # same search order, the same grads
    xs_flat, root_flat = build(leaves, steps, flat=True)
    order = [(v.grad_fn.name(), bits(v.data)) for v in toposort([root_flat])]
    assert order == [(v.grad_fn.name(), bits(v.data)) for v in toposort([root_fast])]
    backward([root_flat])
    assert [bits(x.grad) for x in xs_flat] == [bits(x.grad) for x in xs_general]


def test_a_negative_zero_gradient_keeps_its_sign_as_in_pytorch():
    x = Value(0.0)
    (x * -1.0).backward()  # d/dx (-x) at 0: the first contribution is -1.0 * 1.0
    y = Value(2.0)
    (y * 0.0 * -1.0).backward()  # upstream -1 times 0.0 is -0.0; PyTorch keeps it
    assert bits(y.grad) == bits(-0.0) and x.grad == -1.0
    z = Value(-1.0)
    (z.relu() * -1.0).backward()  # relu's backward masks: exactly +0.0, as PyTorch's
    assert bits(z.grad) == bits(0.0)


def test_the_table_ops_the_fast_loop_writes_out_are_the_ones_it_says():
    fast = {"add", "sub", "mul", "tanh", "relu"}
    assert fast <= set(OPS) and {"sum", "affine"} <= set(NARY)


def test_a_value_that_is_both_a_weight_and_an_input_of_one_weighted_sum():
    # found by the random test: the fast loop must add the slots in the general rule's order
    x = Value(1.137908800487632)
    y = apply(NARY["affine"], (x, x, x, 7.0, x))
    backward([y])
    z = Value(1.137908800487632)
    seen = []
    backward([apply(NARY["affine"], (z, z, z, 7.0, z))], observer=seen.append)
    assert bits(x.grad) == bits(z.grad)
