"""torch.nn as PyTorch has it: Module's registry and tree, the containers, the activation
modules and functions, the losses with their options, nn.init's trunc_normal_, torch.save and
torch.load. Expected values are computed independently here (float64 formulas, central
differences) or were printed by PyTorch 2.13 (messages, reprs, seeded draws)."""

from __future__ import annotations

import io
import math
import pickle
import warnings
from collections import OrderedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu import nn
from tinygrad_edu.nn import functional as F  # noqa: N812 - PyTorch users' name

f64 = torch.float64


def _t(xs, **kw):
    return torch.tensor(xs, dtype=f64, **kw)


# -- Module ---------------------------------------------------------------------------------


def test_apply_visits_children_depth_first_then_the_module():
    net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU(), nn.Tanh()))
    seen = []
    assert net.apply(lambda m: seen.append(type(m).__name__)) is net
    assert seen == ["Linear", "ReLU", "Tanh", "Sequential", "Sequential"]


def test_assigning_an_existing_child_keeps_its_place_and_sequential_setitem():
    net = nn.Sequential(nn.Linear(6, 5), nn.ReLU(), nn.Linear(5, 4))
    net[0] = nn.Linear(6, 3)
    net[-1] = nn.Linear(5, 1)
    assert list(net._modules) == ["0", "1", "2"]
    assert net[0].out_features == 3 and net[2].out_features == 1


def test_get_submodule_and_get_parameter_with_pytorchs_errors():
    net = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
    assert net.get_submodule("0") is net[0] and net.get_submodule("") is net
    assert net.get_parameter("0.bias") is net[0].bias
    for call, message in [
        (lambda: net.get_submodule("0.foo"), "Linear has no attribute `foo`"),
        (lambda: net.get_submodule("0.weight"), "`weight` is not an nn.Module"),
        (lambda: net.get_parameter("1"), "`1` is not an nn.Parameter"),
    ]:
        with pytest.raises(AttributeError) as e:
            call()
        assert str(e.value) == message


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda m: setattr(m[0], "weight", torch.zeros(3, 2)), TypeError,
         "cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or None "
         "expected)"),
        (lambda m: setattr(m, "0", 5), TypeError,
         "cannot assign 'int' as child module '0' (torch.nn.Module or None expected)"),
        (lambda m: m.train("yes"), ValueError, "training mode is expected to be boolean"),
        (lambda m: m.add_module("a.b", nn.ReLU()), KeyError,
         "'module name can\\'t contain \".\", got: a.b'"),
        (lambda m: m.register_buffer("w", 3), TypeError,
         "cannot assign 'int' object to buffer 'w' (torch Tensor or None required)"),
    ],
)  # fmt: skip
def test_bad_registrations_are_pytorchs_errors(call, error, message):
    with pytest.raises(error) as e:
        call(nn.Sequential(nn.Linear(2, 3), nn.ReLU()))
    assert str(e.value) == message


def test_state_dict_names_a_shared_module_twice_and_skips_non_persistent_buffers():
    shared = nn.Linear(2, 2)
    net = nn.Sequential(shared, nn.ReLU(), shared)
    net.register_buffer("steps", torch.tensor(3))
    net.register_buffer("scratch", torch.zeros(1), persistent=False)
    assert list(net.state_dict()) == ["steps", "0.weight", "0.bias", "2.weight", "2.bias"]
    assert len(list(net.parameters())) == 2
    assert [n for n, _ in net.named_buffers()] == ["steps", "scratch"]
    assert net.state_dict()["0.bias"].requires_grad is False
    assert net.state_dict(keep_vars=True)["0.bias"] is shared.bias


def test_load_state_dict_reports_as_pytorch_and_copies_values():
    net = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
    bad = {"0.weight": torch.zeros(3, 3), "0.bias": torch.zeros(3), "x": torch.zeros(1)}
    with pytest.raises(RuntimeError) as e:
        net.load_state_dict(bad)
    assert str(e.value) == (
        "Error(s) in loading state_dict for Sequential:\n\t"
        'Unexpected key(s) in state_dict: "x". \n\t'
        "size mismatch for 0.weight: copying a param with shape torch.Size([3, 3]) from "
        "checkpoint, the shape in current model is torch.Size([3, 2])."
    )
    keys = net.load_state_dict({"0.weight": torch.ones(3, 2)}, strict=False)
    assert repr(keys) == "_IncompatibleKeys(missing_keys=['0.bias'], unexpected_keys=[])"
    assert net[0].weight.tolist() == [[1.0, 1.0]] * 3 and net[0].weight.requires_grad
    assert repr(net.load_state_dict(net.state_dict())) == "<All keys matched successfully>"


def test_to_a_device_or_a_dtype_is_the_model_itself():
    m = nn.Linear(2, 2)
    w = m.weight
    assert m.to("cpu") is m and m.to(torch.float32) is m
    assert m.to(torch.float64) is m and m.weight is w and w.dtype is torch.float64


def test_forward_hooks_see_and_replace_inputs_and_outputs():
    relu = nn.ReLU()
    calls = []
    pre = relu.register_forward_pre_hook(lambda m, args: (args[0] * 2,))
    relu.register_forward_hook(lambda m, args, out: calls.append(out.tolist()))
    assert relu(torch.tensor([-1.0, 3.0])).tolist() == [0.0, 6.0] and calls == [[0.0, 6.0]]
    pre.remove()
    assert relu(torch.tensor([3.0])).tolist() == [3.0]


# -- containers ------------------------------------------------------------------------------


def test_sequential_slices_keep_names_and_deletion_renumbers():
    s = nn.Sequential(nn.ReLU(), nn.Tanh(), nn.Sigmoid())
    assert repr(s[::2]) == "Sequential(\n  (0): ReLU()\n  (2): Sigmoid()\n)"
    del s[0]
    assert list(s._modules) == ["0", "1"] and type(s[0]).__name__ == "Tanh"
    s.insert(1, nn.Identity())
    assert [type(m).__name__ for m in s] == ["Tanh", "Identity", "Sigmoid"]
    assert type(s.pop(0)).__name__ == "Tanh" and len(s) == 2
    assert len(s + nn.Sequential(nn.ReLU())) == 3 and len(s * 2) == 4
    with pytest.raises(IndexError, match="index 5 is out of range"):
        s[5]
    with pytest.raises(ValueError, match="add operator supports only objects of Sequential"):
        s + 3


def test_module_list_repr_compresses_runs_as_pytorch():
    ml = nn.ModuleList([nn.ReLU(), nn.ReLU(), nn.Tanh(), nn.ReLU()])
    assert repr(ml) == "ModuleList(\n  (0-1): 2 x ReLU()\n  (2): Tanh()\n  (3): ReLU()\n)"
    assert len(ml[1:]) == 3 and type(ml[-2]).__name__ == "Tanh"


def test_module_dict_registers_by_name():
    md = nn.ModuleDict({"a": nn.Linear(1, 1), "b": nn.ReLU()})
    assert list(md) == ["a", "b"] and "a" in md and len(list(md.parameters())) == 2
    assert [n for n, _ in md.named_parameters()] == ["a.weight", "a.bias"]


def test_lazy_linear_draws_at_its_first_forward_and_becomes_linear():
    torch.manual_seed(0)
    lazy = nn.LazyLinear(3)
    x = torch.rand(2, 4)
    y = lazy(x)
    torch.manual_seed(0)
    _ = torch.rand(2, 4)
    ref = nn.Linear(4, 3)
    assert type(lazy) is nn.Linear and lazy.in_features == 4
    assert lazy.weight.tolist() == ref.weight.tolist() and y.tolist() == ref(x).tolist()


def test_linear_on_a_batch_of_batches_is_row_by_row():
    lin, nb = nn.Linear(2, 3), nn.Linear(2, 3, bias=False)
    x = torch.rand(2, 5, 2)
    y = lin(x)
    assert y.shape == (2, 5, 3) and y.grad_fn.name() == "ViewBackward0"
    assert nb(x).grad_fn.name() == "UnsafeViewBackward0"
    assert y[1, 3].tolist() == lin(x[1, 3]).tolist()


# -- activations -----------------------------------------------------------------------------

_SELU = (1.6732632423543772848170429916717, 1.0507009873554804934193349852946)


def _phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def _softplus(x):
    return math.log1p(math.exp(x))


# name: (F function, float64 formula, PyTorch's grad_fn)
ACTIVATIONS = {
    "gelu": (F.gelu, lambda x: x * _phi(x), "GeluBackward0"),
    "elu": (F.elu, lambda x: x if x > 0 else math.expm1(x), "EluBackward0"),
    "selu": (F.selu, lambda x: _SELU[1] * (x if x > 0 else _SELU[0] * math.expm1(x)),
             "EluBackward0"),
    "celu": (lambda x: F.celu(x, 2.0), lambda x: x if x > 0 else 2 * math.expm1(x / 2),
             "CeluBackward0"),
    "hardtanh": (F.hardtanh, lambda x: min(max(x, -1), 1), "HardtanhBackward0"),
    "relu6": (F.relu6, lambda x: min(max(x, 0), 6), "HardtanhBackward0"),
    "mish": (F.mish, lambda x: x * math.tanh(_softplus(x)), "MishBackward0"),
    "hardsigmoid": (F.hardsigmoid, lambda x: min(max(x / 6 + 0.5, 0), 1), "HardsigmoidBackward0"),
    "hardswish": (F.hardswish, lambda x: x * min(max(x + 3, 0), 6) / 6, "HardswishBackward0"),
    "logsigmoid": (F.logsigmoid, lambda x: -_softplus(-x), "LogSigmoidBackward0"),
    "softsign": (F.softsign, lambda x: x / (1 + abs(x)), "DivBackward0"),
    "tanhshrink": (F.tanhshrink, lambda x: x - math.tanh(x), "SubBackward0"),
    "gelu_tanh": (lambda x: F.gelu(x, approximate="tanh"),
                  lambda x: 0.5 * x * (1 + math.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3))),
                  "GeluBackward0"),
}  # fmt: skip

_POINTS = st.floats(-5, 5).filter(lambda x: min(abs(x - k) for k in (-3, -1, 0, 1, 3, 6)) > 1e-3)


@pytest.mark.parametrize("name", sorted(ACTIVATIONS))
@settings(max_examples=25, deadline=None)
@given(x=_POINTS)
def test_activation_values_and_grads_match_formula_and_central_differences(name, x):
    fn, ref, node = ACTIVATIONS[name]
    t = _t([x], requires_grad=True)
    y = fn(t)
    assert y.grad_fn.name() == node
    assert y.item() == pytest.approx(ref(x), rel=1e-12, abs=1e-14)
    y.sum().backward()
    h = 1e-6
    assert t.grad.item() == pytest.approx((ref(x + h) - ref(x - h)) / (2 * h), rel=1e-5, abs=1e-7)


def test_activation_modules_print_as_pytorch():
    mods = [nn.ELU(), nn.GELU(), nn.Softplus(), nn.SiLU(), nn.Hardtanh(), nn.ReLU6(),
            nn.LeakyReLU(0.1), nn.ReLU(inplace=True), nn.ELU(0.5, True), nn.Softmax(dim=1),
            nn.CELU(), nn.Mish(), nn.LogSigmoid(), nn.Softmin(0)]  # fmt: skip
    assert [repr(m) for m in mods] == [
        "ELU(alpha=1.0)", "GELU(approximate='none')", "Softplus(beta=1.0, threshold=20.0)",
        "SiLU()", "Hardtanh(min_val=-1.0, max_val=1.0)", "ReLU6()",
        "LeakyReLU(negative_slope=0.1)", "ReLU(inplace=True)", "ELU(alpha=0.5, inplace=True)",
        "Softmax(dim=1)", "CELU(alpha=1.0)", "Mish()", "LogSigmoid()", "Softmin(dim=0)",
    ]  # fmt: skip
    assert isinstance(nn.ReLU6(), nn.Hardtanh) and nn.ReLU6().max_val == 6.0
    with pytest.raises(AssertionError, match=r"max_val \(-1\) must be greater than min_val \(1\)"):
        nn.Hardtanh(1, -1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'slope'"):
        nn.LeakyReLU(slope=0.1)


def test_inplace_relu_writes_into_its_input():
    x = torch.tensor([-1.0, 2.0])
    assert F.relu(x, inplace=True) is x and x.tolist() == [0.0, 2.0]
    y = torch.tensor([-1.0, 2.0], requires_grad=True) * 1
    nn.ReLU(inplace=True)(y)
    assert y.grad_fn.name() == "ReluBackward0"
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        F.relu(torch.tensor([1.0], requires_grad=True), inplace=True)


def test_one_hot_normalize_pad():
    assert F.one_hot(torch.tensor([0, 2, 1]), 3).tolist() == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]
    assert F.one_hot(torch.tensor([[1]])).shape == (1, 1, 2)
    for bad, message in [
        (torch.tensor([0.0]), "one_hot is only applicable to index tensor of type LongTensor."),
        (torch.tensor([0, -1]), "Class values must be non-negative."),
    ]:
        with pytest.raises(RuntimeError, match=message):
            F.one_hot(bad)
    with pytest.raises(RuntimeError, match=r"Class values must be smaller than num_classes\."):
        F.one_hot(torch.tensor([3]), 3)
    assert F.normalize(_t([[3.0, 4.0]])).tolist() == [[0.6, 0.8]]
    assert F.normalize(torch.zeros(1, 2)).tolist() == [[0.0, 0.0]]
    p = F.pad(torch.ones(2, requires_grad=True), (1, 2), value=3.0)
    assert p.tolist() == [3.0, 1.0, 1.0, 3.0, 3.0] and p.grad_fn.name() == "ConstantPadNdBackward0"
    assert F.pad(torch.ones(1, 1), (1, 0, 0, 1)).tolist() == [[0.0, 1.0], [0.0, 0.0]]
    with pytest.raises(RuntimeError, match="Padding length must be divisible by 2"):
        F.pad(torch.ones(2), (1,))


# -- losses --------------------------------------------------------------------------------

X = [[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [1.0, 1.0, 1.0], [-1.0, 0.0, 3.0]]
T = [0, 1, 2, 1]


def _logp(row):
    m = max(row)
    lse = m + math.log(sum(math.exp(v - m) for v in row))
    return [v - lse for v in row]


LP = [_logp(r) for r in X]


def test_cross_entropy_with_weight_ignore_index_label_smoothing_and_probabilities():
    x = _t(X, requires_grad=True)
    t = torch.tensor(T)
    w = [1.0, 2.0, 0.5]
    got = F.cross_entropy(x, t, weight=_t(w))
    want = -sum(w[c] * LP[i][c] for i, c in enumerate(T)) / sum(w[c] for c in T)
    assert got.item() == pytest.approx(want, rel=1e-13) and got.grad_fn.name() == "NllLossBackward0"
    kept = [i for i, c in enumerate(T) if c != 1]
    got = F.cross_entropy(x, t, ignore_index=1)
    assert got.item() == pytest.approx(-sum(LP[i][T[i]] for i in kept) / len(kept), rel=1e-13)
    none = F.cross_entropy(x, t, ignore_index=1, reduction="none").tolist()
    assert none[1] == 0.0 and none[0] == pytest.approx(-LP[0][0], rel=1e-13)
    eps = 0.1
    got = F.cross_entropy(x, t, label_smoothing=eps)
    want = sum(-(1 - eps) * LP[i][c] - eps / 3 * sum(LP[i]) for i, c in enumerate(T)) / 4
    assert got.item() == pytest.approx(want, rel=1e-13) and got.grad_fn.name() == "AddBackward0"
    probs = [[0.7, 0.2, 0.1]] * 4
    got = F.cross_entropy(x, _t(probs))
    want = -sum(p * lp for pr, lr in zip(probs, LP) for p, lp in zip(pr, lr)) / 4
    assert got.item() == pytest.approx(want, rel=1e-13) and got.grad_fn.name() == "DivBackward1"
    got.backward()  # d/dx of soft-target cross-entropy: (softmax(x) - p) / N
    sm = [[math.exp(v) for v in lr] for lr in LP]
    for g, s, p in zip(x.grad.tolist(), sm, probs):
        assert g == pytest.approx([(a - b) / 4 for a, b in zip(s, p)], rel=1e-12)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda x, t: F.cross_entropy(x, torch.tensor([0, 1, 2, 3])), IndexError,
         "Target 3 is out of bounds."),
        (lambda x, t: F.cross_entropy(x, t.float()), RuntimeError,
         "expected target dtype to be Long or Byte, but got Float"),
        (lambda x, t: F.nll_loss(x, t[:3]), ValueError,
         r"Expected input batch_size \(4\) to match target batch_size \(3\)."),
        (lambda x, t: F.cross_entropy(x, t, label_smoothing=1.5), RuntimeError,
         "label_smoothing must be between 0.0 and 1.0. Got: 1.5"),
        (lambda x, t: nn.MSELoss(reduction="foo")(x, x), ValueError,
         "foo is not a valid value for reduction"),
        (lambda x, t: F.smooth_l1_loss(x, x, beta=-1), RuntimeError,
         "smooth_l1_loss does not support negative values for beta."),
        (lambda x, t: F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0])),
         RuntimeError, "all elements of input should be between 0 and 1"),
    ],
)  # fmt: skip
def test_loss_errors_are_pytorchs(call, error, message):
    with pytest.raises(error, match=message):
        call(torch.tensor(X), torch.tensor(T))


def _smooth(d, beta):
    return 0.5 * d * d / beta if abs(d) < beta else abs(d) - 0.5 * beta


def _huber(d, delta):
    return 0.5 * d * d if abs(d) < delta else delta * (abs(d) - 0.5 * delta)


@settings(max_examples=30, deadline=None)
@given(
    ds=st.lists(
        st.floats(-4, 4).filter(lambda d: abs(abs(d) - 0.5) > 1e-3), min_size=1, max_size=5
    ),
    beta=st.sampled_from([0.5, 1.0]),
)
def test_smooth_l1_and_huber_values_and_grads(ds, beta):
    for fn, ref, node in [
        (lambda a, b: F.smooth_l1_loss(a, b, beta=beta), _smooth, "SmoothL1LossBackward0"),
        (lambda a, b: F.huber_loss(a, b, delta=beta), _huber, "HuberLossBackward0"),
    ]:
        if any(abs(abs(d) - beta) < 1e-3 for d in ds):
            continue
        x = _t(ds, requires_grad=True)
        loss = fn(x, torch.zeros(len(ds), dtype=f64))
        assert loss.grad_fn.name() == node
        assert loss.item() == pytest.approx(sum(ref(d, beta) for d in ds) / len(ds), rel=1e-12)
        loss.backward()
        h = 1e-6
        num = [(ref(d + h, beta) - ref(d - h, beta)) / (2 * h) / len(ds) for d in ds]
        assert x.grad.tolist() == pytest.approx(num, rel=1e-5, abs=1e-8)


def test_bce_weight_pos_weight_and_clamped_logs():
    z = [1.2, -0.7, 0.0, 3.0]
    t = [1.0, 0.0, 1.0, 1.0]
    p = [1 / (1 + math.exp(-v)) for v in z]
    w = [1.0, 2.0, 1.0, 0.5]
    got = F.binary_cross_entropy(_t(p), _t(t), weight=_t(w)).item()
    terms = [-(ti * math.log(pi) + (1 - ti) * math.log(1 - pi)) for pi, ti in zip(p, t)]
    assert got == pytest.approx(sum(a * b for a, b in zip(w, terms)) / 4, rel=1e-12)
    x = _t(z, requires_grad=True)
    loss = F.binary_cross_entropy_with_logits(x, _t(t), pos_weight=_t([2.0]))
    pw = [2.0 if ti else 1.0 for ti in t]
    want = [
        -(pwi * ti * math.log(pi) + (1 - ti) * math.log(1 - pi)) for pi, ti, pwi in zip(p, t, pw)
    ]
    assert loss.item() == pytest.approx(sum(want) / 4, rel=1e-12)
    nn.BCEWithLogitsLoss()(x, _t(t)).backward()  # the grad is (sigmoid(x) - t) / N, also at 0
    assert x.grad.tolist() == pytest.approx([(pi - ti) / 4 for pi, ti in zip(p, t)], rel=1e-12)
    assert nn.BCELoss()(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.0])).item() == 100.0


def test_loss_modules_keep_weights_as_buffers_and_legacy_arguments():
    ce = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0]), ignore_index=0)
    assert list(ce.state_dict()) == ["weight"] and repr(ce) == "CrossEntropyLoss()"
    assert list(nn.BCEWithLogitsLoss(pos_weight=torch.ones(1)).state_dict()) == ["pos_weight"]
    assert nn.SmoothL1Loss(beta=0.5).beta == 0.5 and nn.HuberLoss(delta=2.0).delta == 2.0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert nn.MSELoss(size_average=False).reduction == "sum"
    assert "please use reduction='sum' instead" in str(caught[0].message)


# -- embedding and normalisation -------------------------------------------------------------


def test_embedding_rows_padding_and_grads():
    torch.manual_seed(0)
    ref = torch.randn(5, 3).tolist()  # Embedding draws its weight as randn does
    torch.manual_seed(0)
    e = nn.Embedding(5, 3, padding_idx=0)
    assert repr(e) == "Embedding(5, 3, padding_idx=0)"
    assert e.weight.tolist() == [[0.0] * 3, *ref[1:]]
    y = e(torch.tensor([[0, 2], [4, 2]]))
    assert y.shape == (2, 2, 3) and y.grad_fn.name() == "EmbeddingBackward0"
    y.sum().backward()
    assert e.weight.grad.tolist() == [[0.0] * 3, [0.0] * 3, [2.0] * 3, [0.0] * 3, [1.0] * 3]
    with pytest.raises(IndexError, match="index out of range in self"):
        e(torch.tensor([5]))


def _stats(xs):
    m = sum(xs) / len(xs)
    return m, sum((x - m) ** 2 for x in xs) / len(xs)


def test_layer_norm_and_batch_norm_against_the_formulas():
    rows = [[1.0, 2.0, 4.0], [3.0, 5.0, 9.0], [0.5, -1.0, 2.0]]
    x = _t(rows, requires_grad=True)
    ln = nn.LayerNorm(3, dtype=f64)
    assert repr(ln) == "LayerNorm((3,), eps=1e-05, elementwise_affine=True, bias=True)"
    y = ln(x)
    assert y.grad_fn.name() == "NativeLayerNormBackward0"
    for got, row in zip(y.tolist(), rows):
        m, v = _stats(row)
        assert got == pytest.approx([(a - m) / math.sqrt(v + 1e-5) for a in row], rel=1e-12)
    bn = nn.BatchNorm1d(3, dtype=f64)
    assert list(bn.state_dict()) == [
        "weight", "bias", "running_mean", "running_var", "num_batches_tracked",
    ]  # fmt: skip
    y = bn(x)
    cols = list(zip(*rows))
    for j, col in enumerate(cols):
        m, v = _stats(col)
        assert [r[j] for r in y.tolist()] == pytest.approx(
            [(a - m) / math.sqrt(v + 1e-5) for a in col], rel=1e-12
        )
        assert bn.running_mean.tolist()[j] == pytest.approx(0.1 * m, rel=1e-14)
        assert bn.running_var.tolist()[j] == pytest.approx(0.9 + 0.1 * v * 3 / 2, rel=1e-14)
    assert bn.num_batches_tracked.item() == 1
    bn.eval()
    rm, rv = bn.running_mean.tolist(), bn.running_var.tolist()
    assert bn(x).tolist()[0] == pytest.approx(
        [(a - m) / math.sqrt(v + 1e-5) for a, m, v in zip(rows[0], rm, rv)], rel=1e-12
    )
    with pytest.raises(ValueError, match="Expected more than 1 value per channel when training"):
        nn.BatchNorm1d(3)(torch.ones(1, 3))


# -- init, save and load --------------------------------------------------------------------


def test_trunc_normal_draws_pytorchs_numbers():
    # printed by PyTorch 2.13 after manual_seed(7): the redraw and the rejection branches
    torch.manual_seed(7)
    assert nn.init.trunc_normal_(torch.empty(6), std=0.5).tolist() == [
        -0.07339754700660706, 0.39307063817977905, 0.47341081500053406, -0.5571720004081726,
        0.8453950881958008, -0.44741395115852356,
    ]  # fmt: skip
    torch.manual_seed(7)
    assert nn.init.trunc_normal_(torch.empty(6), mean=1.0, std=3.0, a=0.0, b=0.5).tolist() == [
        0.26746127009391785, 0.09940159320831299, 0.3296058475971222, 0.3284451365470886,
        0.11638078093528748, 0.2125307023525238,
    ]  # fmt: skip
    torch.manual_seed(7)
    got = nn.init.trunc_normal_(torch.empty(4, dtype=f64), std=0.1, a=-0.05, b=0.3).tolist()
    assert got == [-0.01467950974849952, 0.07861412987235358, 0.09468216090039565,
                   0.12323857451651946]  # fmt: skip
    assert torch.rand(1).item() == 0.720380425453186  # and the generator is where PyTorch's is
    assert nn.init.eye_(torch.empty(2, 3)).tolist() == [[1, 0, 0], [0, 1, 0]]


def test_save_and_load_round_trip_state_dicts(tmp_path):
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
    path = tmp_path / "net.pt"
    torch.save({"model": net.state_dict(), "step": 3, "p": net[0].bias}, path)
    back = torch.load(path, weights_only=True)
    assert type(back["model"]) is OrderedDict and back["step"] == 3
    assert back["model"]["0.weight"].tolist() == net[0].weight.tolist()
    assert isinstance(back["p"], nn.Parameter) and back["p"].requires_grad
    buf = io.BytesIO()
    torch.save(torch.tensor([1, 2], dtype=torch.int64), buf)
    buf.seek(0)
    t = torch.load(buf)
    assert t.dtype is torch.int64 and t.tolist() == [1, 2]
    for t in (torch.tensor(3), torch.tensor(2.5, requires_grad=True), torch.zeros(0, 3)):
        buf = io.BytesIO()
        torch.save(t, buf)
        buf.seek(0)
        back = torch.load(buf)
        assert (back.shape, back.dtype, back.tolist()) == (t.shape, t.dtype, t.tolist())
        assert back.requires_grad == t.requires_grad
    buf = io.BytesIO()
    torch.save(nn.BatchNorm1d(2).state_dict(), buf)  # num_batches_tracked is a 0-d long
    buf.seek(0)
    assert torch.load(buf)["num_batches_tracked"].item() == 0


def test_load_builds_nothing_but_tensors_and_containers():
    evil = pickle.dumps(print)  # a global the file names: loading must not look it up
    with pytest.raises(pickle.UnpicklingError, match="Weights only load failed"):
        torch.load(io.BytesIO(evil))
