"""A float32 tensor's elementwise rule run once on vectors gives what each element's own rule
gives, bit for bit.

The pass runs a float32 elementwise node's op-table rule on ``F32s`` (a whole tensor's
numbers, each operation one C rounding loop) instead of once per element on ``F32``. Here
``elementwise_grads`` is held against ``chain_rule`` element by element for every op of the
table, at ordinary numbers and IEEE edges, and whole float32 backward passes against the
observed pass (the trace's), which runs every element's own rule.
"""

from __future__ import annotations

import math
import struct

import pytest

import tinygrad_edu as torch
from tinygrad_edu._tensor.tensor_pass import backward as tensor_backward
from tinygrad_edu._tensor.tensor_rules import elementwise_grads
from tinygrad_edu._torch_cpu.float32_libm import F32, F32s
from tinygrad_edu.core.engine import inputs_of, op_of
from tinygrad_edu.core.graph import chain_rule
from tinygrad_edu.core.ops import OPS

GRID = [0.0, -0.0, 0.3, -0.7, 1.0, -1.0, 2.5, -3.0, 1e-40, 3e38, -3e38, math.inf, -math.inf]
GRID += [math.nan, 0.5, 5.0, -20.0, 88.0, 1.0000001]
UPSTREAM = [1.0, -2.0, 0.0, -0.0, 0.1, math.inf, math.nan, 3e38, 1e-30, -1.5]


def bits(x: float) -> bytes:
    return struct.pack("<f", float(x))


def per_element(op_elems: list[torch.Tensor], g: list[float]) -> list[list[float | None]]:
    got = []
    for v, u in zip(op_elems, g):
        op = op_of(v)
        got.append(list(chain_rule(op, inputs_of(v), v.data, u)))
    return [list(col) for col in zip(*got)]


UNARY = [op.method_name for op in OPS.values() if op.arity == 1 and op.method_name]
UNARY = [name for name in UNARY if hasattr(torch.Tensor, name)]
BINARY = ["add", "sub", "mul", "div"]


@pytest.mark.parametrize("key", UNARY)
def test_a_unary_rule_on_vectors_is_each_elements_rule(key: str) -> None:
    n = len(GRID)
    x = torch.tensor(GRID, requires_grad=True)
    y = getattr(x, key)()
    g = (UPSTREAM * 2)[:n]
    got = elementwise_grads(y.grad_fn.elements, g)
    want = per_element(y.grad_fn.elements, g)
    if got is None:  # a rule that branches on its number: each element runs its own
        return
    assert [bits(c) for c in got[0]] == [bits(c) for c in want[0]]


@pytest.mark.parametrize("key", BINARY)
def test_a_binary_rule_on_vectors_is_each_elements_rule(key: str) -> None:
    a = [x for x in GRID for _ in GRID]
    b = [y for _ in GRID for y in GRID]
    ta, tb = torch.tensor(a, requires_grad=True), torch.tensor(b, requires_grad=True)
    y = getattr(ta, key)(tb)
    g = (UPSTREAM * len(a))[: len(a)]
    got = elementwise_grads(y.grad_fn.elements, g)
    assert got is not None
    want = per_element(y.grad_fn.elements, g)
    for k in range(2):
        assert [bits(c) for c in got[k]] == [bits(c) for c in want[k]]


@pytest.mark.parametrize("n", [2, 3, -1, -2, 0, 0.5, 1.5])
def test_pow_on_vectors_is_each_elements_rule(n: float) -> None:
    x = torch.tensor(GRID, requires_grad=True)
    y = x**n
    g = UPSTREAM[:1] * len(GRID)
    got = elementwise_grads(y.grad_fn.elements, g)
    want = per_element(y.grad_fn.elements, g)
    if got is not None:
        assert [bits(c) for c in got[0]] == [bits(c) for c in want[0]]


@pytest.mark.parametrize(
    "make",
    [
        lambda x: x.clamp(-0.1, 2.3),
        lambda x: x.clamp(0.7, 0.2),
        lambda x: x.floor(),
        lambda x: x.relu(),
    ],
    ids=["clamp", "clamp-empty", "floor", "relu"],
)
def test_a_masked_rule_on_vectors_is_each_elements_rule(make) -> None:
    # the slope is a comparison (with the bounds as float32, as the F32 rule sees them)
    x = torch.tensor([*GRID, -0.1, 2.3, 0.2, 0.7], requires_grad=True)
    y = make(x)
    g = (UPSTREAM * 3)[: len(y.grad_fn.elements)]
    got = elementwise_grads(y.grad_fn.elements, g)
    assert got is not None
    want = per_element(y.grad_fn.elements, g)
    assert [bits(c) for c in got[0]] == [bits(c) for c in want[0]]


def test_the_common_rules_run_on_vectors() -> None:
    # the fast path is taken for these (a test that would pass with it never taken is no test)
    x = torch.tensor([0.5, -1.5], requires_grad=True)
    ys = (x * x, x + 2.0, x - x, x / 3.0, x.tanh(), x.exp(), x.sigmoid(), x**2, x**3, -x)
    for y in (*ys, x.relu()):
        assert elementwise_grads(y.grad_fn.elements, [1.0, 1.0]) is not None


def test_f32s_has_no_truth_value() -> None:
    v = F32s.of([1.0, 2.0])
    for probe in (bool, float, lambda v: v == 0, lambda v: v < 0):
        with pytest.raises(TypeError):
            probe(v)
    assert (v * 0.1).values == [float(F32(1.0) * 0.1), float(F32(2.0) * 0.1)]


def _step(dtype: torch.dtype, observed: bool) -> list[list[float]]:
    torch.manual_seed(0)
    x = torch.linspace(-math.pi, math.pi, 300, dtype=dtype)
    w = torch.randn(300, dtype=dtype, requires_grad=True)
    a, b = (torch.tensor(v, dtype=dtype, requires_grad=True) for v in (0.1, -0.7))
    h = (a + b * x + w * x**2).tanh()
    loss = (h * w - x.sin()) ** 2 + h.sigmoid() * w.exp() / (w * w + 1.0)
    loss = (loss + (h * w).relu() * w + w.clamp(-0.3, 0.9) * h).sum()
    seen = (lambda step: None) if observed else None
    tensor_backward([loss], [None], retain_graph=False, observer=seen)
    return [[bits(v) for v in t.grad.tolist()] if t.grad.dim() else [bits(t.grad.item())]
            for t in (w, a, b)]  # fmt: skip


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_a_whole_pass_on_vectors_is_the_observed_pass(dtype: torch.dtype) -> None:
    assert _step(dtype, observed=False) == _step(dtype, observed=True)
