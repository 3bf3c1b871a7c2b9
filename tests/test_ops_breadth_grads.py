"""The gradients of the non-elementwise ops (selection, reductions, scans, matrices, linalg)
against central differences, in float64, on random inputs."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch

F64 = torch.float64

# each op: a function of one (2, 3) or (3, 3) float64 tensor, to a tensor
OPS = {
    "where": (lambda t: torch.where(t > 0.5, t * t, 0.3 * t), (2, 3)),
    "clamp": (lambda t: t.clamp(-1.0, 1.5), (2, 3)),
    "sort": (lambda t: t.sort(dim=1).values, (2, 3)),
    "topk": (lambda t: t.topk(2, dim=1).values, (2, 3)),
    "amax": (lambda t: t.amax(1), (2, 3)),
    "prod_dim": (lambda t: t.prod(1), (2, 3)),
    "sum_dims": (lambda t: t.sum(dim=(0, 1)), (2, 3)),
    "var": (lambda t: t.var(1), (2, 3)),
    "std_mean": (lambda t: torch.std_mean(t, 0)[0] + torch.std_mean(t, 0)[1], (2, 3)),
    "logsumexp": (lambda t: torch.logsumexp(t, 1), (2, 3)),
    "cumsum": (lambda t: t.cumsum(1), (2, 3)),
    "cumprod": (lambda t: t.cumprod(0), (2, 3)),
    "trace": (lambda t: t.trace(), (3, 3)),
    "triu": (lambda t: t.triu(1) * t, (3, 3)),
    "diagonal": (lambda t: t.diagonal(-1), (3, 3)),
    "bmm": (lambda t: torch.bmm(t.reshape(1, 3, 3), t.T.reshape(1, 3, 3)), (3, 3)),
    "mv": (lambda t: torch.mv(t, t[0]), (3, 3)),
    "solve": (lambda t: torch.linalg.solve(t + 4 * torch.eye(3, dtype=F64), t[1]), (3, 3)),
    "inv": (lambda t: torch.linalg.inv(t + 4 * torch.eye(3, dtype=F64)), (3, 3)),
    "det": (lambda t: torch.linalg.det(t), (3, 3)),
    "repeat": (lambda t: t.repeat(2, 1) * t.repeat_interleave(2, dim=0), (2, 3)),
    "remainder": (lambda t: t % 1.7, (2, 3)),
}


def _scalar(fn, data, shape):
    t = torch.tensor(data, dtype=F64).reshape(*shape)
    out = fn(t)
    weights = [0.5 + 0.25 * i for i in range(out.numel())]
    return float(sum(w * v for w, v in zip(weights, out.reshape(-1).tolist())))


# distinct numbers, each at least 0.013 from every kink of the ops (0, 0.5, -1, 1.5, the
# multiples of 1.7) and from each other: every derivative is two-sided
def _points(n: int) -> st.SearchStrategy[list[float]]:
    ints = st.lists(st.integers(-30, 30), unique=True, min_size=n, max_size=n)
    return ints.map(lambda ks: [k / 10 + 0.013 for k in ks])


@pytest.mark.parametrize("name", sorted(OPS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_gradient_agrees_with_central_differences(name, data):
    fn, shape = OPS[name]
    n = math.prod(shape)
    xs = data.draw(_points(n))
    t = torch.tensor(xs, dtype=F64).reshape(*shape).requires_grad_()
    out = fn(t)
    weights = torch.tensor([0.5 + 0.25 * i for i in range(out.numel())], dtype=F64)
    (out.reshape(-1) * weights).sum().backward()
    h = 1e-6
    for i in range(n):
        hi, lo = list(xs), list(xs)
        hi[i] += h
        lo[i] -= h
        numeric = (_scalar(fn, hi, shape) - _scalar(fn, lo, shape)) / (2 * h)
        got = t.grad.reshape(-1).tolist()[i]
        assert math.isclose(got, numeric, rel_tol=1e-4, abs_tol=1e-5), (name, i, got, numeric)
