"""The gradients of the 1-d convolution and pools, group/RMS/instance norms, padding, pixel
shuffle and in-place activations against central differences in float64, and their float32
grads against the float64 ones; the modules' parameters and running statistics. Values, reprs
and grad_fn names are compared with PyTorch's in
tests/parity/programs/566_nn_conv1d_norms_pads.py."""

from __future__ import annotations

import math

import pytest
from central_differences import assert_agrees_with_central_differences, weighted_grad
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling
from tinygrad_edu import nn

F64 = torch.float64


def _w(t, values):
    return torch.tensor(values, dtype=t.dtype)


# each op: a function of one tensor of 12 numbers, to a tensor
OPS = {
    "conv1d": lambda t: F.conv1d(
        t.reshape(1, 2, 6), _w(t, [[[0.5, -1.0, 0.25], [1.5, 0.5, -0.5]]]), _w(t, [0.1])
    ),
    "conv1d_stride_pad": lambda t: F.conv1d(
        t.reshape(2, 6), t[:6].reshape(3, 2, 1) * 2, None, stride=2, padding=1
    ),
    "max_pool1d": lambda t: F.max_pool1d(t.reshape(2, 1, 6), 3, stride=2, padding=1),
    "avg_pool1d": lambda t: F.avg_pool1d(t.reshape(1, 2, 6), 3, 2, 1, count_include_pad=False),
    "adaptive_avg_pool1d": lambda t: F.adaptive_avg_pool1d(t.reshape(2, 6), 4),
    "group_norm": lambda t: F.group_norm(
        t.reshape(1, 4, 3), 2, _w(t, [1.0, 2.0, -0.5, 1.5]), _w(t, [0.0, 0.1, 0.2, 0.3])
    ),
    "rms_norm": lambda t: F.rms_norm(t.reshape(4, 3), [3], _w(t, [1.0, -2.0, 0.5])),
    "instance_norm": lambda t: F.instance_norm(t.reshape(2, 2, 3)),
    "pad": lambda t: nn.ConstantPad2d((1, 0, 2, 1), 0.5)(t.reshape(1, 3, 4)) * 2,
    "pixel_shuffle": lambda t: F.pixel_shuffle(t.reshape(1, 4, 1, 3), 2) * _w(t, [1.0, 2.0] * 3),
    "adaptive_max_pool2d": lambda t: F.adaptive_max_pool2d(t.reshape(1, 3, 4), (2, 3)),
    "adaptive_max_pool1d": lambda t: F.adaptive_max_pool1d(t.reshape(2, 6), 4),
    "softmax2d": lambda t: (
        nn.Softmax2d()(t.reshape(3, 2, 2)) * _w(t, [1.0, 2.0] * 6).reshape(3, 2, 2)
    ),
    "conv_transpose2d": lambda t: F.conv_transpose2d(
        t.reshape(1, 2, 2, 3),
        t[:8].reshape(2, 1, 2, 2) * 0.5,
        _w(t, [0.1]),
        stride=2,
        padding=1,
        output_padding=1,
    ),
    "conv_transpose1d": lambda t: F.conv_transpose1d(
        t.reshape(2, 6), _w(t, [[[0.5, -1.0]], [[1.5, 0.25]]]), None, stride=2
    ),
    "interpolate_nearest": lambda t: F.interpolate(t.reshape(1, 2, 2, 3), size=(3, 5)) ** 2,
    "interpolate_bilinear": lambda t: F.interpolate(
        t.reshape(1, 1, 3, 4), scale_factor=1.5, mode="bilinear"
    ),
    "interpolate_linear": lambda t: F.interpolate(
        t.reshape(2, 1, 6), size=9, mode="linear", align_corners=True
    ),
    "unfold": lambda t: F.unfold(t.reshape(1, 1, 3, 4), 2, padding=1, stride=2) * 2,
    "fold": lambda t: F.fold(t.reshape(1, 4, 3), (2, 4), 2, stride=(1, 1)) ** 2,
    "bilinear": lambda t: F.bilinear(
        t[:6].reshape(2, 3), t[6:10].reshape(2, 2), t.reshape(2, 3, 2), t[:2]
    ),
    "channel_shuffle": lambda t: F.channel_shuffle(t.reshape(1, 4, 3), 2) * _w(t, [1.0, 2.0, 3.0]),
    "local_response_norm": lambda t: F.local_response_norm(t.reshape(1, 4, 3), 3, 0.5, 0.75, 1.0),
    "pdist": lambda t: F.pdist(t.reshape(4, 3)),
    "elu_": lambda t: F.elu_(t * 1),
    "leaky_relu_": lambda t: F.leaky_relu_(t * 2, 0.3),
    "threshold_": lambda t: F.threshold_(t * 1, 0.3, -1.0),
}


# distinct numbers, at least 0.013 from every kink (0, 0.3) and from each other
POINTS = st.lists(st.integers(-25, 25), unique=True, min_size=12, max_size=12).map(
    lambda ks: [k / 10 + 0.013 for k in ks]
)


@pytest.mark.parametrize("name", sorted(OPS))
@settings(max_examples=6, deadline=None)
@given(xs=POINTS)
def test_gradient_agrees_with_central_differences(name, xs):
    assert_agrees_with_central_differences(name, OPS[name], xs, h=1e-6, rel_tol=1e-4, abs_tol=1e-5)


@pytest.mark.parametrize("name", sorted(OPS))
def test_float32_grads_are_float32_and_near_the_float64_ones(name):
    xs = [k / 7 - 0.813 for k in (3, -8, 11, 0, 5, -2, 9, -5, 1, 7, -10, 4)]
    g32, g64 = weighted_grad(OPS[name], xs, torch.float32), weighted_grad(OPS[name], xs, F64)
    assert g32.dtype is torch.float32
    for a, b in zip(g32.tolist(), g64.tolist()):
        assert math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-5), (name, a, b)


def test_instance_norm_running_statistics_are_the_mean_over_the_batch():
    x = torch.tensor([[[1.0, 2.0, 6.0], [0.0, 4.0, 8.0]], [[3.0, 3.0, 0.0], [1.0, 1.0, 4.0]]])
    m = nn.InstanceNorm1d(2, track_running_stats=True, momentum=0.5)
    m(x)
    rows = x.tolist()
    mean = [sum(sum(r[c]) / 3 for r in rows) / 2 for c in range(2)]

    def unbiased(v):
        mu = sum(v) / 3
        return sum((a - mu) ** 2 for a in v) / 2

    var = [sum(unbiased(r[c]) for r in rows) / 2 for c in range(2)]
    assert m.running_mean.tolist() == pytest.approx([0.5 * a for a in mean])
    assert m.running_var.tolist() == pytest.approx([0.5 + 0.5 * v for v in var])


def test_a_float64_layer_draws_its_initial_weights_in_float64():
    torch.manual_seed(0)
    a = nn.Conv1d(2, 3, 2, dtype=F64).weight.reshape(-1).tolist()
    torch.manual_seed(0)
    b = nn.Conv1d(2, 3, 2).weight.reshape(-1).tolist()
    assert a != b  # float32 and float64 draw other streams, as PyTorch's uniform_ does
    torch.manual_seed(0)
    bound = 1 / math.sqrt(4)
    assert all(-bound <= v <= bound for v in a)
