"""Tensors outside any graph cost their numbers, and a tensor too big for this engine is a
clear error at once, before any memory is taken."""

from __future__ import annotations

import math
import time

import pytest

import tinygrad_edu as torch
from tinygrad_edu._tensor.shape import MAX_ELEMENTS
from tinygrad_edu.core.engine import op_of

TOO_BIG = [
    ("zeros", lambda: torch.zeros(MAX_ELEMENTS + 1)),
    ("randn", lambda: torch.randn(20_000, 20_000)),
    ("broadcast", lambda: torch.ones(10_000, 1) + torch.ones(1, 10_000)),
    ("arange", lambda: torch.arange(10**9)),
    ("linspace", lambda: torch.linspace(0.0, 1.0, 10**8)),
    ("eye", lambda: torch.eye(10**5)),
    ("mm", lambda: torch.ones(5_000, 1) @ torch.ones(1, 5_000)),
]


@pytest.mark.parametrize("make", [m for _, m in TOO_BIG], ids=[n for n, _ in TOO_BIG])
def test_a_tensor_beyond_the_limit_is_refused_at_once(make) -> None:
    torch.zeros(1)  # the namespace loaded before the clock starts
    t0 = time.process_time()
    with pytest.raises(RuntimeError, match="more than tinygrad_edu holds"):
        make()
    assert time.process_time() - t0 < 1.0  # refused before the elements are made


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_an_op_outside_the_graph_gives_the_graphs_numbers(dtype: torch.dtype) -> None:
    a = torch.linspace(-3.0, 3.0, 101, dtype=dtype)
    b = torch.linspace(0.5, 2.0, 101, dtype=dtype)
    with_graph = [a.clone().requires_grad_(), b.clone().requires_grad_()]
    for f in (lambda x, y: x * y + 1.5, lambda x, y: (x / y).tanh(), lambda x, y: x**3 - y.exp()):
        plain, recorded = f(a, b), f(*with_graph)
        assert plain.grad_fn is None and recorded.grad_fn is not None
        assert all(op_of(v) is None and not v.requires_grad for v in plain.flat)
        want = recorded.tolist()
        got = plain.tolist()
        assert [math.copysign(1.0, x) for x in got] == [math.copysign(1.0, x) for x in want]
        assert got == want
        with torch.no_grad():
            assert f(*with_graph).grad_fn is None
            assert f(*with_graph).tolist() == want
