"""The multi-class margin losses, RReLU, the alpha dropouts and gumbel_softmax: values, grads,
grad_fn names, reprs and errors against PyTorch 2.13's (stored below, made by real PyTorch), and
the gradients against central differences in float64. Whole programs:
tests/parity/programs/610_*.py and after."""

from __future__ import annotations

import math
import re

import pytest
from central_differences import assert_agrees_with_central_differences
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling

nn = torch.nn
nan = math.nan  # as the stored PyTorch values print it
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


# -- rrelu, the alpha dropouts, gumbel_softmax: PyTorch's draws after torch.manual_seed(7) ----
XN = [[-1.0, 2.0, -0.5, 0.0], [0.3, -3.0, -2.0, 1.0]]
NOISY_CASES = {
    "rrelu_eval": lambda x: F.rrelu(x),
    "rrelu_train": lambda x: F.rrelu(x, 0.1, 0.6, training=True),
    "alpha_dropout": lambda x: F.alpha_dropout(x, 0.3, training=True),
    "feature_alpha_dropout": lambda x: F.feature_alpha_dropout(
        x.reshape(2, 2, 2), 0.5, training=True
    ),
    "gumbel_softmax": lambda x: F.gumbel_softmax(x, tau=0.7),
    "gumbel_softmax_hard": lambda x: F.gumbel_softmax(x, hard=True, dim=0),
}
# made by PyTorch 2.13: (y.tolist(), x.grad.tolist(), y.grad_fn.name()) after
# (y * [1, 2, ...]).sum().backward()
NOISY_TORCH = {
    ("rrelu_eval", "float32"): (
        [
            [-0.2291666716337204, 2.0, -0.1145833358168602, 0.0],
            [0.30000001192092896, -0.6875, -0.4583333432674408, 1.0],
        ],
        [
            [0.2291666716337204, 2.0, 0.6875, 0.9166666865348816],
            [5.0, 1.375, 1.6041667461395264, 8.0],
        ],
        "RreluWithNoiseBackward0",
    ),
    ("rrelu_train", "float32"): (
        [
            [-0.23969022929668427, 2.0, -0.11842343211174011, 0.0],
            [0.30000001192092896, -1.2850326299667358, -1.12252938747406, 1.0],
        ],
        [
            [0.23969022929668427, 2.0, 0.7105405926704407, 2.1241860389709473],
            [5.0, 2.5700652599334717, 3.9288527965545654, 8.0],
        ],
        "RreluWithNoiseBackward0",
    ),
    ("alpha_dropout", "float32"): (
        [
            [-0.4068605601787567, 2.175997257232666, -1.059548258781433, 0.4540920555591583],
            [-1.059548258781433, -1.059548258781433, -1.2678132057189941, 1.315044641494751],
        ],
        [
            [0.860952615737915, 1.72190523147583, 0.0, 3.44381046295166],
            [0.0, 0.0, 6.026668548583984, 6.88762092590332],
        ],
        "AddBackward0",
    ),
    ("feature_alpha_dropout", "float32"): (
        [
            [[-0.10721093416213989, 2.5520036220550537], [0.3359915018081665, 0.7791939377784729]],
            [
                [-0.7791939377784729, -0.7791939377784729],
                [-0.7791939377784729, -0.7791939377784729],
            ],
        ],
        [
            [0.8864048719406128, 1.7728097438812256, 2.659214496612549, 3.545619487762451],
            [0.0, 0.0, 0.0, 0.0],
        ],
        "AddBackward0",
    ),
    ("gumbel_softmax", "float32"): (
        [
            [0.012962503358721733, 0.9750271439552307, 0.002025074325501919, 0.009985329583287239],
            [0.06492619216442108, 0.0009394389344379306, 0.04178052395582199, 0.8923538327217102],
        ],
        [
            [
                -0.01868514157831669,
                -0.012582644820213318,
                0.0028668297454714775,
                0.02840065397322178,
            ],
            [-0.2561395764350891, -0.002364113926887512, -0.04545493423938751, 0.30395883321762085],
        ],
        "SoftmaxBackward0",
    ),
    ("gumbel_softmax_hard", "float32"): (
        [[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]],
        [
            [-0.8700156807899475, -0.004699418321251869, -0.9862106442451477, -0.6877740025520325],
            [0.8700157999992371, 0.00469927815720439, 0.9862103462219238, 0.6877740025520325],
        ],
        "AddBackward0",
    ),
    ("rrelu_eval", "float64"): (
        [
            [-0.22916666666666666, 2.0, -0.11458333333333333, 0.0],
            [0.3, -0.6875, -0.4583333333333333, 1.0],
        ],
        [
            [0.22916666666666666, 2.0, 0.6875, 0.9166666666666666],
            [5.0, 1.375, 1.6041666666666665, 8.0],
        ],
        "RreluWithNoiseBackward0",
    ),
    ("rrelu_train", "float64"): (
        [
            [-0.239690214953202, 2.0, -0.11842342841294141, 0.0],
            [0.3, -1.285032645882302, -1.1225293674529873, 1.0],
        ],
        [
            [0.239690214953202, 2.0, 0.7105405704776485, 2.124185922835251],
            [5.0, 2.570065291764604, 3.9288527860854554, 8.0],
        ],
        "RreluWithNoiseBackward0",
    ),
    ("alpha_dropout", "float64"): (
        [
            [-0.40686054810929323, 2.175997300629775, -1.0595481589864801, 0.4540920681370629],
            [-1.0595481589864801, -1.0595481589864801, -1.2678131643556494, 1.315044684383419],
        ],
        [
            [0.8609526162463561, 1.7219052324927122, 0.0, 3.4438104649854244],
            [0.0, 0.0, 6.0266683137244925, 6.887620929970849],
        ],
        "AddBackward0",
    ),
    ("feature_alpha_dropout", "float64"): (
        [
            [[-0.10721096414790032, 2.5520037198498953], [0.3359914831850656, 0.7791939305180315]],
            [
                [-0.7791939305180315, -0.7791939305180315],
                [-0.7791939305180315, -0.7791939305180315],
            ],
        ],
        [
            [0.8864048946659319, 1.7728097893318637, 2.6592146839977957, 3.5456195786637275],
            [0.0, 0.0, 0.0, 0.0],
        ],
        "AddBackward0",
    ),
    ("gumbel_softmax", "float64"): (
        [
            [0.012962499659264631, 0.9750271018477614, 0.0020250734782035376, 0.009985325014770615],
            [0.06492619038298315, 0.0009394388196244411, 0.04178052609223234, 0.8923538447051602],
        ],
        [
            [
                -0.018685132600460883,
                -0.01258234009903685,
                0.0028668293373790067,
                0.02840064336211854,
            ],
            [-0.2561395739961853, -0.0023641139279622415, -0.045454945801945, 0.30395863372609155],
        ],
        "SoftmaxBackward0",
    ),
    ("gumbel_softmax_hard", "float64"): (
        [[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]],
        [
            [-0.870015765117293, -0.004699276539231865, -0.9862104628098797, -0.6877739641211095],
            [0.8700157651172928, 0.004699276539231766, 0.9862104628098797, 0.6877739641211102],
        ],
        "AddBackward0",
    ),
}


@pytest.mark.parametrize("key", sorted(NOISY_TORCH))
def test_noisy_functions_draw_pytorchs_numbers(key):
    name, dt = key
    torch.manual_seed(7)
    x = torch.tensor(XN, dtype=getattr(torch, dt), requires_grad=True)
    y = NOISY_CASES[name](x)
    weights = torch.arange(1.0, y.numel() + 1, dtype=x.dtype).reshape(y.shape)
    (y * weights).sum().backward()
    want_y, want_grad, node = NOISY_TORCH[key]
    assert y.dtype is x.dtype and y.grad_fn.name() == node
    if name.startswith("gumbel"):  # exp and log of the engine: within a few ulps of PyTorch's
        eps = 1e-6 if dt == "float32" else 1e-13
        flat = lambda v: torch.tensor(v, dtype=torch.float64).reshape(-1).tolist()
        assert flat(y.tolist()) == pytest.approx(flat(want_y), rel=eps, abs=eps)
        assert flat(x.grad.tolist()) == pytest.approx(flat(want_grad), rel=eps, abs=eps)
    else:
        assert (y.tolist(), x.grad.tolist()) == (want_y, want_grad)


def test_noisy_modules_as_pytorch():
    assert repr(nn.RReLU()) == "RReLU(lower=0.125, upper=0.3333333333333333)"
    assert repr(nn.RReLU(0.1, 0.3, inplace=True)) == "RReLU(lower=0.1, upper=0.3, inplace=True)"
    assert repr(nn.AlphaDropout(0.2)) == "AlphaDropout(p=0.2, inplace=False)"
    assert repr(nn.FeatureAlphaDropout(inplace=True)) == "FeatureAlphaDropout(p=0.5, inplace=True)"
    x = torch.tensor(XN, requires_grad=True)
    m = nn.AlphaDropout(0.3)
    torch.manual_seed(7)
    assert m(x).tolist() == NOISY_TORCH[("alpha_dropout", "float32")][0]
    m.eval()
    assert m(x) is x
    r = nn.RReLU()
    torch.manual_seed(7)
    assert r(x).grad_fn.name() == "RreluWithNoiseBackward0"
    r.eval()
    assert r(x).tolist() == NOISY_TORCH[("rrelu_eval", "float32")][0]


def test_noisy_in_place_forms_and_torch_forms():
    x = torch.tensor(XN, requires_grad=True)
    w = x * 1
    assert F.rrelu(w, inplace=True) is w and w.grad_fn.name() == "RreluWithNoiseBackward1"
    assert F.rrelu_(x * 1).grad_fn.name() == "RreluWithNoiseBackward1"
    z = torch.tensor(XN)
    torch.manual_seed(7)
    assert F.alpha_dropout(z, 0.3, True, inplace=True) is z
    assert z.tolist() == NOISY_TORCH[("alpha_dropout", "float32")][0]
    torch.manual_seed(7)
    got = torch.rrelu(torch.tensor(XN), 0.1, 0.6, True).tolist()
    assert got == NOISY_TORCH[("rrelu_train", "float32")][0]
    torch.manual_seed(7)
    assert torch.alpha_dropout(torch.tensor(XN), 0.3, True).tolist() == z.tolist()
    # p == 1: PyTorch multiplies by a zero tensor (MulBackward0); eval: the input itself
    assert F.alpha_dropout(x, 1.0, training=True).grad_fn.name() == "MulBackward0"
    assert F.alpha_dropout(x, 0.5) is x


NOISY_RAISES = [
    (lambda x: F.rrelu(x, 0.5, 0.1), RuntimeError,
     "Lower bound should be less than or equal to the upper bound"),
    (lambda x: F.alpha_dropout(x, 1.5), ValueError,
     "dropout probability has to be between 0 and 1, but got 1.5"),
    (lambda x: nn.AlphaDropout(-0.1), ValueError,
     r"dropout probability has to be between 0 and 1, but got -0.1"),
    (lambda x: F.feature_alpha_dropout(x[0], 0.5, True), RuntimeError,
     "Feature dropout requires at least 2 dimensions in the input"),
]  # fmt: skip


@pytest.mark.parametrize("i", range(len(NOISY_RAISES)))
def test_noisy_functions_refuse_as_pytorch(i):
    fn, kind, message = NOISY_RAISES[i]
    with pytest.raises(kind, match=message):
        fn(torch.tensor(XN, requires_grad=True))


def _seeded(fn):
    """``fn`` with the generator reset first: the same draws at every point."""

    def run(t):
        torch.manual_seed(3)
        return fn(t)

    return run


NOISY_GRAD_OPS = {
    "rrelu_eval": lambda t: F.rrelu(t, 0.2, 0.4),
    "rrelu_train": _seeded(lambda t: F.rrelu(t, 0.2, 0.4, training=True)),
    "alpha_dropout": _seeded(lambda t: F.alpha_dropout(t, 0.4, training=True)),
    "feature_alpha_dropout": _seeded(lambda t: F.feature_alpha_dropout(t, 0.4, training=True)),
    "gumbel_softmax": _seeded(lambda t: F.gumbel_softmax(t, tau=0.8)),
}


@pytest.mark.parametrize("name", sorted(NOISY_GRAD_OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_noisy_gradients_agree_with_central_differences(name, xs):
    assert_agrees_with_central_differences(
        name, NOISY_GRAD_OPS[name], xs, h=1e-7, rel_tol=1e-4, abs_tol=1e-5, shape=(3, 4)
    )


def test_hard_gumbel_softmax_passes_the_soft_samples_gradient():
    # its value is a one-hot (no derivative); its grad is the soft sample's (straight through)
    grads = []
    for hard in (False, True):
        x = torch.tensor(X, dtype=torch.float64, requires_grad=True)
        torch.manual_seed(5)
        y = F.gumbel_softmax(x, tau=0.5, hard=hard)
        (y * torch.arange(1.0, 13.0, dtype=x.dtype).reshape(3, 4)).sum().backward()
        grads.append(x.grad.reshape(-1).tolist())
        if hard:
            assert y.sum(1).tolist() == [1.0, 1.0, 1.0] and set(y.reshape(-1).tolist()) <= {0, 1}
            assert y.grad_fn.name() == "AddBackward0"
    assert grads[0] == pytest.approx(grads[1], abs=1e-15)


# -- lp_pool, max_unpool, max_pool*_with_indices --------------------------------------------
XP = [[[0.5, -1.0, 2.0, 0.25, 1.5, -0.75], [1.0, 0.3, -0.2, 0.8, -1.1, 0.6]]]


def _unpool2(x):
    y, i = F.max_pool2d(x.reshape(1, 1, 3, 4), 2, stride=1, return_indices=True)
    return F.max_unpool2d(y * 2, i, 2, stride=1)


def _unpool1(x):
    y, i = F.max_pool1d(x, 2, return_indices=True)
    return F.max_unpool1d(y, i, 2, output_size=[7])


POOL_CASES = {
    "lp_pool1d_p2": lambda x: F.lp_pool1d(x, 2, 2),
    "lp_pool1d_p3_stride": lambda x: F.lp_pool1d(x, 3, 3, stride=2),
    "lp_pool2d": lambda x: F.lp_pool2d(x.reshape(1, 3, 4), 2.0, (2, 2), stride=1),
    "lp_pool2d_p1.5_ceil": lambda x: F.lp_pool2d(
        x.reshape(1, 3, 4).abs() + 0.1, 1.5, 2, ceil_mode=True
    ),
    "lp_pool1d_inf": lambda x: F.lp_pool1d(x, float("inf"), 2),
    "max_unpool1d": _unpool1,
    "max_unpool2d": _unpool2,
}
# made by PyTorch 2.13: (y.tolist(), x.grad.tolist(), y.grad_fn.name()) after
# (y * [1, 2, ...]).sum().backward()
POOL_TORCH = {
    ("lp_pool1d_p2", "float32"): (
        [
            [
                [1.1180340051651, 2.015564441680908, 1.6770509481430054],
                [1.0440306663513184, 0.8246211409568787, 1.2529964447021484],
            ]
        ],
        [
            [
                [
                    0.4472135901451111,
                    -0.8944271802902222,
                    1.984555721282959,
                    0.24806946516036987,
                    2.683281421661377,
                    -1.3416407108306885,
                ],
                [
                    3.8313050270080566,
                    1.149391531944275,
                    -1.212678074836731,
                    4.850712299346924,
                    -5.267373561859131,
                    2.873112916946411,
                ],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool1d_p3_stride", "float32"): (
        [[[1.924250602722168, 2.25], [1.0062936544418335, nan]]],
        [
            [
                [
                    0.06751756370067596,
                    0.27007025480270386,
                    2.6605281829833984,
                    0.02469136007130146,
                    0.888888955116272,
                    0.0,
                ],
                [2.9625916481018066, 0.2666332423686981, nan, nan, nan, 0.0],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool2d", "float32"): (
        [
            [
                [2.015564441680908, 2.5617377758026123, 2.269912004470825],
                [1.8688231706619263, 1.8472954034805298, 1.630950689315796],
            ]
        ],
        [
            [
                [
                    0.24806946516036987,
                    -1.2768590450286865,
                    4.204714298248291,
                    0.33040928840637207,
                    3.954784870147705,
                    -4.5929274559021,
                ],
                [
                    8.487853050231934,
                    1.500141978263855,
                    -0.4280768930912018,
                    3.8776352405548096,
                    -7.024045467376709,
                    2.207301616668701,
                ],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool2d_p1.5_ceil", "float32"): (
        [[[2.6957032680511475, 2.788684606552124], [1.6065317392349243, 2.4352991580963135]]],
        [
            [
                [
                    0.47178006172180176,
                    -0.6387931704521179,
                    1.7355612516403198,
                    0.7085399031639099,
                    0.7704135775566101,
                    -0.561530590057373,
                ],
                [
                    1.256106972694397,
                    0.7574610114097595,
                    -2.5927894115448,
                    4.490843296051025,
                    -5.6157073974609375,
                    4.28906774520874,
                ],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool1d_inf", "float32"): (
        [[[1.0, 2.0, 1.5], [1.0, 0.800000011920929, 1.100000023841858]]],
        [[[0.0, -1.0, 2.0, 0.0, 3.0, -0.0], [4.0, 0.0, -0.0, 5.0, -6.0, 0.0]]],
        "SqueezeBackward1",
    ),
    ("max_unpool1d", "float32"): (
        [
            [
                [0.5, 0.0, 2.0, 0.0, 1.5, 0.0, 0.0],
                [1.0, 0.0, 0.0, 0.800000011920929, 0.0, 0.6000000238418579, 0.0],
            ]
        ],
        [[[1.0, 0.0, 3.0, 0.0, 5.0, 0.0], [8.0, 0.0, 0.0, 11.0, 0.0, 13.0]]],
        "SqueezeBackward1",
    ),
    ("max_unpool2d", "float32"): (
        [[[[0.0, 0.0, 4.0, 0.0], [3.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0]]]],
        [[[0.0, 0.0, 12.0, 0.0, 20.0, 0.0], [28.0, 0.0, 0.0, 0.0, 0.0, 0.0]]],
        "MaxUnpool2DBackward0",
    ),
    ("lp_pool1d_p2", "float64"): (
        [
            [
                [1.118033988749895, 2.0155644370746373, 1.6770509831248424],
                [1.044030650891055, 0.8246211251235323, 1.252996408614167],
            ]
        ],
        [
            [
                [
                    0.4472135954999579,
                    -0.8944271909999159,
                    1.9845557534273355,
                    0.24806946917841693,
                    2.683281572999748,
                    -1.341640786499874,
                ],
                [
                    3.8313051408846053,
                    1.1493915422653815,
                    -1.2126781251816647,
                    4.850712500726659,
                    -5.267373437486306,
                    2.8731127840834394,
                ],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool1d_p3_stride", "float64"): (
        [[[1.9242505656384024, 2.25], [1.0062936403279168, nan]]],
        [
            [
                [
                    0.0675175637066106,
                    0.2700702548264424,
                    2.6605279328860165,
                    0.02469135802469135,
                    0.8888888888888886,
                    0.0,
                ],
                [2.9625916790812075, 0.2666332511173087, nan, nan, nan, 0.0],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool2d", "float64"): (
        [
            [
                [2.0155644370746373, 2.5617376914898995, 2.2699118925632336],
                [1.8688231591030757, 1.8472953201911166, 1.6309506430300091],
            ]
        ],
        [
            [
                [
                    0.24806946917841693,
                    -1.2768589967156605,
                    4.204714518538013,
                    0.3304093002275449,
                    3.954785058821852,
                    -4.592927430532921,
                ],
                [
                    8.487853105982634,
                    1.5001419713459925,
                    -0.42807688683821354,
                    3.877635395195921,
                    -7.024045431384991,
                    2.2073016221458768,
                ],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool2d_p1.5_ceil", "float64"): (
        [[[2.6957033339192327, 2.7886847682660756], [1.6065317524018252, 2.4352989826380043]]],
        [
            [
                [
                    0.47178005569068415,
                    -0.6387932151620684,
                    1.7355611928550283,
                    0.7085398899784882,
                    0.7704136048426715,
                    -0.5615305836214969,
                ],
                [
                    1.256106971399901,
                    0.7574610037605731,
                    -2.592789271152326,
                    4.490842750955307,
                    -5.615707336053319,
                    4.289067324697191,
                ],
            ]
        ],
        "PowBackward0",
    ),
    ("lp_pool1d_inf", "float64"): (
        [[[1.0, 2.0, 1.5], [1.0, 0.8, 1.1]]],
        [[[0.0, -1.0, 2.0, 0.0, 3.0, -0.0], [4.0, 0.0, -0.0, 5.0, -6.0, 0.0]]],
        "SqueezeBackward1",
    ),
    ("max_unpool1d", "float64"): (
        [[[0.5, 0.0, 2.0, 0.0, 1.5, 0.0, 0.0], [1.0, 0.0, 0.0, 0.8, 0.0, 0.6, 0.0]]],
        [[[1.0, 0.0, 3.0, 0.0, 5.0, 0.0], [8.0, 0.0, 0.0, 11.0, 0.0, 13.0]]],
        "SqueezeBackward1",
    ),
    ("max_unpool2d", "float64"): (
        [[[[0.0, 0.0, 4.0, 0.0], [3.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0]]]],
        [[[0.0, 0.0, 12.0, 0.0, 20.0, 0.0], [28.0, 0.0, 0.0, 0.0, 0.0, 0.0]]],
        "MaxUnpool2DBackward0",
    ),
}


def _flat(v):
    return torch.tensor(v, dtype=torch.float64).reshape(-1).tolist()


@pytest.mark.parametrize("key", sorted(POOL_TORCH))
def test_pools_give_pytorchs_values_and_grads(key):
    name, dt = key
    x = torch.tensor(XP, dtype=getattr(torch, dt), requires_grad=True)
    y = POOL_CASES[name](x)
    weights = torch.arange(1.0, y.numel() + 1, dtype=x.dtype).reshape(y.shape)
    (y * weights).sum().backward()
    want_y, want_grad, node = POOL_TORCH[key]
    assert y.grad_fn.name() == node and y.dtype is x.dtype
    if name.startswith("lp_pool") and dt == "float32":
        # the engine's float32 pow (a double exponent) and avg_pool sums: within 2 ulps
        assert _flat(y.tolist()) == pytest.approx(_flat(want_y), rel=3e-7, nan_ok=True)
        assert _flat(x.grad.tolist()) == pytest.approx(
            _flat(want_grad), rel=3e-7, abs=1e-7, nan_ok=True
        )
    elif name.startswith("lp_pool"):
        assert _flat(y.tolist()) == pytest.approx(_flat(want_y), rel=1e-15, nan_ok=True)
        assert _flat(x.grad.tolist()) == pytest.approx(
            _flat(want_grad), rel=1e-14, abs=1e-15, nan_ok=True
        )
    else:
        assert (y.tolist(), x.grad.tolist()) == (want_y, want_grad)


def test_pool_modules_and_indices_forms_as_pytorch():
    assert (
        repr(nn.MaxUnpool2d(2)) == "MaxUnpool2d(kernel_size=(2, 2), stride=(2, 2), padding=(0, 0))"
    )
    assert repr(nn.MaxUnpool1d(2, stride=1, padding=1)) == (
        "MaxUnpool1d(kernel_size=(2,), stride=(1,), padding=(1,))"
    )
    assert (
        repr(nn.LPPool2d(2, 3))
        == "LPPool2d(norm_type=2, kernel_size=3, stride=None, ceil_mode=False)"
    )
    assert repr(nn.LPPool1d(1.5, 2, stride=1, ceil_mode=True)) == (
        "LPPool1d(norm_type=1.5, kernel_size=2, stride=1, ceil_mode=True)"
    )
    x = torch.arange(16.0).reshape(1, 1, 4, 4).requires_grad_()
    out, idx = F.max_pool2d_with_indices(x, 2)
    assert out.grad_fn.name() == "MaxPool2DWithIndicesBackward0"
    assert idx.tolist() == [[[[5, 7], [13, 15]]]]
    back = nn.MaxUnpool2d(2)(out, idx, output_size=(5, 5))
    assert back.shape == (1, 1, 5, 5) and back.reshape(-1).tolist()[5:8] == [5.0, 0.0, 7.0]
    o1, i1 = torch.max_pool1d_with_indices(x[0], 2)
    assert (
        i1.tolist() == [[[1, 3], [1, 3], [1, 3], [1, 3]]]
        and o1.grad_fn.name() == "SqueezeBackward1"
    )
    assert nn.LPPool2d(2, 2)(x).grad_fn.name() == "PowBackward0"


POOL_RAISES = [
    (lambda o, i: F.max_unpool2d(o, i.float(), 2), RuntimeError,
     "elements in indices should be type int64 but got: Float"),
    (lambda o, i: F.max_unpool2d(o, i[..., :1], 2), RuntimeError,
     r"Expected shape of indices to be same as that of the input tensor \(\[1, 1, 2, 2\]\) but "
     r"got indices tensor with shape: \[1, 1, 2, 1\]"),
    (lambda o, i: F.max_unpool2d(o, i + 20, 2), RuntimeError,
     r"Found an invalid max index: \d+ \(output volumes are of size 4x4\)"),
    (lambda o, i: F.max_unpool2d(o, i, 2, output_size=(7, 7)), ValueError,
     r'invalid output_size "\(7, 7\)" \(dim 0 must be between 2 and 6\)'),
    (lambda o, i: F.max_unpool2d(o, i, 2, output_size=(1, 5, 5)), ValueError,
     "output_size should be a sequence containing 2 or 4 elements, but it has a length of '3'"),
    (lambda o, i: F.max_unpool2d(o[0, 0], i[0, 0], 2), RuntimeError,
     "Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with 2 dimensions."),
]  # fmt: skip


@pytest.mark.parametrize("i", range(len(POOL_RAISES)))
def test_unpool_refuses_as_pytorch(i):
    fn, kind, message = POOL_RAISES[i]
    x = torch.arange(16.0).reshape(1, 1, 4, 4).requires_grad_()
    o, idx = F.max_pool2d(x, 2, return_indices=True)
    with pytest.raises(kind, match=message):
        fn(o, idx)


POOL_GRAD_OPS = {
    "lp_pool1d": lambda t: F.lp_pool1d(t.reshape(2, 6).abs() + 0.1, 3, 3, stride=2),
    "lp_pool2d": lambda t: F.lp_pool2d(t.reshape(1, 3, 4).abs() + 0.1, 1.5, 2, stride=1),
    # windows that do not overlap: with overlapping ones two elements may name one place, and
    # PyTorch's gradient (a gather) is then not the derivative
    "max_unpool2d": lambda t: F.max_unpool2d(
        *F.max_pool2d(t.reshape(1, 3, 4) * 2, 2, return_indices=True), 2, output_size=(3, 4)
    ),
}


@pytest.mark.parametrize("name", sorted(POOL_GRAD_OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_pool_gradients_agree_with_central_differences(name, xs):
    assert_agrees_with_central_differences(
        name, POOL_GRAD_OPS[name], xs, h=1e-7, rel_tol=1e-4, abs_tol=1e-5, shape=(3, 4)
    )


# -- EmbeddingBag ------------------------------------------------------------------------------
IDX = [1, 2, 4, 5, 4, 3, 0, 2]
OFF = [0, 3, 3, 6]
PSW = [0.5, -1.25, 2.0, 0.75, 1.5, -0.3, 0.9, 1.1]
# torch.manual_seed(0); torch.randn(6, 3, dtype=...) in PyTorch 2.13
BAG_W = {
    "float32": [
        [-1.1258398294448853, -1.152360200881958, 0.5666506290435791],
        [0.7935083508491516, 0.5988394618034363, -1.5550950765609741],
        [-0.3413603901863098, 1.85300612449646, 0.46809640526771545],
        [-0.1577124446630478, -0.1733967512845993, 0.18347793817520142],
        [1.3893661499023438, 1.586334228515625, 0.946298360824585],
        [-0.843676745891571, 0.9318265914916992, 1.2590092420578003],
    ],
    "float64": [
        [-2.310411800234176, -0.3732508612577643, -1.2609246557194385],
        [-0.726951062065411, -0.019964750907762653, 0.2102998901016947],
        [0.17718935139366584, -0.830510051008449, 0.23871805816817063],
        [0.7335283685272841, -0.7730112772958181, -1.5951814880783068],
        [-0.6870036940435463, 1.4880743158106724, -0.4484158047114511],
        [-0.8910030351707375, 0.6748575435940039, 1.0468653769814655],
    ],
}
BAG_CASES = {
    "sum": lambda w: F.embedding_bag(torch.tensor(IDX), w, torch.tensor(OFF), mode="sum"),
    "mean": lambda w: F.embedding_bag(torch.tensor(IDX), w, torch.tensor(OFF)),
    "max": lambda w: F.embedding_bag(torch.tensor(IDX), w, torch.tensor(OFF), mode="max"),
    "psw": lambda w: F.embedding_bag(
        torch.tensor(IDX), w, torch.tensor(OFF), mode="sum",
        per_sample_weights=torch.tensor(PSW, dtype=w.dtype),
    ),
    "2d_mean_pad": lambda w: F.embedding_bag(torch.tensor(IDX).reshape(2, 4), w, padding_idx=2),
    "last_offset": lambda w: F.embedding_bag(
        torch.tensor(IDX), w, torch.tensor([0, 3, 8]), mode="sum", include_last_offset=True
    ),
}  # fmt: skip
# made by PyTorch 2.13: (y.tolist(), w.grad.tolist()) after (y * [1, 2, ...]).sum().backward()
BAG_TORCH = {
    ("sum", "float32"): (
        [
            [1.8415141105651855, 4.038179874420166, -0.1407003402709961],
            [0.0, 0.0, 0.0],
            [0.3879769444465637, 2.344763994216919, 2.3887853622436523],
            [-1.4672002792358398, 0.700645923614502, 1.0347470045089722],
        ],
        [
            [10.0, 11.0, 12.0],
            [1.0, 2.0, 3.0],
            [11.0, 13.0, 15.0],
            [7.0, 8.0, 9.0],
            [8.0, 10.0, 12.0],
            [7.0, 8.0, 9.0],
        ],
    ),
    ("mean", "float32"): (
        [
            [0.6138380169868469, 1.3460599184036255, -0.04690011218190193],
            [0.0, 0.0, 0.0],
            [0.12932564318180084, 0.7815880179405212, 0.7962617874145508],
            [-0.7336001396179199, 0.350322961807251, 0.5173735022544861],
        ],
        [
            [5.0, 5.5, 6.0],
            [0.3333333432674408, 0.6666666865348816, 1.0],
            [5.333333492279053, 6.166666507720947, 7.0],
            [2.3333334922790527, 2.6666667461395264, 3.0],
            [2.6666667461395264, 3.3333334922790527, 4.0],
            [2.3333334922790527, 2.6666667461395264, 3.0],
        ],
    ),
    ("max", "float32"): (
        [
            [1.3893661499023438, 1.85300612449646, 0.946298360824585],
            [0.0, 0.0, 0.0],
            [1.3893661499023438, 1.586334228515625, 1.2590092420578003],
            [-0.3413603901863098, 1.85300612449646, 0.5666506290435791],
        ],
        [
            [0.0, 0.0, 12.0],
            [0.0, 0.0, 0.0],
            [10.0, 13.0, 0.0],
            [0.0, 0.0, 0.0],
            [8.0, 8.0, 3.0],
            [0.0, 0.0, 9.0],
        ],
    ),
    ("psw", "float32"): (
        [
            [3.602186918258667, 1.1558306217193604, 0.5299286842346191],
            [0.0, 0.0, 0.0],
            [1.4986053705215454, 3.1303904056549072, 2.3086609840393066],
            [-1.3887522220611572, 1.0011826753616333, 1.0248916149139404],
        ],
        [
            [9.0, 9.899999618530273, 10.799999237060547],
            [0.5, 1.0, 1.5],
            [9.75, 9.600000381469727, 9.450000762939453],
            [-2.1000001430511475, -2.4000000953674316, -2.700000047683716],
            [12.5, 16.0, 19.5],
            [5.25, 6.0, 6.75],
        ],
    ),
    ("2d_mean_pad", "float32"): (
        [
            [0.4463992118835449, 1.039000153541565, 0.2167375087738037],
            [0.035271286964416504, 0.08685910701751709, 0.5654756426811218],
        ],
        [
            [1.3333333730697632, 1.6666667461395264, 2.0],
            [0.3333333432674408, 0.6666666865348816, 1.0],
            [0.0, 0.0, 0.0],
            [1.3333333730697632, 1.6666667461395264, 2.0],
            [1.6666667461395264, 2.3333334922790527, 3.0],
            [0.3333333432674408, 0.6666666865348816, 1.0],
        ],
    ),
    ("last_offset", "float32"): (
        [
            [1.8415141105651855, 4.038179874420166, -0.1407003402709961],
            [-1.0792232751846313, 3.045409917831421, 3.423532485961914],
        ],
        [
            [4.0, 5.0, 6.0],
            [1.0, 2.0, 3.0],
            [5.0, 7.0, 9.0],
            [4.0, 5.0, 6.0],
            [5.0, 7.0, 9.0],
            [4.0, 5.0, 6.0],
        ],
    ),
    ("sum", "float64"): (
        [
            [-1.2367654047152916, 0.6375995138944608, 0.0006021435584142032],
            [0.0, 0.0, 0.0],
            [-0.8444783606869998, 1.389920582108858, -0.9967319158082923],
            [-2.13322244884051, -1.2037609122662132, -1.0222065975512677],
        ],
        [
            [10.0, 11.0, 12.0],
            [1.0, 2.0, 3.0],
            [11.0, 13.0, 15.0],
            [7.0, 8.0, 9.0],
            [8.0, 10.0, 12.0],
            [7.0, 8.0, 9.0],
        ],
    ),
    ("mean", "float64"): (
        [
            [-0.4122551349050972, 0.2125331712981536, 0.00020071451947140106],
            [0.0, 0.0, 0.0],
            [-0.2814927868956666, 0.4633068607029527, -0.33224397193609745],
            [-1.066611224420255, -0.6018804561331066, -0.5111032987756339],
        ],
        [
            [5.0, 5.5, 6.0],
            [0.3333333333333333, 0.6666666666666666, 1.0],
            [5.333333333333333, 6.166666666666667, 7.0],
            [2.333333333333333, 2.6666666666666665, 3.0],
            [2.6666666666666665, 3.333333333333333, 4.0],
            [2.333333333333333, 2.6666666666666665, 3.0],
        ],
    ),
    ("max", "float64"): (
        [
            [0.17718935139366584, 1.4880743158106724, 0.23871805816817063],
            [0.0, 0.0, 0.0],
            [0.7335283685272841, 1.4880743158106724, 1.0468653769814655],
            [0.17718935139366584, -0.3732508612577643, 0.23871805816817063],
        ],
        [
            [0.0, 11.0, 0.0],
            [0.0, 0.0, 0.0],
            [11.0, 0.0, 15.0],
            [7.0, 0.0, 0.0],
            [0.0, 10.0, 0.0],
            [0.0, 0.0, 9.0],
        ],
    ),
    ("psw", "float64"): (
        [
            [-1.9589696083618806, 4.004303819928024, -1.090079237082268],
            [0.0, 0.0, 0.0],
            [-1.9188163280015578, 2.9701580146002566, 0.5910797720924146],
            [-1.8844623336777262, -1.249486831241282, -0.872242326162507],
        ],
        [
            [9.0, 9.9, 10.8],
            [0.5, 1.0, 1.5],
            [9.75, 9.600000000000001, 9.450000000000001],
            [-2.1, -2.4, -2.6999999999999997],
            [12.5, 16.0, 19.5],
            [5.25, 6.0, 6.75],
        ],
    ),
    ("2d_mean_pad", "float64"): (
        [
            [-0.7683192637598983, 0.7143223694989711, 0.26958315412390305],
            [-0.7546290419168127, 0.11393739241903, -1.1015073161697322],
        ],
        [
            [1.3333333333333333, 1.6666666666666665, 2.0],
            [0.3333333333333333, 0.6666666666666666, 1.0],
            [0.0, 0.0, 0.0],
            [1.3333333333333333, 1.6666666666666665, 2.0],
            [1.6666666666666665, 2.333333333333333, 3.0],
            [0.3333333333333333, 0.6666666666666666, 1.0],
        ],
    ),
    ("last_offset", "float64"): (
        [
            [-1.2367654047152916, 0.6375995138944608, 0.0006021435584142032],
            [-2.97770080952751, 0.18615966984264476, -2.01893851335956],
        ],
        [
            [4.0, 5.0, 6.0],
            [1.0, 2.0, 3.0],
            [5.0, 7.0, 9.0],
            [4.0, 5.0, 6.0],
            [5.0, 7.0, 9.0],
            [4.0, 5.0, 6.0],
        ],
    ),
}


@pytest.mark.parametrize("key", sorted(BAG_TORCH))
def test_embedding_bag_gives_pytorchs_values_and_grads(key):
    name, dt = key
    w = torch.tensor(BAG_W[dt], dtype=getattr(torch, dt), requires_grad=True)
    y = BAG_CASES[name](w)
    (y * torch.arange(1.0, y.numel() + 1, dtype=w.dtype).reshape(y.shape)).sum().backward()
    assert y.grad_fn.name() == "EmbeddingBagBackward0" and y.dtype is w.dtype
    assert (y.tolist(), w.grad.tolist()) == BAG_TORCH[key]


def test_embedding_bag_per_sample_weights_get_grads():
    w = torch.tensor(BAG_W["float64"], dtype=torch.float64)
    psw = torch.tensor(PSW, dtype=torch.float64, requires_grad=True)
    y = F.embedding_bag(torch.tensor(IDX), w, torch.tensor(OFF), mode="sum", per_sample_weights=psw)
    y.sum().backward()
    # d/d psw[k] of a sum: the sum of the row it weights
    rows = [sum(w[i].tolist()) for i in IDX]
    assert psw.grad.tolist() == pytest.approx(rows, rel=1e-14)
    assert [f[0].variable is psw for f in y.grad_fn.next_functions if f[0]] == [True]


def test_embedding_bag_module_as_pytorch():
    assert repr(nn.EmbeddingBag(10, 3)) == "EmbeddingBag(10, 3, mode='mean')"
    assert repr(nn.EmbeddingBag(10, 3, mode="sum", padding_idx=0)) == (
        "EmbeddingBag(10, 3, mode='sum', padding_idx=0)"
    )
    assert repr(nn.EmbeddingBag(10, 3, mode="max", max_norm=1.0)) == (
        "EmbeddingBag(10, 3, max_norm=1.0, mode='max')"
    )
    torch.manual_seed(0)
    m = nn.EmbeddingBag(6, 3, dtype=torch.float64)
    assert m.weight.tolist() == BAG_W["float64"]  # N(0, 1), PyTorch's draws
    out = m(torch.tensor(IDX), torch.tensor(OFF))
    assert out.tolist() == BAG_TORCH[("mean", "float64")][0]
    frozen = nn.EmbeddingBag.from_pretrained(torch.ones(3, 2))
    assert not frozen.weight.requires_grad and repr(frozen) == "EmbeddingBag(3, 2, mode='mean')"


BAG_RAISES = [
    (lambda w: F.embedding_bag(torch.tensor([1, 2, 4, 5]), w, torch.tensor([1, 2])), RuntimeError,
     r"offsets\[0\] has to be 0, i.e., the first sequence in the mini-batch has to start from "
     r"position 0. However, got 1"),
    (lambda w: F.embedding_bag(torch.tensor([1, 2, 4, 5]), w, torch.tensor([0, 5])), RuntimeError,
     r"offsets\[-1\] can not be greater than input's length 4 but got offsets\[-1\] of 5"),
    (lambda w: F.embedding_bag(torch.tensor([1, 2, 4, 5]), w), ValueError,
     "offsets has to be a 1D Tensor but got None"),
    (lambda w: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode="avg"),
     ValueError, "mode has to be one of sum, mean or max"),
    (lambda w: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]),
                               per_sample_weights=torch.ones(2)), NotImplementedError,
     r"per_sample_weights is only supported for mode='sum' \(got mode='mean'\)"),
    (lambda w: F.embedding_bag(torch.tensor([1, 2]), w, torch.tensor([0]), mode="sum",
                               per_sample_weights=torch.ones(3)), ValueError,
     r"embedding_bag: If per_sample_weights \(torch.Size\(\[3\]\)\) is not None, then it must "
     r"have the same shape as the input \(torch.Size\(\[2\]\)\)"),
    (lambda w: F.embedding_bag(torch.tensor([[1, 2]]), w, torch.tensor([0])), ValueError,
     "if input is 2D, then offsets has to be None"),
    (lambda w: F.embedding_bag(torch.tensor([1.0, 2.0]), w, torch.tensor([0])), RuntimeError,
     "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
     "Long, Int; but got torch.FloatTensor instead"),
]  # fmt: skip


@pytest.mark.parametrize("i", range(len(BAG_RAISES)))
def test_embedding_bag_refuses_as_pytorch(i):
    fn, kind, message = BAG_RAISES[i]
    with pytest.raises(kind, match=message):
        fn(torch.tensor(BAG_W["float32"], requires_grad=True))


BAG_GRAD_OPS = {
    "mean": lambda t: F.embedding_bag(torch.tensor([0, 2, 1, 2, 0]), t, torch.tensor([0, 2])),
    "max": lambda t: F.embedding_bag(
        torch.tensor([0, 2, 1, 2, 0]), t, torch.tensor([0, 2]), mode="max"
    ),
    "psw": lambda t: F.embedding_bag(
        torch.tensor([0, 1, 1, 0]), t[:2], torch.tensor([0, 1]), mode="sum",
        per_sample_weights=t[2],
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BAG_GRAD_OPS))
@settings(max_examples=8, deadline=None)
@given(xs=POINTS)
def test_embedding_bag_gradients_agree_with_central_differences(name, xs):
    assert_agrees_with_central_differences(
        name, BAG_GRAD_OPS[name], xs, h=1e-7, rel_tol=1e-4, abs_tol=1e-5, shape=(3, 4)
    )


# -- Adafactor ---------------------------------------------------------------------------------
# made by PyTorch 2.13: torch.manual_seed(0); w (4, 6), b (6,), w3 (2, 3, 5), then four steps'
# grads from randn, given as .grad; Adafactor(lr=0.05, weight_decay=0.01), four steps:
# dtype: (params, grads, params after, [row_var(w), col_var(w), variance(b)] after)
ADAFACTOR_TORCH = {
    "float32": (
        [
            [
                [
                    -1.1258398294448853,
                    -1.152360200881958,
                    -0.2505785822868347,
                    -0.4338788092136383,
                    0.8487103581428528,
                    0.6920091509819031,
                ],
                [
                    -0.31601276993751526,
                    -2.1152193546295166,
                    0.46809640526771545,
                    -0.1577124446630478,
                    1.4436601400375366,
                    0.26604941487312317,
                ],
                [
                    0.16645534336566925,
                    0.8743818402290344,
                    -0.14347384870052338,
                    -0.1116093322634697,
                    0.9318265914916992,
                    1.2590092420578003,
                ],
                [
                    2.0049805641174316,
                    0.05373690277338028,
                    0.6180566549301147,
                    -0.41280221939086914,
                    -0.8410648107528687,
                    -2.316041946411133,
                ],
            ],
            [
                0.3703935444355011,
                1.4565025568008423,
                0.9398099184036255,
                0.7748488187789917,
                0.19186942279338837,
                1.2637947797775269,
            ],
            [
                [
                    [
                        -0.23033547401428223,
                        -0.3917543888092041,
                        0.5432947278022766,
                        -0.3951575458049774,
                        0.20552566647529602,
                    ],
                    [
                        -0.4503297507762909,
                        -0.5730770826339722,
                        -0.5553584098815918,
                        -1.5311843156814575,
                        -1.2341350317001343,
                    ],
                    [
                        1.8197252750396729,
                        -0.5515286922454834,
                        -1.3253259658813477,
                        0.1885535717010498,
                        -0.8383153676986694,
                    ],
                ],
                [
                    [
                        0.0008918217499740422,
                        0.8418940901756287,
                        -0.4000341594219208,
                        1.0394619703292847,
                        0.3581531047821045,
                    ],
                    [
                        -0.003303872887045145,
                        -0.5344406962394714,
                        -1.881689190864563,
                        -0.049727022647857666,
                        -1.0449786186218262,
                    ],
                    [
                        -0.9565008282661438,
                        0.03353185951709747,
                        0.7100865840911865,
                        -1.5352871417999268,
                        -0.41267913579940796,
                    ],
                ],
            ],
        ],
        [
            [
                [
                    [
                        0.34456542134284973,
                        0.5198677182197571,
                        -2.6133224964141846,
                        -1.6964744329452515,
                        -0.22824178636074066,
                        0.2799549996852875,
                    ],
                    [
                        0.0732460469007492,
                        1.1133184432983398,
                        -0.6036701202392578,
                        -1.2787652015686035,
                        0.0929502323269844,
                        -0.6660997271537781,
                    ],
                    [
                        0.6080471873283386,
                        -0.7300198674201965,
                        -0.8833757638931274,
                        -0.41891348361968994,
                        0.4765571057796478,
                        -1.0163074731826782,
                    ],
                    [
                        0.18036697804927826,
                        0.10833186656236649,
                        -0.7548232674598694,
                        0.24431852996349335,
                        -0.07732575386762619,
                        0.1163986474275589,
                    ],
                ],
                [
                    0.6444793343544006,
                    -1.642041563987732,
                    0.3014095425605774,
                    -0.9763757586479187,
                    -0.025436649098992348,
                    -0.1520620882511139,
                ],
                [
                    [
                        [
                            -0.20106391608715057,
                            -0.11792698502540588,
                            -0.8293668627738953,
                            -1.4072566032409668,
                            1.6268466711044312,
                        ],
                        [
                            0.1722732037305832,
                            -1.6115024089813232,
                            -0.47944778203964233,
                            0.15739288926124573,
                            0.3853627145290375,
                        ],
                        [
                            0.5736545920372009,
                            0.9979313015937805,
                            0.5436094403266907,
                            0.0788043886423111,
                            1.0810725688934326,
                        ],
                    ],
                    [
                        [
                            0.13147805631160736,
                            1.5735383033752441,
                            0.7814299464225769,
                            0.9874365925788879,
                            -1.4878075122833252,
                        ],
                        [
                            0.586687445640564,
                            0.15829536318778992,
                            0.6667810678482056,
                            -0.9943896532058716,
                            -1.189363956451416,
                        ],
                        [
                            -1.1959494352340698,
                            1.311892032623291,
                            -0.20983894169330597,
                            0.7817313075065613,
                            0.9896925687789917,
                        ],
                    ],
                ],
            ],
            [
                [
                    [
                        0.1715109646320343,
                        0.876044750213623,
                        -0.28708741068840027,
                        1.0216400623321533,
                        -0.5110737681388855,
                        -1.7137278318405151,
                    ],
                    [
                        -0.5100647807121277,
                        -0.47489312291145325,
                        -0.551833987236023,
                        -2.889061212539673,
                        -1.5099812746047974,
                        1.0241153240203857,
                    ],
                    [
                        -0.3433358073234558,
                        1.5712648630142212,
                        0.19161488115787506,
                        0.37994185090065,
                        0.9711247086524963,
                        1.4502501487731934,
                    ],
                    [
                        -0.0519091822206974,
                        -0.6284307837486267,
                        -0.14201079308986664,
                        -0.5341457724571228,
                        -0.5233790278434753,
                        0.8615042567253113,
                    ],
                ],
                [
                    0.23278887569904327,
                    -0.820141613483429,
                    -0.6790193319320679,
                    1.4250833988189697,
                    1.9647489786148071,
                    0.767839789390564,
                ],
                [
                    [
                        [
                            1.1886790990829468,
                            -0.15750733017921448,
                            -0.045538585633039474,
                            0.6484734416007996,
                            0.5238921642303467,
                        ],
                        [
                            0.2180453985929489,
                            0.06252395361661911,
                            0.6481013894081116,
                            0.033063631504774094,
                            -1.0234497785568237,
                        ],
                        [
                            0.7335113883018494,
                            1.1177198886871338,
                            2.149376392364502,
                            -0.9087756276130676,
                            -0.5353949069976807,
                        ],
                    ],
                    [
                        [
                            -0.863664984703064,
                            -0.9068849086761475,
                            -0.5918378233909607,
                            0.15078482031822205,
                            -1.0411487817764282,
                        ],
                        [
                            -0.7205342054367065,
                            -2.214754343032837,
                            0.9402980804443359,
                            -1.1469545364379883,
                            0.792847752571106,
                        ],
                        [
                            0.08322793245315552,
                            0.42280012369155884,
                            -1.8687466382980347,
                            -1.1057132482528687,
                            0.1437314748764038,
                        ],
                    ],
                ],
            ],
            [
                [
                    [
                        0.060491468757390976,
                        -0.4889546036720276,
                        -1.5771030187606812,
                        0.36093366146087646,
                        -1.353305459022522,
                        -0.20710346102714539,
                    ],
                    [
                        -0.2487584352493286,
                        -1.232000708580017,
                        0.4263593852519989,
                        -1.1361162662506104,
                        -0.12923042476177216,
                        -0.05459475517272949,
                    ],
                    [
                        0.4083467423915863,
                        1.1263659000396729,
                        1.9350574016571045,
                        1.0076850652694702,
                        -1.5072072744369507,
                        -0.5086986422538757,
                    ],
                    [
                        -1.2425976991653442,
                        1.2845500707626343,
                        0.24377228319644928,
                        0.5303686261177063,
                        -0.014530729502439499,
                        -2.235718250274658,
                    ],
                ],
                [
                    0.019151031970977783,
                    0.20348966121673584,
                    -0.41614341735839844,
                    0.006328766234219074,
                    -0.28583499789237976,
                    1.309814214706421,
                ],
                [
                    [
                        [
                            -1.395545244216919,
                            -0.3992950916290283,
                            -0.30993959307670593,
                            -0.056061841547489166,
                            0.5174129009246826,
                        ],
                        [
                            -1.5962368249893188,
                            0.5411418080329895,
                            1.5389583110809326,
                            -0.8710834383964539,
                            -1.674027919769287,
                        ],
                        [
                            0.563055157661438,
                            -1.4350672960281372,
                            0.7193997502326965,
                            -1.370747447013855,
                            -1.1154320240020752,
                        ],
                    ],
                    [
                        [
                            2.1913821697235107,
                            0.11576172709465027,
                            0.7773006558418274,
                            -1.0920965671539307,
                            -0.06108517572283745,
                        ],
                        [
                            -1.4927597045898438,
                            -1.7644085884094238,
                            -1.8972140550613403,
                            -0.0022274134680628777,
                            -1.9721342325210571,
                        ],
                        [
                            -1.933916687965393,
                            2.1432294845581055,
                            -0.9625998735427856,
                            -0.563566267490387,
                            1.6445960998535156,
                        ],
                    ],
                ],
            ],
            [
                [
                    [
                        0.2976859509944916,
                        -0.6848049163818359,
                        -0.04326768219470978,
                        1.8393189907073975,
                        -0.5550146102905273,
                        0.7867499589920044,
                    ],
                    [
                        0.6815865635871887,
                        1.5177602767944336,
                        -0.011840226128697395,
                        0.9796671271324158,
                        -1.0660514831542969,
                        1.7719635963439941,
                    ],
                    [
                        -0.27926018834114075,
                        -0.2769014239311218,
                        0.7489254474639893,
                        -0.6434551477432251,
                        -0.9517593383789062,
                        0.27152127027511597,
                    ],
                    [
                        0.6715788841247559,
                        1.8499822616577148,
                        1.1909500360488892,
                        -0.5898565053939819,
                        0.9646937847137451,
                        -1.5093512535095215,
                    ],
                ],
                [
                    -0.7128822803497314,
                    0.5521583557128906,
                    2.068084478378296,
                    -2.108588218688965,
                    0.3639233410358429,
                    0.5342442989349365,
                ],
                [
                    [
                        [
                            0.2328752875328064,
                            0.03640829399228096,
                            0.40704044699668884,
                            1.2516469955444336,
                            -1.1991091966629028,
                        ],
                        [
                            -0.025686167180538177,
                            1.802375078201294,
                            -1.0596531629562378,
                            -0.0043932534754276276,
                            -2.2232630252838135,
                        ],
                        [
                            0.7400237917900085,
                            -0.7160974144935608,
                            -0.2044074535369873,
                            -0.31641438603401184,
                            1.2756527662277222,
                        ],
                    ],
                    [
                        [
                            0.009457232430577278,
                            -0.3694499731063843,
                            1.2181978225708008,
                            0.2550444006919861,
                            0.2739930748939514,
                        ],
                        [
                            -0.5611025094985962,
                            -0.4302971065044403,
                            0.7889663577079773,
                            -0.13761502504348755,
                            0.12247808277606964,
                        ],
                        [
                            -1.0767011642456055,
                            -0.6508973240852356,
                            -1.6196584701538086,
                            -0.05687696486711502,
                            0.6296589970588684,
                        ],
                    ],
                ],
            ],
        ],
        [
            [
                [
                    -1.2091971635818481,
                    -1.158088207244873,
                    -0.11975430697202682,
                    -0.5106285214424133,
                    1.0003248453140259,
                    0.7150214314460754,
                ],
                [
                    -0.31191790103912354,
                    -2.1831166744232178,
                    0.49342969059944153,
                    -0.01815154030919075,
                    1.561813235282898,
                    0.2129002958536148,
                ],
                [
                    0.12085474282503128,
                    0.8023290038108826,
                    -0.2361184060573578,
                    -0.10954082757234573,
                    0.9007824659347534,
                    1.2838042974472046,
                ],
                [
                    2.017695188522339,
                    -0.05318590626120567,
                    0.6184116005897522,
                    -0.3977613151073456,
                    -0.7938212752342224,
                    -2.238431930541992,
                ],
            ],
            [
                0.3560827970504761,
                1.4932491779327393,
                0.9176778197288513,
                0.8298289179801941,
                0.17577998340129852,
                1.158162236213684,
            ],
            [
                [
                    [
                        -0.2369227111339569,
                        -0.3600325584411621,
                        0.5815334916114807,
                        -0.45269879698753357,
                        0.15631158649921417,
                    ],
                    [
                        -0.42774587869644165,
                        -0.5974898338317871,
                        -0.5658406019210815,
                        -1.5002336502075195,
                        -1.0617657899856567,
                    ],
                    [
                        1.6407264471054077,
                        -0.5541026592254639,
                        -1.4509485960006714,
                        0.30242982506752014,
                        -0.8690933585166931,
                    ],
                ],
                [
                    [
                        -0.023138998076319695,
                        0.8346815705299377,
                        -0.5027834177017212,
                        1.0303136110305786,
                        0.4397111237049103,
                    ],
                    [
                        0.05645960941910744,
                        -0.41635626554489136,
                        -1.9409188032150269,
                        0.0634755864739418,
                        -0.9728565812110901,
                    ],
                    [
                        -0.8037331700325012,
                        -0.06198211386799812,
                        0.888498067855835,
                        -1.4871783256530762,
                        -0.5264431834220886,
                    ],
                ],
            ],
        ],
        [
            [
                [0.9636996388435364],
                [1.1529104709625244],
                [0.8254215717315674],
                [0.9660083055496216],
            ],
            [
                [
                    0.2578451335430145,
                    1.1451585292816162,
                    0.9949336647987366,
                    1.3605937957763672,
                    0.7809075117111206,
                    1.3226208686828613,
                ]
            ],
            [
                0.24922116100788116,
                0.7132093906402588,
                1.5779861211776733,
                2.0827724933624268,
                0.9353312849998474,
                0.7080958485603333,
            ],
        ],
    ),
    "float64": (
        [
            [
                [
                    -2.310411800234176,
                    -0.3732508612577643,
                    -1.0608166785462863,
                    0.9995093547811761,
                    -0.8840250045832653,
                    -1.2755469302148053,
                ],
                [
                    -0.623224579866079,
                    -0.8664416019125772,
                    0.23871805816817063,
                    0.7335283685272841,
                    -1.3218818291421377,
                    1.3148113651971234,
                ],
                [
                    -1.4874956356507338,
                    -0.7135753396468577,
                    0.519998663178938,
                    -0.9528856397032842,
                    0.6748575435940039,
                    1.0468653769814655,
                ],
                [
                    0.15429517864658948,
                    -0.7498915228391941,
                    -0.7233897004977882,
                    0.08636989238234997,
                    -1.746404903728242,
                    1.041012457033509,
                ],
            ],
            [
                -0.040421087473651175,
                0.28811682688855406,
                -0.007537307963943466,
                -0.914495452479524,
                -1.0885836526934918,
                -0.2665963045720212,
            ],
            [
                [
                    [
                        0.36904473680395194,
                        -0.1872021932975887,
                        -3.1452962731231335,
                        -0.11373127757597257,
                        1.6962024805143952,
                    ],
                    [
                        -0.6652034805381666,
                        -0.587222598359879,
                        2.832104167511146,
                        -1.96124168414333,
                        0.22092437177232177,
                    ],
                    [
                        -1.3809366518587674,
                        -2.0547510174380235,
                        0.04757655385024031,
                        -0.3855687975933702,
                        -0.5225708759493426,
                    ],
                ],
                [
                    [
                        -0.5919985649213804,
                        -0.8913456059944439,
                        -0.4465437323135269,
                        -0.7012303945657874,
                        0.326255796287562,
                    ],
                    [
                        -0.8738640219900763,
                        0.3941269998738486,
                        0.3808407948449979,
                        -0.06602759867830545,
                        -0.7565746668125718,
                    ],
                    [
                        0.3686731185757601,
                        -0.1726536808458421,
                        0.975120345181078,
                        0.4164541966117019,
                        -0.4986513835421579,
                    ],
                ],
            ],
        ],
        [
            [
                [
                    [
                        1.1096535136027106,
                        0.2756549587110016,
                        -0.687447723506223,
                        -0.5752442046248689,
                        -0.5918823592164963,
                        0.6195092629710962,
                    ],
                    [
                        -1.4872950971304264,
                        1.3626823808042956,
                        1.1064458833206277,
                        0.8527354795918417,
                        -0.6301719953003105,
                        -0.6019872001874332,
                    ],
                    [
                        0.8578627239959242,
                        1.3883334151939664,
                        -0.11720721184327226,
                        1.553109128881493,
                        0.3993685890598303,
                        -0.6760874461803966,
                    ],
                    [
                        1.662168703751691,
                        -0.6036839371988663,
                        0.19405819710962857,
                        0.7513056269519641,
                        -0.32941223804852077,
                        1.427469253078078,
                    ],
                ],
                [
                    -1.9705762426761493,
                    0.6280840452892086,
                    -0.11315179032591675,
                    0.46311148883636444,
                    0.33380446173297984,
                    1.6443168265369494,
                ],
                [
                    [
                        [
                            -0.109502865439967,
                            1.0133981088658284,
                            0.052988347298460775,
                            -1.0985568336677343,
                            1.3130292416812694,
                        ],
                        [
                            1.2950303403121015,
                            0.09346980467841959,
                            -0.6487992451336398,
                            1.1851393651234152,
                            0.7400928938958106,
                        ],
                        [
                            -0.5194465816226858,
                            -1.3054294883591913,
                            0.6191589690204978,
                            -0.6891032076273104,
                            -0.0385989962773457,
                        ],
                    ],
                    [
                        [
                            -0.28830479161753314,
                            -0.26389743592829057,
                            0.22262709860475913,
                            -0.36295315486194724,
                            0.5461686975878584,
                        ],
                        [
                            0.5986116799080261,
                            0.38070908769502876,
                            0.20071104217609803,
                            -1.1373288923247886,
                            -0.3218284439560298,
                        ],
                        [
                            0.7868505574796605,
                            1.2905735099537528,
                            -2.257640882019435,
                            0.9998689606162756,
                            1.294768929045707,
                        ],
                    ],
                ],
            ],
            [
                [
                    [
                        -0.35270804227308705,
                        0.90494237470219,
                        -2.208881770179369,
                        -0.5226465471538572,
                        -0.02515568815971389,
                        1.7607687519099702,
                    ],
                    [
                        0.7085323264931883,
                        -0.6684715851233203,
                        -1.752174363636735,
                        -0.49502963336049505,
                        0.48613811203025575,
                        0.6752239379335997,
                    ],
                    [
                        1.6210224842830736,
                        0.3079815818363428,
                        0.18642618278530962,
                        -0.4766882783066874,
                        1.3571352471870293,
                        0.8485747701414793,
                    ],
                    [
                        -0.4956591550551049,
                        -0.054244844172925376,
                        2.3796823572011174,
                        0.7575889138264313,
                        0.8120492473898162,
                        0.34675106963636665,
                    ],
                ],
                [
                    0.3600028675400895,
                    0.7961439046620312,
                    0.9335742019962827,
                    -0.14195920291801395,
                    0.38722374575649116,
                    1.731207709671771,
                ],
                [
                    [
                        [
                            -0.3356530513608304,
                            -0.19584831471622938,
                            0.3584122218875807,
                            -0.3542485075553976,
                            -1.7892507905584494,
                        ],
                        [
                            -1.6593525515068692,
                            0.5836031262099599,
                            0.6934290394613872,
                            -0.1945255599565882,
                            -1.9839601873694128,
                        ],
                        [
                            0.7175411844708119,
                            -1.226356994932408,
                            -1.1740271510180345,
                            0.2575946432359034,
                            0.6947637378619905,
                        ],
                    ],
                    [
                        [
                            -0.9298706581690355,
                            1.2201103480843773,
                            1.3030812781013548,
                            -2.8612335457061304,
                            -0.8939359240638702,
                        ],
                        [
                            -2.8249123235140865,
                            0.7329306319152914,
                            -0.08606391483199766,
                            -0.404555014183773,
                            -0.773903270176656,
                        ],
                        [
                            0.7458359988783891,
                            -0.9205776609951867,
                            3.028369754089089,
                            -0.4461388967849629,
                            2.519645195794351,
                        ],
                    ],
                ],
            ],
            [
                [
                    [
                        1.5845278117661508,
                        -1.3317683229791424,
                        0.133338240778486,
                        -0.3681817668247167,
                        -0.2592563765409039,
                        -0.9086796764648589,
                    ],
                    [
                        0.6626388249419035,
                        -0.3328737713981715,
                        1.3936086386049262,
                        -0.6215983163610507,
                        0.48030812820215996,
                        0.4235300421086967,
                    ],
                    [
                        0.15855941617251554,
                        -1.3813147977584912,
                        -0.5483604494543279,
                        -1.038900553089375,
                        0.1517804702793694,
                        0.4314720581205215,
                    ],
                    [
                        0.655645940425105,
                        -0.14732233278232018,
                        -0.18866812137238273,
                        -0.06089880957953384,
                        0.7171142818532197,
                        -0.0788200212020163,
                    ],
                ],
                [
                    -0.10808950757295374,
                    1.1575892737261826,
                    -2.468831411301041,
                    1.5930197350880024,
                    -0.5453404571043536,
                    -0.5921562238080895,
                ],
                [
                    [
                        [
                            1.0214928420637703,
                            1.396261937932605,
                            -1.6438868127398203,
                            -0.5919671489511105,
                            0.1076759518464831,
                        ],
                        [
                            0.9752772204282161,
                            -0.423361999961612,
                            -0.39467919278021646,
                            -0.018151880324612714,
                            -0.5405396744887776,
                        ],
                        [
                            0.8395072646494207,
                            0.1908980836410143,
                            -0.9388917320887954,
                            1.0474841923373743,
                            0.041623001893959156,
                        ],
                    ],
                    [
                        [
                            -0.7612357268390937,
                            -0.09666942992268997,
                            0.0335713628368943,
                            -1.0598777312663594,
                            0.3957453924884791,
                        ],
                        [
                            0.5514582698730159,
                            0.45534201099673244,
                            1.116352540499073,
                            0.9304493028675854,
                            -0.427337706856875,
                        ],
                        [
                            -1.1631376381408212,
                            0.5755998102696113,
                            2.140502291793294,
                            0.37638973847919455,
                            1.5267477907414964,
                        ],
                    ],
                ],
            ],
            [
                [
                    [
                        1.1463786060621923,
                        -0.4284684237099154,
                        -0.21470779818426017,
                        -0.31400423911444864,
                        -1.5444274458655296,
                        -1.1420029868487975,
                    ],
                    [
                        -1.1906952027080544,
                        1.1288531221732963,
                        0.32257709024642744,
                        0.7065465862647815,
                        0.6809535376610336,
                        3.3392979867494605,
                    ],
                    [
                        -0.4156901756709298,
                        0.878161932283687,
                        0.9334291627850589,
                        -0.5025915218259536,
                        -1.723331034995543,
                        1.7464282410470533,
                    ],
                    [
                        0.048726004928134115,
                        -0.4743846976810326,
                        -1.732235342592228,
                        0.8736851329244877,
                        0.5395624219418956,
                        -0.7917683054974656,
                    ],
                ],
                [
                    -1.4497306318160432,
                    0.7534240417814636,
                    0.5993642016468982,
                    -0.14897978631797767,
                    -2.3459872935165977,
                    1.3733572950036608,
                ],
                [
                    [
                        [
                            -0.10672785258524745,
                            -0.15012748635191472,
                            0.4075594606240032,
                            0.8858677789879147,
                            -0.44937249631763393,
                        ],
                        [
                            -0.06336974162118711,
                            0.7404872702940363,
                            -0.456458847220177,
                            -2.3527264886579013,
                            -1.2293516906467639,
                        ],
                        [
                            0.9269768971875292,
                            1.1471451114233124,
                            1.11007055443235,
                            -1.4428614058920286,
                            0.3979564357284877,
                        ],
                    ],
                    [
                        [
                            1.3553344430914567,
                            -0.30822193953729937,
                            0.7894184550902348,
                            -0.6720941320244737,
                            -0.8985753007297126,
                        ],
                        [
                            -0.9225199590530513,
                            0.11646501932832064,
                            -0.9650651647072267,
                            -1.0402632825614508,
                            -0.10216896991138821,
                        ],
                        [
                            0.22764656129706815,
                            -0.8710586671753888,
                            -0.07816432147618224,
                            0.04500157138089148,
                            -1.422795385956119,
                        ],
                    ],
                ],
            ],
        ],
        [
            [
                [
                    -2.478391328430874,
                    -0.35139652682236955,
                    -0.9058753025995366,
                    1.1172547106067365,
                    -0.6916823841149553,
                    -1.3176570423514584,
                ],
                [
                    -0.5892548330453321,
                    -0.9145505535644378,
                    0.15399677688928837,
                    0.7316488200271003,
                    -1.373861456525379,
                    1.1752961756223232,
                ],
                [
                    -1.583392715357908,
                    -0.7656950752933068,
                    0.5055379365028392,
                    -0.8826613893678672,
                    0.6131081702912066,
                    0.9440087900142069,
                ],
                [
                    0.0766401971095407,
                    -0.6761427488043333,
                    -0.7255835725610972,
                    -0.06275317182373699,
                    -1.868020449503471,
                    0.9823174717165026,
                ],
            ],
            [
                0.021755258272347176,
                0.16328518680125845,
                0.009801914340052433,
                -0.9656139379319917,
                -1.0646799766350048,
                -0.3462434131116753,
            ],
            [
                [
                    [
                        0.3471474381720363,
                        -0.300874731012231,
                        -3.107391014008987,
                        -0.03530923161226219,
                        1.711439654246997,
                    ],
                    [
                        -0.7227117265476403,
                        -0.6365613420303682,
                        2.897875909266006,
                        -1.8989954488030345,
                        0.33185166790512677,
                    ],
                    [
                        -1.4993734512833663,
                        -1.9809323786372877,
                        0.05950998739031787,
                        -0.3848221243665629,
                        -0.5742918472007015,
                    ],
                ],
                [
                    [
                        -0.5202243113478637,
                        -0.8813674152288619,
                        -0.5487047787590599,
                        -0.43741339978685945,
                        0.2993982031500671,
                    ],
                    [
                        -0.8045083948885964,
                        0.25253602228367017,
                        0.3696686462339606,
                        0.06251500658558445,
                        -0.6583495453869637,
                    ],
                    [
                        0.33347376961377134,
                        -0.16337254561518832,
                        0.9025787585721314,
                        0.3746148033659951,
                        -0.6265803111551261,
                    ],
                ],
            ],
        ],
        [
            [
                [0.9644193980663996],
                [1.3466404103964214],
                [0.9746881558648076],
                [0.7526739815683396],
            ],
            [
                [
                    0.9630055940657053,
                    0.7206143929126259,
                    1.3321915578396755,
                    0.487211549055909,
                    0.7583951581192706,
                    1.7962146668507664,
                ]
            ],
            [
                1.3734218277454973,
                0.7685861493274968,
                2.012853249684022,
                0.7537847717532176,
                1.9506160466277367,
                1.845268016838489,
            ],
        ],
    ),
}


def _flat_all(xs):
    return [v for x in xs for v in torch.tensor(x, dtype=torch.float64).reshape(-1).tolist()]


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_adafactor_steps_as_pytorch(dt):
    start, grads, after, state = ADAFACTOR_TORCH[dt]
    dtype = getattr(torch, dt)
    ps = [torch.tensor(p, dtype=dtype, requires_grad=True) for p in start]
    opt = torch.optim.Adafactor(ps, lr=0.05, weight_decay=0.01)
    for step in grads:
        for p, g in zip(ps, step):
            p.grad = torch.tensor(g, dtype=dtype)
        opt.step()
    st = opt.state[ps[0]]
    assert sorted(st) == ["col_var", "row_var", "step"] and st["step"].item() == 4.0
    assert sorted(opt.state[ps[1]]) == ["step", "variance"]
    got = [st["row_var"].tolist(), st["col_var"].tolist(), opt.state[ps[1]]["variance"].tolist()]
    if dt == "float64":  # bit for bit
        assert [p.tolist() for p in ps] == after and got == state
    else:  # one row norm in 16 is PyTorch's kernel's by an ulp, not bit for bit
        assert _flat_all([p.tolist() for p in ps]) == pytest.approx(_flat_all(after), abs=1e-7)
        assert _flat_all(got) == pytest.approx(_flat_all(state), rel=3e-7)
        assert ps[1].tolist() == after[1] and got[2] == state[2]  # a vector's step: exact


def test_adafactor_options_and_errors_as_pytorch():
    w = torch.zeros(2, 2, requires_grad=True)
    opt = torch.optim.Adafactor([w])
    assert opt.param_groups[0]["lr"] == 1e-2 and opt.param_groups[0]["eps"] == (None, 1e-3)
    assert "beta2_decay: -0.8" in repr(opt) and repr(opt).startswith("Adafactor (")
    for kwargs, message in [
        ({"lr": -1}, "Learning rate should be >= 0 but is: -1"),
        ({"beta2_decay": 0.5}, "beta2_decay should be <= 0 but is: 0.5"),
        ({"eps": (-1, 1e-3)}, "epsilon1 should be >= 0 but is: -1"),
        ({"d": 0.5}, "Clipping threshold d should be >= 1 but is: 0.5"),
        ({"weight_decay": -1}, "weight_decay should be >= 0 but is: -1"),
    ]:
        with pytest.raises(ValueError, match=re.escape(message)):
            torch.optim.Adafactor([w], **kwargs)


# -- torch.optim.swa_utils and deepcopy --------------------------------------------------------
# made by PyTorch 2.13: torch.manual_seed(0); net = Linear(3, 2); four steps adding randn(2, 3)
# to its weight, each followed by update_parameters of AveragedModel(net) (the running mean),
# (multi_avg_fn=get_ema_multi_avg_fn(0.9)), (avg_fn=get_ema_avg_fn(0.8)) and
# (multi_avg_fn=get_swa_multi_avg_fn()): dtype: (weight, steps, the four averaged weights)
SWA_TORCH = {
    "float32": (
        [
            [-0.004322517663240433, 0.3097158372402191, -0.4751853346824646],
            [-0.4248946011066437, -0.2223689705133438, 0.15482072532176971],
        ],
        [
            [
                [-1.0845223665237427, -1.3985954523086548, 0.40334683656692505],
                [0.8380263447761536, -0.7192575931549072, -0.40334352850914],
            ],
            [
                [-0.5966353416442871, 0.18203648924827576, -0.8566746115684509],
                [1.1006041765213013, -1.0711873769760132, 0.1227012425661087],
            ],
            [
                [-0.5663174986839294, 0.3731146454811096, -0.8919953107833862],
                [-1.5091077089309692, 0.3703935444355011, 1.4565025568008423],
            ],
            [
                [0.9398099184036255, 0.7748488187789917, 0.19186942279338837],
                [1.2637947797775269, -1.2904350757598877, -0.7911027073860168],
            ],
        ],
        [
            [
                [-1.584527611732483, -0.5720826983451843, -1.1123747825622559],
                [0.7999796867370605, -1.8824291229248047, 0.37397873401641846],
            ],
            [
                [-1.2641524076461792, -0.8911710977554321, -0.4542894959449768],
                [0.5510444641113281, -1.290587067604065, -0.01764555275440216],
            ],
            [
                [-1.3959152698516846, -0.7107547521591187, -0.7726402282714844],
                [0.6597068309783936, -1.589111566543579, 0.17747578024864197],
            ],
            [
                [-1.584527611732483, -0.5720826983451843, -1.1123747825622559],
                [0.7999796867370605, -1.8824291229248047, 0.37397873401641846],
            ],
        ],
    ),
    "float64": (
        [
            [0.5427704542528101, 0.23996970930833816, -0.046900537438113156],
            [0.48583757737745076, 0.16745942958373372, 0.3361886278485809],
        ],
        [
            [
                [-0.7192575784693592, -0.40334352493217457, -0.5966353626151273],
                [0.18203648506130554, -0.8566745932963743, 1.100604170903427],
            ],
            [
                [-1.0711873631091473, 0.12270123916331216, -0.5663174751548546],
                [0.37311463418249957, -0.8919953148065625, -1.509107744632202],
            ],
            [
                [0.3703935333738153, 1.4565026067903366, 0.9398099079535257],
                [0.7748488177844168, 0.19186942747902466, 1.2637947253235853],
            ],
            [
                [-1.29043510317847, -0.7911026902762878, -0.020879472995974358],
                [-0.7184800423600348, 0.5186367489510352, -1.3125219619835629],
            ],
        ],
        [
            [
                [-1.1172896556561196, 0.45912774457474403, -0.6035889206916122],
                [1.1555144363778307, -1.132617748840291, 0.6087288624437582],
            ],
            [
                [-0.5254476385959501, 0.06750344645195634, -0.6205320006086337],
                [0.8443613994452493, -0.8426270279091007, 1.1366934015698062],
            ],
            [
                [-0.8239719060349333, 0.2626247894771235, -0.5857431556647351],
                [0.9852035698501991, -0.9517085336555872, 0.8928099280912715],
            ],
            [
                [-1.1172896568869564, 0.45912775588363186, -0.6035889157991797],
                [1.1555144435408646, -1.132617750733694, 0.6087288662378983],
            ],
        ],
    ),
}


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_averaged_models_as_pytorch(dt):
    from tinygrad_edu.optim.swa_utils import (
        AveragedModel,
        get_ema_avg_fn,
        get_ema_multi_avg_fn,
        get_swa_multi_avg_fn,
    )

    weight, steps, want = SWA_TORCH[dt]
    dtype = getattr(torch, dt)
    net = nn.Linear(3, 2, dtype=dtype)
    with torch.no_grad():
        net.weight.copy_(torch.tensor(weight, dtype=dtype))
    models = [
        AveragedModel(net),
        AveragedModel(net, multi_avg_fn=get_ema_multi_avg_fn(0.9)),
        AveragedModel(net, avg_fn=get_ema_avg_fn(0.8)),
        AveragedModel(net, multi_avg_fn=get_swa_multi_avg_fn()),
    ]
    for s in steps:
        with torch.no_grad():
            net.weight.add_(torch.tensor(s, dtype=dtype))
        for m in models:
            m.update_parameters(net)
    assert [m.module.weight.tolist() for m in models] == want
    assert models[0].n_averaged.tolist() == 4 and models[0].n_averaged.dtype is torch.int64
    assert list(models[0].state_dict()) == ["n_averaged", "module.weight", "module.bias"]
    assert repr(models[0]) == (
        "AveragedModel(\n  (module): Linear(in_features=3, out_features=2, bias=True)\n)"
    )


def test_swalr_and_update_bn_as_pytorch():
    from tinygrad_edu.optim.swa_utils import SWALR, AveragedModel, update_bn

    w = torch.zeros(2, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3)
    lrs = []
    for _ in range(5):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    # made by PyTorch 2.13
    assert lrs == [0.08750000000000001, 0.06250000000000001, 0.05, 0.05, 0.05]
    lin = SWALR(torch.optim.SGD([w], lr=0.1), swa_lr=0.01, anneal_epochs=2,
                anneal_strategy="linear")  # fmt: skip
    assert lin.get_last_lr() == [0.1] and "anneal_func" not in lin.state_dict()
    with pytest.raises(ValueError, match="anneal_strategy must be one of 'cos' or 'linear', "):
        SWALR(opt, swa_lr=0.1, anneal_strategy="exp")
    with pytest.raises(ValueError, match=r"swa_lr has 2 values, param_groups has 1\."):
        SWALR(opt, swa_lr=[0.1, 0.2])
    model = nn.Sequential(
        nn.Linear(2, 3, dtype=torch.float64), nn.BatchNorm1d(3, dtype=torch.float64)
    )
    swa = AveragedModel(model)
    xs = torch.tensor([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0], [-2.0, 1.5]], dtype=torch.float64)
    update_bn([(xs[:2], 0), (xs[2:], 1)], swa)
    bn = swa.module[1]
    # a cumulative average over the two batches, then momentum back to 0.1
    with torch.no_grad():
        h = swa.module[0](xs)
    m0, m1 = h[:2].mean(0), h[2:].mean(0)
    assert bn.running_mean.tolist() == pytest.approx(((m0 + m1) / 2).tolist(), rel=1e-12)
    assert bn.num_batches_tracked.item() == 2 and bn.momentum == 0.1


def test_deepcopy_gives_a_module_its_own_storage():
    import copy

    net = nn.Linear(2, 2)
    twin = copy.deepcopy(net)
    with torch.no_grad():
        twin.weight.fill_(1.0)
    assert net.weight.tolist() != twin.weight.tolist() == [[1.0, 1.0], [1.0, 1.0]]
    assert type(twin.weight) is nn.Parameter and twin.weight.requires_grad
    y = net.weight * 2
    with pytest.raises(RuntimeError, match=r"Only Tensors created explicitly by the user"):
        copy.deepcopy(y)


def test_adaptive_max_pool_with_indices_forms():
    x = torch.arange(12.0).reshape(1, 2, 6).requires_grad_()
    out, idx = F.adaptive_max_pool1d_with_indices(x, 3)
    # made by PyTorch 2.13
    assert out.tolist() == [[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]]]
    assert idx.tolist() == [[[1, 3, 5], [1, 3, 5]]]
    out2, idx2 = F.adaptive_max_pool2d_with_indices(x.reshape(1, 1, 3, 4), (2, 2))
    assert out2.tolist() == [[[[5.0, 7.0], [9.0, 11.0]]]] and idx2.tolist() == [[[[5, 7], [9, 11]]]]
