"""The multi-class margin losses, RReLU, the alpha dropouts and gumbel_softmax: values, grads,
grad_fn names, reprs and errors against PyTorch 2.13's (stored below, made by real PyTorch), and
the gradients against central differences in float64. Whole programs:
tests/parity/programs/610_*.py and after."""

from __future__ import annotations

import pytest
from central_differences import assert_agrees_with_central_differences
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling

nn = torch.nn
X = [[0.1, 0.2, 0.4, 0.8], [0.5, -0.3, 0.2, 0.1], [-1.25, 0.75, 0.3, 0.9]]
Y = [3, 0, 1]
YM = [[3, 0, -1, 1], [1, 2, 3, -1], [2, -1, 0, 0]]
W = [1.0, 2.0, 0.5, 1.5]
MARGIN_CASES = {
    "mm_mean": lambda x: F.multi_margin_loss(x, torch.tensor(Y)),
    "mm_none_p2_w": lambda x: F.multi_margin_loss(
        x,
        torch.tensor(Y),
        p=2,
        margin=0.7,
        weight=torch.tensor(W, dtype=x.dtype),
        reduction="none",
    ),
    "mm_sum": lambda x: F.multi_margin_loss(x, torch.tensor(Y), margin=1.3, reduction="sum"),
    "ml_mean": lambda x: F.multilabel_margin_loss(x, torch.tensor(YM)),
    "ml_none": lambda x: F.multilabel_margin_loss(x, torch.tensor(YM), reduction="none"),
    "ml_sum": lambda x: F.multilabel_margin_loss(x, torch.tensor(YM), reduction="sum"),
}
# made by PyTorch 2.13: (loss.tolist(), x.grad.tolist()) after (loss * [1, 2, ...]).sum().backward()
MARGIN_TORCH = {
    ("mm_mean", "float32"): (
        0.375,
        [
            [0.0833333358168602, 0.0833333358168602, 0.0833333358168602, -0.25],
            [-0.25, 0.0833333358168602, 0.0833333358168602, 0.0833333358168602],
            [0.0, -0.1666666716337204, 0.0833333358168602, 0.0833333358168602],
        ],
    ),
    ("mm_none_p2_w", "float32"): (
        [0.03749999776482582, 0.0624999925494194, 0.39249998331069946],
        [
            [0.0, 0.07499998807907104, 0.22499999403953552, -0.29999998211860657],
            [-0.6999999284744263, 0.0, 0.3999999761581421, 0.29999998211860657],
            [0.0, -3.299999713897705, 0.75, 2.549999952316284],
        ],
    ),
    ("mm_sum", "float32"): (
        1.7249999046325684,
        [[0.25, 0.25, 0.25, -0.75], [-0.75, 0.25, 0.25, 0.25], [0.0, -0.5, 0.25, 0.25]],
    ),
    ("ml_mean", "float32"): (
        0.9125000238418579,
        [
            [-0.1666666716337204, 0.1666666716337204, 0.1666666716337204, -0.1666666716337204],
            [0.25, -0.0833333358168602, -0.0833333358168602, -0.0833333358168602],
            [0.0, 0.0833333358168602, -0.1666666716337204, 0.0833333358168602],
        ],
    ),
    ("ml_none", "float32"): (
        [0.8500000238418579, 1.125, 0.762499988079071],
        [[-0.5, 0.5, 0.5, -0.5], [1.5, -0.5, -0.5, -0.5], [0.0, 0.75, -1.5, 0.75]],
    ),
    ("ml_sum", "float32"): (
        2.737499952316284,
        [[-0.5, 0.5, 0.5, -0.5], [0.75, -0.25, -0.25, -0.25], [0.0, 0.25, -0.5, 0.25]],
    ),
    ("mm_mean", "float64"): (
        0.375,
        [
            [0.08333333333333333, 0.08333333333333333, 0.08333333333333333, -0.25],
            [-0.25, 0.08333333333333333, 0.08333333333333333, 0.08333333333333333],
            [0.0, -0.16666666666666666, 0.08333333333333333, 0.08333333333333333],
        ],
    ),
    ("mm_none_p2_w", "float64"): (
        [0.03749999999999998, 0.062499999999999986, 0.39249999999999996],
        [
            [0.0, 0.07499999999999994, 0.22499999999999995, -0.2999999999999999],
            [-0.7, 0.0, 0.39999999999999997, 0.29999999999999993],
            [0.0, -3.3, 0.7499999999999998, 2.55],
        ],
    ),
    ("mm_sum", "float64"): (
        1.725,
        [[0.25, 0.25, 0.25, -0.75], [-0.75, 0.25, 0.25, 0.25], [0.0, -0.5, 0.25, 0.25]],
    ),
    ("ml_mean", "float64"): (
        0.9125,
        [
            [-0.16666666666666666, 0.16666666666666666, 0.16666666666666666, -0.16666666666666666],
            [0.25, -0.08333333333333333, -0.08333333333333333, -0.08333333333333333],
            [0.0, 0.08333333333333333, -0.16666666666666666, 0.08333333333333333],
        ],
    ),
    ("ml_none", "float64"): (
        [0.8500000000000001, 1.125, 0.7625],
        [[-0.5, 0.5, 0.5, -0.5], [1.5, -0.5, -0.5, -0.5], [0.0, 0.75, -1.5, 0.75]],
    ),
    ("ml_sum", "float64"): (
        2.7375,
        [[-0.5, 0.5, 0.5, -0.5], [0.75, -0.25, -0.25, -0.25], [0.0, 0.25, -0.5, 0.25]],
    ),
}


@pytest.mark.parametrize("key", sorted(MARGIN_TORCH))
def test_margin_losses_give_pytorchs_bits_and_grads(key):
    name, dt = key
    x = torch.tensor(X, dtype=getattr(torch, dt), requires_grad=True)
    loss = MARGIN_CASES[name](x)
    weights = torch.arange(1.0, loss.numel() + 1, dtype=x.dtype).reshape(loss.shape)
    (loss * weights).sum().backward()
    assert (loss.tolist(), x.grad.tolist()) == MARGIN_TORCH[key]
    assert loss.dtype is x.dtype and x.grad.dtype is x.dtype
    node = "MultiMarginLossBackward0" if name[:2] == "mm" else "MultilabelMarginLossBackward0"
    assert loss.grad_fn.name() == node
    assert loss.grad_fn.next_functions[0][0].variable is x


def test_margin_losses_shapes_of_one_sample():
    x = torch.tensor([0.1, 0.2, 0.4], requires_grad=True)
    # PyTorch: a 1-element target keeps the 'none' loss 1-d, a 0-d one makes it 0-d
    assert F.multi_margin_loss(x, torch.tensor([1]), reduction="none").shape == (1,)
    assert F.multi_margin_loss(x, torch.tensor(1), reduction="none").shape == ()
    assert F.multilabel_margin_loss(x, torch.tensor([1, -1, 0]), reduction="none").shape == ()
    assert F.multi_margin_loss(x, torch.tensor([1])).item() == pytest.approx(0.7, rel=1e-7)


RAISES = [
    (lambda x: F.multi_margin_loss(x, torch.tensor([4, 0, 1])), RuntimeError,
     "target out of range"),
    (lambda x: F.multi_margin_loss(x, torch.tensor([1, 0])), RuntimeError,
     r"multi_margin_loss: target tensor should be 1-D with size equal to the number of input "
     r"samples \(batch size\). Expected target size \[3\], but got \[2\]. Input has shape "
     r"\[3, 4\]."),
    (lambda x: F.multi_margin_loss(x, torch.tensor([1.0, 0.0, 1.0])), RuntimeError,
     "expected scalar type Long but found Float"),
    (lambda x: F.multi_margin_loss(x, torch.tensor(Y), p=3), ValueError,
     "only p == 1 and p == 2 supported"),
    (lambda x: F.multi_margin_loss(x, torch.tensor(Y), weight=torch.ones(2, 2)), ValueError,
     "weight must be one-dimensional"),
    (lambda x: F.multi_margin_loss(x, torch.tensor(Y), weight=torch.ones(3)), RuntimeError,
     r"inconsistent weight size, expected 4 but got \[3\]"),
    (lambda x: F.multi_margin_loss(x, torch.tensor(Y), reduction="avg"), ValueError,
     "avg is not a valid value for reduction"),
    (lambda x: F.multi_margin_loss(torch.ones(2, 2, 2), torch.tensor([1, 0])), RuntimeError,
     r"Expected non-empty vector or matrix with optional 0-dim batch size, but got: \[2, 2, 2\]"),
    (lambda x: F.multilabel_margin_loss(x, torch.tensor(YM) + 1), RuntimeError,
     "argument #2 'target' is out of range"),
    (lambda x: F.multilabel_margin_loss(x, torch.tensor(Y)), RuntimeError,
     r"inconsistent target size: \[3\] for input of size: \[3, 4\]"),
    (lambda x: F.triplet_margin_with_distance_loss(x, x, x, margin=0), ValueError,
     "margin must be greater than 0, got 0"),
    (lambda x: F.triplet_margin_with_distance_loss(x, x, x[0]), RuntimeError,
     "The anchor, positive, and negative tensors are expected to have the same number of "
     "dimensions, but got: anchor 2D, positive 2D, and negative 1D inputs"),
    (lambda x: nn.TripletMarginWithDistanceLoss(margin=-1), ValueError,
     "TripletMarginWithDistanceLoss: expected margin to be greater than 0, got -1 instead"),
    (lambda x: nn.MultiMarginLoss(weight=torch.ones(2, 2)), ValueError,
     "MultiMarginLoss: expected weight to be None or 1D tensor, got 2D instead"),
]  # fmt: skip


@pytest.mark.parametrize("i", range(len(RAISES)))
def test_margin_losses_refuse_as_pytorch(i):
    fn, kind, message = RAISES[i]
    with pytest.raises(kind, match=message):
        fn(torch.tensor(X, requires_grad=True))


def test_margin_loss_modules_as_pytorch():
    assert repr(nn.MultiMarginLoss(p=2, margin=0.5)) == "MultiMarginLoss()"
    assert repr(nn.MultiLabelMarginLoss()) == "MultiLabelMarginLoss()"
    m = nn.MultiMarginLoss(weight=torch.ones(3))
    assert list(m.state_dict()) == ["weight"]
    t = nn.TripletMarginWithDistanceLoss()
    assert repr(t) == "TripletMarginWithDistanceLoss(\n  (distance_function): PairwiseDistance()\n)"
    x = torch.tensor(X, dtype=torch.float64, requires_grad=True)
    # made by PyTorch 2.13 (float64)
    loss = t(x, x.flip(0), x * 0.5 + 1)
    assert loss.item() == pytest.approx(0.4227290578304946, rel=1e-12)
    assert loss.grad_fn.name() == "MeanBackward0"
    cos = nn.TripletMarginWithDistanceLoss(
        distance_function=lambda u, v: 1 - F.cosine_similarity(u, v), margin=0.5, swap=True,
        reduction="none",
    )  # fmt: skip
    out = cos(x, x.flip(0), x * 0.5 + 1)
    assert out.tolist() == pytest.approx(
        [0.8341500225745628, 0.01902900957871445, 0.857911148957622], rel=1e-12
    )
    assert out.grad_fn.name() == "ClampMinBackward0"
    assert all(type(v) is float for v in out.tolist())


# distinct numbers in (-2, 2), each away from the losses' kinks by more than the step
POINTS = st.lists(st.integers(-18, 18), unique=True, min_size=12, max_size=12).map(
    # each number its own offset too: no two differ by a multiple of 0.1 (a margin's kink)
    lambda ks: [k / 10 + 0.0137 + 0.003 * i for i, k in enumerate(ks)]
)
GRAD_OPS = {
    "multi_margin": lambda t: F.multi_margin_loss(t, torch.tensor(Y), reduction="none"),
    "multi_margin_p2": lambda t: F.multi_margin_loss(
        t, torch.tensor(Y), p=2, margin=0.65, weight=torch.tensor(W, dtype=t.dtype)
    ),
    "multilabel_margin": lambda t: F.multilabel_margin_loss(t, torch.tensor(YM), reduction="none"),
    "triplet_distance": lambda t: F.triplet_margin_with_distance_loss(
        t[:2], t[1:], t.flip(0)[:2], margin=2.0, swap=True, reduction="none"
    ),
}


@pytest.mark.parametrize("name", sorted(GRAD_OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_gradient_agrees_with_central_differences(name, xs):
    shape = (3, 4)
    assert_agrees_with_central_differences(
        name, GRAD_OPS[name], xs, h=1e-7, rel_tol=1e-4, abs_tol=1e-5, shape=shape
    )
