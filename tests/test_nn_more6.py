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
