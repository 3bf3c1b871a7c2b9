"""A tensor op computes its numbers first and makes its element Values when asked (``lazy.py``),
and a graph nothing looked into is differentiated on its numbers (``numbers_pass.py``).

Both must be invisible: every grad, every element Value and every node the same, bit for bit,
as the pass over Values gives when the elements are made first. Each program below runs twice
from the same leaves, once as it is and once with its elements made before the backward (which
sends it to the pass over Values), in float32 and float64; Hypothesis draws more programs.
"""

from __future__ import annotations

import math
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu.core.ops import OPS

DTYPES = [torch.float32, torch.float64]


def bits(xs: list[float]) -> list[str]:
    return [struct.pack("<d", x).hex() for x in xs]


def leaves(dtype: torch.dtype) -> dict[str, torch.Tensor]:
    torch.manual_seed(0)
    return {
        "a": torch.tensor(-0.1, dtype=dtype, requires_grad=True),
        "b": torch.tensor(0.8, dtype=dtype, requires_grad=True),
        "w": torch.randn(5, dtype=dtype, requires_grad=True),
        "m": torch.randn(3, 5, dtype=dtype, requires_grad=True),
        "col": torch.randn(3, 1, dtype=dtype, requires_grad=True),
        "x": torch.linspace(-math.pi, math.pi, 5, dtype=dtype),
        "y": torch.randn(3, 5, dtype=dtype),
    }


class Legendre3(torch.autograd.Function):
    # "Learning PyTorch with Examples"' own Function
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input**3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input**2 - 1)


PROGRAMS = {
    "custom Function": lambda t: (
        (t["a"] + t["b"] * Legendre3.apply(t["w"] + t["m"] * t["x"]) - t["y"]).pow(2).sum()
    ),
    "polynomial": lambda t: (
        (t["a"] + t["b"] * t["x"] + t["w"] * t["x"] ** 2 + t["w"] * t["x"] ** 3 - t["x"].sin())
        .pow(2)
        .sum()
    ),
    "neuron": lambda t: (t["m"] * t["w"] + t["col"]).tanh().sum(),
    "mse": lambda t: ((t["m"].sigmoid() - t["y"]) ** 2).mean(),
    "relu and exp": lambda t: ((t["m"] * 3.0).relu() + (t["w"] * 0.5).exp()).sum(),
    "division": lambda t: (
        (t["m"] / (t["w"] * t["w"] + 1.0) - 2.0 / (t["col"] * t["col"] + 1.0)).log1p().mean()
    ),
    "a result used twice": lambda t: ((p := t["w"] * t["a"]) * p.abs()).sum(),
    "sum inside": lambda t: (t["m"].sum() * t["w"] + t["b"]).pow(3).sum(),
    "no reduction": lambda t: t["m"] * t["b"] + t["col"].tanh(),
    "broadcast leaf used twice": lambda t: (t["b"] * t["x"] + t["b"] * t["w"]).sum(),
    "leaky and clamp": lambda t: (
        torch.nn.functional.leaky_relu(t["m"] - 0.2, 0.1) + t["m"].clamp(-0.5, 0.5)
    ).sum(),
}


def grads(name: str, dtype: torch.dtype, *, made: bool) -> tuple[list[str], bool]:
    t = leaves(dtype)
    out = PROGRAMS[name](t)
    if made:
        out.elements()  # the graph's Values made first: the pass over Values runs
    if out.numel() == 1:
        out.backward()
    else:
        out.backward(torch.ones_like(out) * 0.5)
    fast = not out.has_elements
    got = []
    for k in ("a", "b", "w", "m", "col"):
        g = t[k].grad
        got += ["-"] if g is None else bits([float(v) for v in g.flatten().tolist()])
        got += bits([v.grad for v in t[k].flat])
    return got, fast


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("name", PROGRAMS)
def test_the_pass_on_numbers_gives_the_grads_of_the_pass_on_values(name, dtype):
    numbers, fast = grads(name, dtype, made=False)
    values, slow = grads(name, dtype, made=True)
    # each ran the pass it was meant to: in float64 the order in which a broadcast input used
    # twice adds its many shares is the Values' pass's own
    assert fast is not (name == "broadcast leaf used twice" and dtype is torch.float64)
    assert not slow
    assert numbers == values


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_elements_made_after_the_pass_are_those_the_op_would_have_made(dtype):
    t = leaves(dtype)
    h = t["m"] * t["w"] + t["col"]
    loss = h.tanh().sum()
    loss.backward(retain_graph=True)
    assert not h.has_elements
    t2 = leaves(dtype)
    h2 = t2["m"] * t2["w"] + t2["col"]
    loss2 = h2.tanh().sum()
    loss2.elements()
    loss2.backward(retain_graph=True)
    for v, v2 in zip(h.flat, h2.flat):  # made now: data, grad, node name and inputs alike
        assert bits([v.data, v.grad]) == bits([v2.data, v2.grad])
        assert v.grad_fn.name() == v2.grad_fn.name() == "AddBackward0"
    assert [type(e[0]).__name__ for e in h.grad_fn.next_functions] == [
        "MulBackward0",
        "AccumulateGrad",
    ]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_a_second_backward_through_freed_numbers_is_pytorchs_error(dtype):
    t = leaves(dtype)
    loss = (t["w"] * t["w"]).sum()
    loss.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second"):
        loss.backward()
    loss2 = (t["w"] * t["w"]).sum()
    loss2.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second"):
        loss2.elements()[0].grad_fn.inputs  # made after the pass: freed as the pass left them
        loss2.backward()


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_printing_and_item_make_no_elements(dtype):
    t = leaves(dtype)
    loss = ((t["m"] - t["y"]) ** 2).mean()
    text, value = repr(loss), loss.item()
    assert not loss.has_elements
    loss.elements()
    assert repr(loss) == text and loss.item() == value


UNARY = ["tanh", "sigmoid", "exp", "relu", "sin", "abs", "neg"]
BINARY = ["add", "sub", "mul", "div"]


@st.composite
def programs(draw):
    steps = draw(st.lists(st.tuples(st.sampled_from(UNARY + BINARY + ["sum", "mean"]),
                                    st.sampled_from(["w", "m", "col", "a", "prev"]),
                                    st.floats(-2, 2, allow_nan=False).map(lambda f: round(f, 2))),
                          min_size=1, max_size=6))  # fmt: skip
    return steps


def run(steps, t):
    prev = t["m"]
    for op, arg, c in steps:
        other = prev if arg == "prev" else t[arg]
        if op in UNARY:
            prev = getattr(prev, op)()
        elif op in ("sum", "mean"):
            prev = getattr(prev, op)() * other  # a reduction broadcast into the next step
        elif op == "div":
            prev = prev / (other * other + 1.0 + abs(c))
        else:
            prev = getattr(prev, op)(other) * c if c else getattr(prev, op)(other)
    return prev.sum()


@settings(max_examples=60, deadline=None)
@given(steps=programs(), dtype=st.sampled_from(DTYPES))
def test_drawn_programs_give_the_same_grads_on_numbers_and_on_values(steps, dtype):
    got = []
    for made in (False, True):
        t = leaves(dtype)
        out = run(steps, t)
        if made:
            out.elements()
        out.backward()
        row = []
        for k in ("a", "w", "m", "col"):
            g = t[k].grad
            row.append(None if g is None else bits([float(v) for v in g.flatten().tolist()]))
        got.append(row)
    assert got[0] == got[1]


def test_every_unary_table_op_on_numbers_matches_its_elements():
    # each op of the table that a tensor method reaches, through both passes, both dtypes
    names = [k for k, op in OPS.items() if op.slots == 1 and not op.params and op.arity == 1]
    checked = 0
    for key in names:
        method = OPS[key].method_name
        for dtype in DTYPES:
            got = []
            for made in (False, True):
                x = torch.tensor([-1.5, -0.5, 0.25, 0.75, 2.0], dtype=dtype, requires_grad=True)
                fn = getattr(x, method, None) if method else None
                if fn is None:
                    break
                try:
                    out = (fn() * 1.5).sum()
                except (RuntimeError, TypeError, ValueError):
                    break
                if made:
                    out.elements()
                out.backward()
                got.append(bits([float(v) for v in x.grad.tolist()]))
            if len(got) == 2:
                assert got[0] == got[1], key
                checked += 1
    assert checked > 40
