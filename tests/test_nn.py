"""nn: micrograd-compatible Neuron/Layer/MLP (same init, outputs, grads, losses) and the losses."""

from __future__ import annotations

import gc
import math
import random
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tinygrad_edu import Value, float64, gradcheck, no_grad, tensor
from tinygrad_edu.core.data import make_moons
from tinygrad_edu.core.engine import apply
from tinygrad_edu.core.ops import NARY
from tinygrad_edu.nn import (
    MLP,
    Layer,
    Linear,
    Module,
    Neuron,
    TensorMLP,
    bce_loss,
    hinge_loss,
    mse_loss,
)


def _pair(seed: int, nin: int, nouts: list[int]):
    mg = pytest.importorskip("micrograd.nn")
    random.seed(seed)
    ours = MLP(nin, nouts)
    random.seed(seed)
    theirs = mg.MLP(nin, nouts)
    return ours, theirs


# -- micrograd compatibility -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1337])
def test_same_seed_gives_micrograds_weights_in_order(seed):
    ours, theirs = _pair(seed, 3, [4, 4, 1])
    assert [p.data for p in ours.parameters()] == [p.data for p in theirs.parameters()]


def test_reprs_are_micrograds():
    ours, theirs = _pair(0, 2, [3, 1])
    assert repr(ours) == repr(theirs)
    assert repr(ours.layers[0]) == repr(theirs.layers[0])
    assert repr(ours.layers[1].neurons[0]) == repr(theirs.layers[1].neurons[0])


def test_parameter_count_is_micrograds():
    ours, theirs = _pair(0, 2, [16, 16, 1])
    assert len(ours.parameters()) == len(theirs.parameters())
    assert len(ours.parameters()) == sum((a + 1) * b for a, b in zip([2, 16, 16], [16, 16, 1]))


def test_outputs_and_grads_equal_micrograds():
    from micrograd.engine import Value as MValue

    ours, theirs = _pair(5, 3, [4, 4, 2])
    x = [0.5, -1.25, 2.0]
    yo, yt = ours(x), theirs([MValue(v) for v in x])
    assert [v.data for v in yo] == pytest.approx([v.data for v in yt], abs=1e-12)
    (yo[0] * yo[1]).backward()
    (yt[0] * yt[1]).backward()
    go = [p.grad for p in ours.parameters()]
    gt = [p.grad for p in theirs.parameters()]
    assert go == pytest.approx(gt, abs=1e-12)
    assert any(g != 0 for g in go)


def test_training_losses_equal_micrograds_demo():
    """Five steps of micrograd's demo loop (its loss written out as in demo.ipynb)."""
    from micrograd.engine import Value as MValue

    ours, theirs = _pair(1337, 2, [16, 16, 1])
    xs, ys = make_moons(30, noise=0.1, seed=3)
    for k in range(5):
        scores = [theirs(list(map(MValue, x))) for x in xs]
        losses = [(1 + -yi * si).relu() for yi, si in zip(ys, scores)]
        total = sum(losses) * (1.0 / len(losses)) + 1e-4 * sum(p * p for p in theirs.parameters())
        theirs.zero_grad()
        total.backward()
        mine = hinge_loss([ours(x) for x in xs], ys, ours.parameters())
        ours.zero_grad()
        mine.backward()
        assert mine.data == pytest.approx(total.data, abs=1e-12)
        lr = 1.0 - 0.9 * k / 100
        for p, q in zip(ours.parameters(), theirs.parameters()):
            p.data -= lr * p.grad
            q.data -= lr * q.grad


# -- call conventions --------------------------------------------------------------------------


def test_layer_returns_a_value_for_one_output_and_a_list_for_several():
    assert isinstance(Layer(2, 1)([1.0, 2.0]), Value)
    out = Layer(2, 3)([1.0, 2.0])
    assert isinstance(out, list) and len(out) == 3 and all(isinstance(v, Value) for v in out)


def test_inputs_may_be_ints_floats_or_values():
    random.seed(0)
    n = Neuron(3, nonlin=False)
    a = n([1, 2.0, Value(3.0)]).data
    b = n([1.0, 2.0, 3.0]).data
    assert a == b == sum(w.data * x for w, x in zip(n.w, [1.0, 2.0, 3.0]))


def test_input_values_get_grads():
    random.seed(0)
    n = Neuron(2, nonlin=False)
    x = [Value(1.0), Value(-2.0)]
    n(x).backward()
    assert [v.grad for v in x] == [w.data for w in n.w]


def test_neuron_nodes_one_affine_node_then_relu():
    random.seed(0)
    relu, lin = Neuron(4), Neuron(4, nonlin=False)
    assert relu([1, 2, 3, 4]).grad_fn.name() == "ReluBackward0"
    out = lin([1, 2, 3, 4])
    assert out.grad_fn.name() == "AddmvBackward0"
    assert all(x is not out for x in out.grad_fn._inputs)  # the weights, inputs and bias
    assert len(out.grad_fn._inputs) == 4 + 4 + 1


def test_a_neuron_follows_weights_and_a_bias_replaced_between_calls():
    # the neuron keeps one (*w, b) tuple for all its calls: it must notice every replacement
    n = Neuron(2, nonlin=False)
    x = [Value(3.0), Value(-2.0)]
    first = n(x)
    assert first.grad_fn._inputs == (*n.w, *x, n.b)
    n.w[1] = Value(10.0)  # one weight replaced in the list
    assert n(x).data == n.w[0].data * 3.0 - 20.0 + n.b.data
    n.b = Value(0.5)
    assert n(x).data == n.w[0].data * 3.0 - 20.0 + 0.5
    n.w = [Value(1.0), Value(1.0), Value(1.0)][:2]  # another list
    out = n(x)
    assert out.data == 1.5 and out.grad_fn._inputs == (*n.w, *x, n.b)
    out.backward()
    assert [w.grad for w in n.w] == [3.0, -2.0] and n.b.grad == 1.0
    assert first.grad_fn._inputs[1] is not n.w[1]  # the first call's node keeps its own


def test_wrong_number_of_inputs_is_an_error():
    with pytest.raises(ValueError, match="takes 3 inputs, got 2"):
        Neuron(3)([1.0, 2.0])
    with pytest.raises(ValueError):
        MLP(3, [2, 1])([1.0, 2.0, 3.0, 4.0])


def test_frozen_neuron_records_no_graph_for_number_inputs():
    random.seed(0)
    n = Neuron(2)
    for p in n.parameters():
        p.requires_grad = False
    out = n([1.0, 1.0])
    assert out.grad_fn is None and not out.requires_grad


def test_no_grad_forward_records_nothing():
    random.seed(0)
    model = MLP(2, [3, 1])
    with no_grad():
        out = model([1.0, 2.0])
    assert out.grad_fn is None


def test_zero_grad_clears_every_parameter():
    random.seed(0)
    model = MLP(2, [3, 1])
    model([1.0, 2.0]).backward()
    assert any(p.grad != 0 for p in model.parameters())
    model.zero_grad()
    assert all(p.grad == 0.0 for p in model.parameters())


def test_module_base_has_no_parameters():
    assert list(Module().parameters()) == []  # a generator, as PyTorch's


def test_a_trained_graph_is_freed_without_the_cycle_collector():
    random.seed(0)
    model = MLP(2, [4, 1])
    gc.disable()
    try:
        loss = hinge_loss([model([1.0, 2.0]), model([-1.0, 0.5])], [1, -1], model.parameters())
        loss.backward()
        node = weakref.ref(loss.grad_fn)
        del loss
        assert node() is None  # freed by reference counting alone: no cycles
    finally:
        gc.enable()


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-2, 2), min_size=3, max_size=3))
def test_affine_node_grads_match_central_differences(xs):
    ws = [Value(v) for v in xs]
    b, x = Value(0.3), Value(xs[0] - 0.7)
    assert gradcheck(lambda *v: apply(NARY["affine"], (*v[:3], 1.5, v[3], -2.0, v[4])), *ws, x, b)


# -- losses ------------------------------------------------------------------------------------


def test_mse_loss_value_and_grad():
    ps = [Value(1.0), Value(-0.5), Value(2.0)]
    ts = [0.5, 0.5, 1.0]
    loss = mse_loss(ps, ts)
    assert loss.data == pytest.approx(sum((p.data - t) ** 2 for p, t in zip(ps, ts)) / 3)
    loss.backward()
    assert [p.grad for p in ps] == pytest.approx([2 * (p.data - t) / 3 for p, t in zip(ps, ts)])


def test_hinge_loss_is_mean_margin_violation_plus_l2():
    scores = [Value(0.5), Value(-2.0), Value(3.0)]
    labels = [1, 1, -1]
    params = [Value(2.0), Value(-1.0)]
    loss = hinge_loss(scores, labels, params, alpha=0.01)
    margins = [max(0.0, 1 - y * s.data) for s, y in zip(scores, labels)]
    assert loss.data == pytest.approx(sum(margins) / 3 + 0.01 * 5.0)
    loss.backward()
    assert [p.grad for p in params] == pytest.approx([0.04, -0.02])
    assert [s.grad for s in scores] == pytest.approx([-1 / 3, -1 / 3, 1 / 3])
    assert hinge_loss(scores, labels).data == pytest.approx(sum(margins) / 3)


def test_bce_loss_value_grad_and_confident_edges():
    ps = [Value(0.9), Value(0.2), Value(0.6)]
    ts = [1, 0, 0.25]
    loss = bce_loss(ps, ts)
    want = -sum(t * math.log(p.data) + (1 - t) * math.log(1 - p.data) for p, t in zip(ps, ts)) / 3
    assert loss.data == pytest.approx(want)
    loss.backward()
    assert ps[0].grad == pytest.approx(-1 / (0.9 * 3))
    assert bce_loss([Value(1.0), Value(0.0)], [1, 0]).data == 0.0  # not nan


def test_hinge_loss_rejects_zero_one_labels():
    with pytest.raises(ValueError, match="-1 or \\+1"):
        hinge_loss([Value(0.5), Value(1.0)], [0, 1])


def test_losses_reject_mismatched_lengths():
    for fn in (mse_loss, hinge_loss, bce_loss):
        with pytest.raises(ValueError):
            fn([Value(0.5)], [1, 0])


@pytest.mark.parity
def test_bce_and_mse_match_torch():
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F  # noqa: N812

    p, t = [0.9, 0.2, 0.6], [1.0, 0.0, 0.25]
    tp = torch.tensor(p, dtype=torch.float64, requires_grad=True)
    tt = torch.tensor(t, dtype=torch.float64)
    for ours, theirs in ((bce_loss, F.binary_cross_entropy), (mse_loss, F.mse_loss)):
        vp = [Value(v) for v in p]
        mine = ours(vp, t)
        mine.backward()
        ref = theirs(tp, tt)
        (g,) = torch.autograd.grad(ref, tp)
        assert mine.data == pytest.approx(ref.item(), abs=1e-12)
        assert [v.grad for v in vp] == pytest.approx(g.tolist(), abs=1e-12)


# -- tensor modules ----------------------------------------------------------------------------


def test_linear_shapes_parameters_and_repr():
    random.seed(0)
    layer = Linear(3, 2)
    assert layer.weight.shape == (2, 3) and layer.bias.shape == (2,)
    assert repr(layer) == "Linear(in_features=3, out_features=2, bias=True)"
    assert len(list(Linear(3, 2, bias=False).parameters())) == 1
    k = 1 / math.sqrt(3)
    flat = [v for row in layer.weight.tolist() for v in row] + layer.bias.tolist()
    assert all(-k <= v <= k for v in flat)
    one = layer(tensor([1.0, 2.0, 3.0]))
    batch = layer(tensor([[1.0, 2.0, 3.0], [0.0, -1.0, 0.5]]))
    assert one.shape == (2,) and batch.shape == (2, 2)
    assert batch[0].tolist() == one.tolist()


def test_linear_computes_weight_times_x_plus_bias():
    random.seed(1)
    layer = Linear(2, 2)
    w, b = layer.weight.tolist(), layer.bias.tolist()
    got = layer(tensor([0.5, -2.0])).tolist()
    assert got == pytest.approx([w[i][0] * 0.5 - 2.0 * w[i][1] + b[i] for i in range(2)])


def test_tensor_mlp_layers_and_zero_grad_to_none():
    random.seed(0)
    model = TensorMLP(2, [4, 4, 1])
    assert [type(m).__name__ for m in model] == ["Linear", "ReLU", "Linear", "ReLU", "Linear"]
    assert len(list(model.parameters())) == 6
    model(tensor([1.0, 2.0])).sum().backward()
    assert model[0].weight.grad is not None
    model.zero_grad()
    assert all(p.grad is None for p in model.parameters())
    assert repr(model).startswith("TensorMLP(\n  (0): Linear(in_features=2, out_features=4")


def _flat(xs):
    return [v for x in xs for v in (_flat(x) if isinstance(x, list) else [x])]


@pytest.mark.parity
def test_tensor_mlp_matches_torch_forward_backward_and_adam():
    torch = pytest.importorskip("torch")
    from tinygrad_edu.optim import Adam

    random.seed(3)
    ours = TensorMLP(2, [5, 1], dtype=float64)
    ref = torch.nn.Sequential(torch.nn.Linear(2, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
    ref = ref.double()
    with torch.no_grad():
        for p, q in zip(ref.parameters(), ours.parameters()):
            p.copy_(torch.tensor(q.tolist(), dtype=torch.float64))
    xs = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]
    ys = [1.0, -1.0, 0.5]
    opt, ropt = Adam(ours.parameters(), lr=0.05), torch.optim.Adam(ref.parameters(), lr=0.05)
    for _ in range(4):
        out = ours(tensor(xs, dtype=float64))
        loss = ((out - tensor([[y] for y in ys], dtype=float64)) ** 2).mean()
        rout = ref(torch.tensor(xs, dtype=torch.float64))
        rloss = ((rout - torch.tensor([[y] for y in ys], dtype=torch.float64)) ** 2).mean()
        opt.zero_grad()
        ropt.zero_grad()
        loss.backward()
        rloss.backward()
        assert loss.item() == pytest.approx(rloss.item(), abs=1e-12)
        for p, q in zip(ours.parameters(), ref.parameters()):
            assert _flat(p.grad.tolist()) == pytest.approx(_flat(q.grad.tolist()), abs=1e-12)
        opt.step()
        ropt.step()
    for p, q in zip(ours.parameters(), ref.parameters()):
        assert _flat(p.tolist()) == pytest.approx(_flat(q.tolist()), abs=1e-12)


@pytest.mark.parametrize(
    "name", ["nn", "nn.module", "nn.parameter", "nn.layers", "nn.functional", "nn.init",
             "core.micrograd", "nn.containers", "nn.activation", "nn.functional_ops", "nn.normalization", "nn.loss",
             "serialization", "_tensor.ops.sampling",
             "optim.lr_scheduler", "optim.sgd", "utils.data", "utils.data.dataset",
             "utils.data.dataloader", "utils.data.sampler", "utils.data._utils.collate"],
)  # fmt: skip
def test_the_docstring_examples_run(name):
    import doctest
    import importlib

    module = importlib.import_module(f"tinygrad_edu.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_lecture_options_build_karpathys_graph():
    import random

    from tinygrad_edu.nn import MLP, Neuron

    random.seed(3)
    lib = Neuron(3)
    random.seed(3)
    exp = Neuron(3, expand=True)
    x = [1.0, -2.0, 0.5]
    a, b = lib(x), exp(x)
    assert a.data == b.data  # the same number, built two ways
    assert a.grad_fn.next_functions[0][0].name() == "AddmvBackward0"
    names = set()
    stack = [b.grad_fn]
    while stack:
        fn = stack.pop()
        names.add(fn.name())
        stack.extend(f for f, _ in fn.next_functions if f is not None)
    assert {
        "MulBackward0",
        "AddBackward0",
        "ReluBackward0",
    } <= names and "AddmvBackward0" not in names
    random.seed(1)
    m = MLP(3, [4, 4, 1], lecture=True)
    out = m(x)
    assert out.grad_fn.name() == "TanhBackward0"  # the last layer is tanh too, as in the lecture
    assert all(n.b.data != 0 for layer in m.layers for n in layer.neurons)  # biases drawn
    assert repr(m).startswith("MLP of [Layer of [TanhNeuron(3)")


@pytest.mark.parametrize("compensated", [False, True])
@settings(max_examples=60, deadline=None)
@given(
    terms=st.lists(
        st.tuples(st.floats(-1e17, 1e17), st.sampled_from([1.0, -1.0, 3.0, 1e-9])), max_size=8
    ),
    b=st.floats(-1e17, 1e17),
)
def test_a_neurons_sum_adds_left_to_right_on_every_python(compensated, terms, b):
    # micrograd's Neuron adds b + w1*x1 + ... one by one; Python 3.12's sum() of floats does not
    # (it compensates): the sum must be the loop's on either kind of Python
    from tinygrad_edu.core import ops

    was, ops._COMPENSATED_SUM = ops._COMPENSATED_SUM, compensated
    try:
        want = b
        for w, x in terms:
            want = want + w * x
        got = ops.affine_sum([w for w, _ in terms], [x for _, x in terms], b)
        assert got == want or (got != got and want != want)
        assert ops.affine_sum([1.0, 1.0, 1.0], [1e16, 1.0, -1e16], 0.0) == 0.0  # 1.0 compensated
    finally:
        ops._COMPENSATED_SUM = was
