"""The gradients of the index writes (index_add, index_copy, index_fill, scatter, scatter_add),
the statistics (cov, corrcoef, aminmax) and the other new arithmetic (exp2, erfc, logit,
sinc, copysign, fmax/fmin, float_power, addmv, addr, sum_to_size) against central differences
in float64, and their float32 grads against the float64 ones. Values, reprs and grad_fn names
are compared with PyTorch's in tests/parity/programs/565_index_writes_stats_more_math.py."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch

F64 = torch.float64


def _c(values, like):
    return torch.tensor(values, dtype=like.dtype)


# each op: a function of one (2, 3) tensor, to a tensor
OPS = {
    "index_add": lambda t: t.index_add(0, torch.tensor([1, 1]), t * t, alpha=0.5),
    "index_add_": lambda t: (t * 1).index_add_(1, torch.tensor([2, 0, 2]), t.exp()),
    "index_copy": lambda t: (t * 2).index_copy(1, torch.tensor([2, 0]), t[:, :2] ** 2),
    "index_fill": lambda t: (t * t).index_fill(1, torch.tensor([1]), t[0, 0] * 3),
    "scatter": lambda t: (t * t).scatter(1, torch.tensor([[2, 0], [1, 2]]), t[:, 1:] * 5),
    "scatter_value": lambda t: (t * t).scatter(0, torch.tensor([[1, 0, 1]]), 2.5),
    "scatter_add": lambda t: t.scatter_add(1, torch.tensor([[0, 0, 1], [2, 2, 2]]), t * t),
    "cov": lambda t: torch.cov(t),
    "cov_weights": lambda t: torch.cov(
        t, fweights=torch.tensor([1, 2, 1]), aweights=_c([0.5, 1.0, 2.0], t)
    ),
    "corrcoef": lambda t: torch.corrcoef(torch.cat([t, t * t], 1)),
    "aminmax": lambda t: torch.aminmax(t, dim=1)[0] * torch.aminmax(t).max,
    "exp2": lambda t: t.exp2(),
    "erfc": lambda t: torch.erfc(t),
    "logit": lambda t: (t * 0.1 + 0.5).logit(),
    "logit_eps": lambda t: torch.logit(t * 0.2 + 0.5, eps=0.25),
    "sinc": lambda t: t.sinc(),
    "copysign": lambda t: t.copysign(_c([[1.0, -1.0, -0.0], [2.0, -3.0, 0.0]], t)),
    "copysign_number": lambda t: torch.copysign(t, -2.0),
    "fmax": lambda t: torch.fmax(t, _c([[0.05, float("nan"), -0.45], [1.05, -2.05, 0.55]], t)),
    "fmin": lambda t: t.fmin(_c([[0.05, float("nan"), -0.45], [1.05, -2.05, 0.55]], t)),
    "float_power": lambda t: t.float_power(3) + (t * t + 1).float_power(t),
    "addmv": lambda t: torch.addmv(t[:, 0], t, t[1], beta=0.5, alpha=2),
    "addr": lambda t: torch.addr(t, t[:, 0], t[1]),
    "sum_to_size": lambda t: (t * t).sum_to_size(1, 3) * 2,
}


def _weighted(out):
    return [0.5 + 0.25 * i for i in range(out.numel())]


def _scalar(fn, data, dtype=F64):
    out = fn(torch.tensor(data, dtype=dtype).reshape(2, 3))
    return float(sum(w * v for w, v in zip(_weighted(out), out.reshape(-1).tolist())))


def _grad(fn, xs, dtype):
    t = torch.tensor(xs, dtype=dtype).reshape(2, 3).requires_grad_()
    out = fn(t)
    w = torch.tensor(_weighted(out), dtype=out.dtype)
    (out.reshape(-1) * w).sum().backward()
    return t.grad


# distinct numbers, each at least 0.013 from every kink of the ops (0, the fmax/fmin
# partners) and from each other: every derivative is two-sided
POINTS = st.lists(st.integers(-20, 20), unique=True, min_size=6, max_size=6).map(
    lambda ks: [k / 10 + 0.013 for k in ks]
)


@pytest.mark.parametrize("name", sorted(OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_gradient_agrees_with_central_differences(name, xs):
    fn = OPS[name]
    got = _grad(fn, xs, F64).reshape(-1).tolist()
    h = 1e-6
    for i in range(6):
        hi, lo = list(xs), list(xs)
        hi[i] += h
        lo[i] -= h
        numeric = (_scalar(fn, hi) - _scalar(fn, lo)) / (2 * h)
        assert math.isclose(got[i], numeric, rel_tol=1e-4, abs_tol=1e-5), (name, i, got, numeric)


@pytest.mark.parametrize("name", sorted(OPS))
def test_float32_grads_are_float32_and_near_the_float64_ones(name):
    xs = [-1.487, 0.213, 0.913, -0.387, 1.613, 0.513]
    g32, g64 = _grad(OPS[name], xs, torch.float32), _grad(OPS[name], xs, F64)
    assert g32.dtype is torch.float32
    for a, b in zip(g32.reshape(-1).tolist(), g64.reshape(-1).tolist()):
        assert math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-5), (name, a, b)


def test_histc_counts_as_an_independent_count_does():
    data = [0.0, 0.3, 0.5, 0.99, 1.0, 1.2, 2.0, -0.1, 2.5]
    got = torch.histc(torch.tensor(data), bins=4, min=0, max=2).tolist()
    want = [0.0] * 4
    for x in data:
        if 0 <= x <= 2:
            want[min(int(x / 0.5), 3)] += 1
    assert got == want


def test_an_inplace_comparison_keeps_the_dtype_and_gives_zero_grads():
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    y = x * 1
    y.gt_(0)
    assert y.tolist() == [1.0, 0.0, 1.0] and y.grad_fn.name() == "GtBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 0.0]
