"""torch.distributions: log densities and their gradients, draws, shapes and validation.

The draws themselves are compared with PyTorch's in the parity corpus (247, 304); here they are
checked against what they are made of (the same seed through ``torch.multinomial`` and friends).
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu.distributions import Bernoulli, Categorical, Multinomial, Normal, Uniform

finite = st.floats(-3, 3, allow_nan=False)
scales = st.floats(0.2, 3, allow_nan=False)


def _log_normal(x: float, mu: float, s: float) -> float:
    return -((x - mu) ** 2) / (2 * s * s) - math.log(s) - 0.5 * math.log(2 * math.pi)


@settings(max_examples=60, deadline=None)
@given(finite, finite, scales)
def test_normal_log_prob_and_its_gradient_match_central_differences(x, mu, s):
    loc = torch.tensor(mu, dtype=torch.float64, requires_grad=True)
    scale = torch.tensor(s, dtype=torch.float64, requires_grad=True)
    lp = Normal(loc, scale).log_prob(torch.tensor(x, dtype=torch.float64))
    assert lp.item() == pytest.approx(_log_normal(x, mu, s), rel=1e-12, abs=1e-12)
    lp.backward()
    h = 1e-6
    d_mu = (_log_normal(x, mu + h, s) - _log_normal(x, mu - h, s)) / (2 * h)
    d_s = (_log_normal(x, mu, s + h) - _log_normal(x, mu, s - h)) / (2 * h)
    assert loc.grad.item() == pytest.approx(d_mu, rel=1e-5, abs=1e-6)
    assert scale.grad.item() == pytest.approx(d_s, rel=1e-5, abs=1e-6)


@settings(max_examples=30, deadline=None)
@given(finite, scales, st.integers(0, 2**31))
def test_rsample_is_loc_plus_scale_times_a_standard_draw(mu, s, seed):
    loc = torch.tensor([mu], dtype=torch.float64, requires_grad=True)
    scale = torch.tensor([s], dtype=torch.float64, requires_grad=True)
    torch.manual_seed(seed)
    a = Normal(loc, scale).rsample()
    torch.manual_seed(seed)
    eps = torch.randn(1, dtype=torch.float64).item()
    assert a.item() == mu + eps * s
    a.sum().backward()
    assert (loc.grad.item(), scale.grad.item()) == (1.0, eps)


def test_sample_is_outside_the_graph_and_rsample_inside():
    loc = torch.tensor([0.0], requires_grad=True)
    n = Normal(loc, 1.0)
    assert not n.sample().requires_grad
    assert n.rsample().requires_grad


@pytest.mark.parametrize("shape", [(), (5,), (2, 3)])
def test_shapes(shape):
    n = Normal(torch.zeros(4), torch.ones(4))
    assert n.batch_shape == (4,) and n.event_shape == ()
    assert n.sample(shape).shape == (*shape, 4)
    m = Multinomial(7, torch.tensor([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]]))
    assert m.batch_shape == (3,) and m.event_shape == (2,)
    assert m.sample(shape).shape == (*shape, 3, 2)


@pytest.mark.parametrize("sample_shape", [(), (4,), (2, 3)])
def test_multinomial_counts_the_categorical_draws_of_the_same_seed(sample_shape):
    probs = torch.tensor([[0.1, 0.3, 0.6], [0.5, 0.25, 0.25]])
    torch.manual_seed(3)
    counts = Multinomial(5, probs).sample(sample_shape)
    s = math.prod(sample_shape)
    torch.manual_seed(3)
    drawn = torch.multinomial(probs, 5 * s, True).tolist()
    flat = counts.reshape(s, 2, 3).tolist()
    for r, row in enumerate(drawn):
        for i in range(s):
            # toss t of sample i is draw t * s + i
            seen = Counter(row[t * s + i] for t in range(5))
            assert flat[i][r] == [float(seen[k]) for k in range(3)]


def test_categorical_normalises_and_samples_classes():
    c = Categorical(torch.tensor([1.0, 3.0]))
    assert c.probs.tolist() == [0.25, 0.75]
    torch.manual_seed(0)
    got = c.sample((100,)).tolist()
    torch.manual_seed(0)
    assert got == torch.multinomial(torch.tensor([0.25, 0.75]), 100, True).tolist()


def test_bernoulli_from_logits_is_the_sigmoid():
    b = Bernoulli(logits=torch.tensor([-1.0, 0.0, 2.0]))
    assert b.probs.tolist() == torch.sigmoid(torch.tensor([-1.0, 0.0, 2.0])).tolist()


def test_uniform_log_prob_is_minus_log_width_inside_and_minus_inf_outside():
    got = Uniform(0.0, 4.0).log_prob(torch.tensor([1.0, 3.5])).tolist()
    assert got == [-math.log(4.0)] * 2 or got == pytest.approx([-math.log(4.0)] * 2, rel=1e-7)
    outside = Uniform(0.0, 4.0, validate_args=False).log_prob(torch.tensor([5.0]))
    assert outside.tolist() == [-math.inf]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Normal(0.0, 0.0),
        lambda: Normal(torch.tensor([0.0, float("nan")]), 1.0),
        lambda: Bernoulli(probs=-0.1),
        lambda: Uniform(2.0, 2.0),
        lambda: Categorical(torch.tensor([0.5, -0.5])),
        lambda: Bernoulli(0.5, logits=0.0),
        lambda: Normal(0.0, 1.0).log_prob(torch.tensor([1.0, 2.0]).tolist()),
        lambda: Categorical(torch.tensor([0.5, 0.5])).log_prob(torch.tensor(2)),
    ],
)
def test_invalid_parameters_and_values_are_refused(make):
    with pytest.raises(ValueError):
        make()


def test_validation_can_be_turned_off():
    assert Normal(0.0, -1.0, validate_args=False).scale.item() == -1.0


def test_an_unknown_distribution_is_a_missing_attribute():
    with pytest.raises(AttributeError):
        torch.distributions.Dirichlet
