"""The gradients of the ranking, embedding and likelihood losses against central differences
in float64, and their float32 grads against the float64 ones. Values, reprs and grad_fn names
are compared with PyTorch's in tests/parity/programs/569_nn_more_losses.py."""

from __future__ import annotations

import math

import pytest
from central_differences import assert_agrees_with_central_differences, weighted_grad
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling

F64 = torch.float64


def _c(values, like):
    return torch.tensor(values, dtype=like.dtype)


Y = [1.0, -1.0, 1.0, 1.0, -1.0, -1.0]
# each loss: a function of one tensor of 6 numbers, to a tensor
OPS = {
    "margin_ranking": lambda t: F.margin_ranking_loss(t, t.flip(0) * 0.5, _c(Y, t), 0.3),
    "hinge_embedding": lambda t: F.hinge_embedding_loss(t, _c(Y, t), 1.5, reduction="none"),
    "soft_margin": lambda t: F.soft_margin_loss(t, _c(Y, t), reduction="sum"),
    "cosine_embedding": lambda t: F.cosine_embedding_loss(
        t.reshape(2, 3), t.reshape(2, 3).flip(1) + 0.5, _c([1.0, -1.0], t), 0.05, reduction="none"
    ),
    "poisson_nll": lambda t: F.poisson_nll_loss(t, _c([0.0, 1.0, 3.0, 2.0, 5.0, 1.0], t)),
    "poisson_nll_rates": lambda t: F.poisson_nll_loss(
        t * t + 0.5, _c([0.0, 1.0, 3.0, 2.0, 5.0, 1.0], t), log_input=False, full=True
    ),
    "gaussian_nll": lambda t: F.gaussian_nll_loss(t, t.flip(0), t * t + 0.2, reduction="none"),
    "multilabel_soft_margin": lambda t: F.multilabel_soft_margin_loss(
        t.reshape(2, 3),
        _c([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], t),
        _c([1.0, 2.0, 0.5], t),
        reduction="none",
    ),
    "triplet_margin": lambda t: F.triplet_margin_loss(
        t.reshape(2, 3),
        t.reshape(2, 3).flip(0),
        t.reshape(2, 3) * 0.5 + 1,
        margin=2.0,
        reduction="none",
    ),
}


# distinct numbers in (-2, 2), each away from the kinks of the margins by more than the step
POINTS = st.lists(st.integers(-18, 18), unique=True, min_size=6, max_size=6).map(
    lambda ks: [k / 10 + 0.0137 for k in ks]
)


@pytest.mark.parametrize("name", sorted(OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_gradient_agrees_with_central_differences(name, xs):
    assert_agrees_with_central_differences(name, OPS[name], xs, h=1e-7, rel_tol=1e-4, abs_tol=1e-5)


@pytest.mark.parametrize("name", sorted(OPS))
def test_float32_grads_are_float32_and_near_the_float64_ones(name):
    xs = [-1.487, 0.213, 0.913, -0.387, 1.613, 0.513]
    g32, g64 = weighted_grad(OPS[name], xs, torch.float32), weighted_grad(OPS[name], xs, F64)
    assert g32.dtype is torch.float32
    for a, b in zip(g32.tolist(), g64.tolist()):
        assert math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-5), (name, a, b)


def test_multilabel_soft_margin_loss_is_pytorchs():
    # made by PyTorch 2.13 in float64 (the whole program: 602_nn_multilabel_soft_margin.py)
    x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype=F64, requires_grad=True)
    y = torch.tensor([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], dtype=F64)
    w = torch.tensor([1.0, 2.0, 0.5], dtype=F64)
    none = F.multilabel_soft_margin_loss(x, y, w, reduction="none")
    assert none.tolist() == pytest.approx([0.38802145491267964, 1.307242540265963], rel=1e-15)
    assert none.grad_fn.name() == "DivBackward0"
    loss = torch.nn.MultiLabelSoftMarginLoss()(x, y)
    loss.backward()
    assert loss.item() == 0.763081731119633
    assert x.grad.tolist() == [
        [-0.0629234447996909, 0.04482357022833251, -0.019867153670352924],
        [0.1362624126989406, 0.09369608348096636, -0.1131964498625655],
    ]
    with pytest.raises(ValueError, match="avg is not valid"):
        F.multilabel_soft_margin_loss(x, y, reduction="avg")
