"""The special functions (lgamma, digamma, erfinv, acosh) against independent computations,
and the gradients of the new ops of ``_special_ops`` against central differences in float64
(their float32 grads near the float64 ones). Values, reprs and grad_fn names are compared with
PyTorch's in tests/parity/programs/568_special_functions_misc.py."""

from __future__ import annotations

import math

import pytest
from central_differences import assert_agrees_with_central_differences, weighted_grad
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu._special_ops import digamma_number, erfinv_number, trigamma_number

F64 = torch.float64


@settings(max_examples=60, deadline=None)
@given(x=st.floats(-20, 60).filter(lambda v: v > 0.05 or abs(v - round(v)) > 0.05))
def test_digamma_and_trigamma_are_the_derivatives_of_lgamma(x):
    h = 1e-5
    d = (math.lgamma(x + h) - math.lgamma(x - h)) / (2 * h)
    assert math.isclose(digamma_number(x), d, rel_tol=1e-6, abs_tol=1e-6)
    d2 = (digamma_number(x + h) - digamma_number(x - h)) / (2 * h)
    assert math.isclose(trigamma_number(x), d2, rel_tol=1e-5, abs_tol=1e-5)


@settings(max_examples=60, deadline=None)
@given(y=st.floats(-0.999999, 0.999999))
def test_erfinv_inverts_erf(y):
    assert math.isclose(math.erf(erfinv_number(y)), y, rel_tol=1e-14, abs_tol=1e-15)


@pytest.mark.parametrize("x", [0.0, 0.5, -1.5, 3.0, 12.0])
def test_i0_is_the_integral_that_defines_it(x):
    from tinygrad_edu._tensor_extras import i0_number, i1_number

    # I0(x) = 1/pi * integral_0^pi exp(x cos t) dt (Simpson's rule); I1 = I0'
    n = 2000
    h = math.pi / n
    s = sum((1 if k in (0, n) else 4 if k % 2 else 2) * math.exp(x * math.cos(k * h))
            for k in range(n + 1))  # fmt: skip
    assert math.isclose(i0_number(x), s * h / 3 / math.pi, rel_tol=1e-12)
    d = (i0_number(x + 1e-6) - i0_number(x - 1e-6)) / 2e-6
    assert math.isclose(i1_number(x), d, rel_tol=1e-6, abs_tol=1e-9)


def _c(values, like):
    return torch.tensor(values, dtype=like.dtype)


# each op: a function of one (2, 3) tensor of numbers in (-2, 2), to a tensor
OPS = {
    "lgamma": lambda t: (t + 2.5).lgamma(),
    "digamma": lambda t: torch.digamma(t + 2.5),
    "erfinv": lambda t: (t * 0.4).erfinv(),
    "acosh": lambda t: torch.acosh(t + 3),
    "logaddexp2": lambda t: torch.logaddexp2(t, t.flip(1) * 2),
    "logcumsumexp": lambda t: torch.logcumsumexp(t, 1),
    "ldexp": lambda t: torch.ldexp(t, _c([[1.0, 2.0, -1.0], [0.0, 3.0, 0.5]], t)),
    "renorm": lambda t: t.renorm(2, 0, 1.5) * _c([1.0, 2.0, 3.0], t),
    "diag_embed": lambda t: torch.diag_embed(t, offset=1) * 3,
    "diagflat": lambda t: t.diagflat(-1) * 2,
    "masked_scatter": lambda t: (t * 2).masked_scatter(
        torch.tensor([[True, False, True], [False, True, False]]), t.flip(0) ** 2
    ),
    "index_put": lambda t: (t * 1).index_put(
        (torch.tensor([0, 1, 0]),), t[1] ** 2, accumulate=True
    ),
    "narrow_copy": lambda t: t.narrow_copy(1, 1, 2) ** 2,
    "addbmm": lambda t: torch.addbmm(
        t.reshape(3, 2), t.reshape(2, 3, 1), t.reshape(2, 1, 3)[:, :, :2]
    ),
    "baddbmm": lambda t: torch.baddbmm(
        t.reshape(2, 3, 1), t.reshape(2, 3, 1), t.reshape(2, 1, 3), beta=0.5
    ),
    "unfold": lambda t: t.unfold(1, 2, 1) * t.unfold(1, 2, 1).flip(-1),
    "slice_scatter": lambda t: torch.slice_scatter(t * 2, t[:, :1] ** 2, 1, 1, 2),
    "select_scatter": lambda t: (t * 2).select_scatter(t[1] ** 2, 0, 0),
    "diagonal_scatter": lambda t: torch.diagonal_scatter(t * 2, t[0, :2] ** 3),
    "mvlgamma": lambda t: torch.mvlgamma(t + 3, 2),
    "i0": lambda t: torch.i0(t),
}


POINTS = st.lists(st.integers(-18, 18), unique=True, min_size=6, max_size=6).map(
    lambda ks: [k / 10 + 0.013 for k in ks]
)


@pytest.mark.parametrize("name", sorted(OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_gradient_agrees_with_central_differences(name, xs):
    assert_agrees_with_central_differences(
        name, OPS[name], xs, h=1e-6, rel_tol=1e-4, abs_tol=1e-5, shape=(2, 3)
    )


@pytest.mark.parametrize("name", sorted(OPS))
def test_float32_grads_are_float32_and_near_the_float64_ones(name):
    xs = [-1.487, 0.213, 0.913, -0.387, 1.613, 0.513]
    g32, g64 = (
        weighted_grad(OPS[name], xs, torch.float32, shape=(2, 3)),
        weighted_grad(OPS[name], xs, F64, shape=(2, 3)),
    )
    assert g32.dtype is torch.float32
    for a, b in zip(g32.reshape(-1).tolist(), g64.reshape(-1).tolist()):
        assert math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-5), (name, a, b)


def test_fill_diagonal_writes_the_diagonal_and_wraps_a_tall_matrix():
    z = torch.zeros(7, 3).fill_diagonal_(1.0, wrap=True)
    want = [[1.0 if (r * 3 + c) % 4 == 0 else 0.0 for c in range(3)] for r in range(7)]
    assert z.tolist() == want
    assert torch.zeros(7, 3).fill_diagonal_(1.0).sum().item() == 3
