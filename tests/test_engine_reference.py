"""The scalar engine against its two references: micrograd 0.1.0 and PyTorch (float64).

micrograd's own two engine tests run with both Value classes, then random graphs built from
the ops both engines have. Skipped when the reference is not installed.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tinygrad_edu import Value

# micrograd's own tests (micrograd/test/test_engine.py), written once over any Value class.


def sanity_check(V):
    x = V(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    return [y.data], [x.grad]


def more_ops(V):
    a = V(-4.0)
    b = V(2.0)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    g.backward()
    return [g.data], [a.grad, b.grad]


# Random graphs over the ops micrograd 0.1.0 has: + - * / **k relu and unary minus.
OPS = [
    lambda a, b: a + b,
    lambda a, b: a - b,
    lambda a, b: a * b,
    lambda a, b: a / (b * b + 1),  # never divides by zero
    lambda a, b: a.relu() + b,
    lambda a, b: -a * 0.5 + 2 * b,
    lambda a, b: (a * 0.1) ** 2 + b**3 * 0.01,
    lambda a, b: 1 - a + 3 / (b * b + 2),
]
recipes = st.lists(
    st.tuples(st.integers(0, len(OPS) - 1), st.integers(0, 10**6), st.integers(0, 10**6)),
    min_size=1,
    max_size=40,
)
starts = st.lists(st.floats(-2, 2, allow_nan=False), min_size=2, max_size=5)


def run_random(V, xs, recipe):
    leaves = [V(x) for x in xs]
    nodes = list(leaves)
    for k, i, j in recipe:
        nodes.append(OPS[k](nodes[i % len(nodes)], nodes[j % len(nodes)]))
    out = nodes[-1]
    for n in nodes[len(leaves) :]:
        out = out + n * 0.01  # every node takes part, some several times
    out.backward()
    return [out.data], [v.grad for v in leaves]


def agree(ours, theirs, rel=1e-9):
    for a, b in zip(ours[0] + ours[1], theirs[0] + theirs[1]):
        assert math.isclose(a, b, rel_tol=rel, abs_tol=1e-9), (ours, theirs)


@pytest.fixture(scope="module")
def MgValue():
    return pytest.importorskip("micrograd.engine").Value


@pytest.mark.parametrize("program", [sanity_check, more_ops])
def test_micrograd_own_tests_give_the_same_values_and_grads(MgValue, program):
    agree(program(Value), program(MgValue))


@given(starts, recipes)
@settings(max_examples=60, deadline=None)
def test_random_graphs_agree_with_micrograd(xs, recipe):
    mg = pytest.importorskip("micrograd.engine")
    agree(run_random(Value, xs, recipe), run_random(mg.Value, xs, recipe), rel=1e-7)


def test_deep_graph_works_where_micrograd_recursion_fails(MgValue):
    def chain(V, n):
        x = V(1.0)
        y = x
        for _ in range(n):
            y = y * 1.0 + 0.0
        y.backward()
        return x.grad

    assert chain(Value, 5_000) == 1.0
    with pytest.raises(RecursionError):
        chain(MgValue, 5_000)


# -- PyTorch, in float64 so the comparison is exact to rounding ------------------------------


class TorchValue:
    """Just enough of a micrograd Value over a 0-d float64 torch tensor to run the programs."""

    def __init__(self, data, t=None):
        import torch

        self.t = (
            torch.tensor(float(data), dtype=torch.float64, requires_grad=True) if t is None else t
        )
        if t is None:
            self.leaf = self.t

    def _w(self, t):
        return TorchValue(None, t)

    @staticmethod
    def _u(o):
        return o.t if isinstance(o, TorchValue) else o

    data = property(lambda s: s.t.item())
    grad = property(lambda s: s.t.grad.item() if s.t.grad is not None else 0.0)
    __add__ = lambda s, o: s._w(s.t + s._u(o))
    __radd__ = lambda s, o: s._w(s._u(o) + s.t)
    __sub__ = lambda s, o: s._w(s.t - s._u(o))
    __rsub__ = lambda s, o: s._w(s._u(o) - s.t)
    __mul__ = lambda s, o: s._w(s.t * s._u(o))
    __rmul__ = lambda s, o: s._w(s._u(o) * s.t)
    __truediv__ = lambda s, o: s._w(s.t / s._u(o))
    __rtruediv__ = lambda s, o: s._w(s._u(o) / s.t)
    __pow__ = lambda s, o: s._w(s.t ** s._u(o))
    __neg__ = lambda s: s._w(-s.t)
    relu = lambda s: s._w(s.t.relu())
    backward = lambda s: s.t.backward()


@pytest.mark.parity
@pytest.mark.parametrize("program", [sanity_check, more_ops])
def test_micrograd_programs_agree_with_pytorch(program):
    pytest.importorskip("torch")
    agree(program(Value), program(TorchValue))


@pytest.mark.parity
@given(starts, recipes)
@settings(max_examples=40, deadline=None)
def test_random_graphs_agree_with_pytorch(xs, recipe):
    pytest.importorskip("torch")
    agree(run_random(Value, xs, recipe), run_random(TorchValue, xs, recipe), rel=1e-9)


UNARY = ["exp", "log", "tanh", "relu", "sigmoid", "sin", "cos", "sqrt", "abs", "reciprocal"]


@pytest.mark.parity
@pytest.mark.parametrize("method", UNARY)
def test_unary_ops_and_names_agree_with_pytorch(method):
    torch = pytest.importorskip("torch")
    rng = random.Random(method)
    points = [0.0, -0.0, 1.0, -1.0, 1e-3, 50.0, -50.0, math.inf, -math.inf]
    points += [rng.uniform(-5, 5) for _ in range(20)]
    for p in points:
        x = Value(p)
        y = getattr(x, method)()
        y.backward()
        t = torch.tensor(p, dtype=torch.float64, requires_grad=True)
        u = getattr(t, method)()
        u.backward()
        assert y.grad_fn.name() == u.grad_fn.name()
        for ours, theirs in ((y.data, u.item()), (x.grad, t.grad.item())):
            assert (math.isnan(ours) and math.isnan(theirs)) or math.isclose(
                ours, theirs, rel_tol=1e-12, abs_tol=1e-300
            ), (method, p, ours, theirs)


@pytest.mark.parity
def test_binary_and_reflected_ops_agree_with_pytorch():
    torch = pytest.importorskip("torch")
    exprs = {
        "a + b": lambda a, b: a + b, "a - b": lambda a, b: a - b, "a * b": lambda a, b: a * b,
        "a / b": lambda a, b: a / b, "a ** b": lambda a, b: a**b, "1 - a": lambda a, b: 1 - a,
        "a - 1": lambda a, b: a - 1, "2 * a": lambda a, b: 2 * a, "a / 2": lambda a, b: a / 2,
        "2 / a": lambda a, b: 2 / a, "2 ** a": lambda a, b: 2**a, "a ** 2": lambda a, b: a**2,
        "a ** 0.5": lambda a, b: a**0.5, "a ** -1": lambda a, b: a**-1, "a ** 0": lambda a, b: a**0,
        "-a": lambda a, b: -a, "1 + a": lambda a, b: 1 + a,
    }  # fmt: skip
    points = [(2.0, 3.0), (0.0, 0.0), (-2.0, 2.0), (0.0, 2.0), (3.0, -1.5), (0.0, -1.0)]
    for expr, f in exprs.items():
        for pa, pb in points:
            a, b = Value(pa), Value(pb)
            y = f(a, b)
            y.backward()
            ta = torch.tensor(pa, dtype=torch.float64, requires_grad=True)
            tb = torch.tensor(pb, dtype=torch.float64, requires_grad=True)
            u = f(ta, tb)
            u.backward()
            assert y.grad_fn.name() == u.grad_fn.name(), expr
            assert len(y.grad_fn.next_functions) == len(u.grad_fn.next_functions), expr
            got = [y.data, a.grad, b.grad]
            want = [u.item()] + [t.grad.item() if t.grad is not None else 0.0 for t in (ta, tb)]
            for g, w in zip(got, want):
                assert (math.isnan(g) and math.isnan(w)) or math.isclose(g, w, rel_tol=1e-12), (
                    expr,
                    pa,
                    pb,
                    got,
                    want,
                )
