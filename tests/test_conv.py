"""Convolution and pooling: outputs by the definition written out, gradients against central
differences (hypothesis), PyTorch's reprs, node names and errors."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu.nn import functional as F  # noqa: N812 - PyTorch's spelling

EPS = 1e-6
small = st.floats(-2, 2, allow_nan=False).map(lambda x: round(x, 3))


def t64(shape, draw, requires_grad=True):
    flat = draw(st.lists(small, min_size=math.prod(shape), max_size=math.prod(shape)))
    return torch.tensor(flat, dtype=torch.float64).reshape(*shape).requires_grad_(requires_grad)


def _conv_by_definition(x, w, b, stride, pad, dil, groups):
    n, _, h, wd = x.shape
    o, cg, kh, kw = w.shape
    X, W = x.tolist(), w.tolist()
    oh = (h + 2 * pad - dil * (kh - 1) - 1) // stride + 1
    ow = (wd + 2 * pad - dil * (kw - 1) - 1) // stride + 1

    def at(bb, ci, r, q):
        return X[bb][ci][r][q] if 0 <= r < h and 0 <= q < wd else 0.0

    return [
        [
            [
                [
                    math.fsum(
                        W[k][ci][u][v]
                        * at(
                            bb,
                            k // (o // groups) * cg + ci,
                            i * stride - pad + u * dil,
                            j * stride - pad + v * dil,
                        )
                        for ci in range(cg)
                        for u in range(kh)
                        for v in range(kw)
                    )
                    + (b.tolist()[k] if b is not None else 0.0)
                    for j in range(ow)
                ]
                for i in range(oh)
            ]
            for k in range(o)
        ]
        for bb in range(n)
    ]


@st.composite
def conv_cases(draw):
    groups = draw(st.sampled_from([1, 2]))
    c, o = groups * draw(st.integers(1, 2)), groups * draw(st.integers(1, 2))
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    stride, pad, dil = draw(st.integers(1, 2)), draw(st.integers(0, 1)), draw(st.integers(1, 2))
    h = draw(st.integers(max(1, dil * (kh - 1) + 1 - 2 * pad), 5))
    w = draw(st.integers(max(1, dil * (kw - 1) + 1 - 2 * pad), 5))
    x = t64((draw(st.integers(1, 2)), c, h, w), draw)
    weight = t64((o, c // groups, kh, kw), draw)
    bias = t64((o,), draw) if draw(st.booleans()) else None
    return x, weight, bias, stride, pad, dil, groups


def _numeric(fn, t):
    out = []
    for v in t.elements():
        old = v.data
        v.data = old + EPS
        hi = fn().item()
        v.data = old - EPS
        lo = fn().item()
        v.data = old
        out.append((hi - lo) / (2 * EPS))
    return out


@settings(max_examples=40, deadline=None)
@given(conv_cases())
def test_conv2d_is_the_definition_and_its_gradients_match_central_differences(case):
    x, w, b, stride, pad, dil, groups = case
    y = F.conv2d(x, w, b, stride, pad, dil, groups)
    want = _conv_by_definition(x, w, b, stride, pad, dil, groups)
    flat = [e for b_ in want for k in b_ for row in k for e in row]
    assert list(y.shape) == [len(want), len(want[0]), len(want[0][0]), len(want[0][0][0])]
    assert y.reshape(-1).tolist() == pytest.approx(flat)
    assert y.grad_fn.name() == "ConvolutionBackward0"
    coeff = torch.tensor([0.5 + 0.25 * i for i in range(y.numel())], dtype=torch.float64)

    def loss():
        return (F.conv2d(x, w, b, stride, pad, dil, groups).reshape(-1) * coeff).sum()

    loss().backward()
    for t in (x, w, b):
        if t is not None:
            # no output sees t through anything but padding: no gradient reaches it
            got = [0.0] * t.numel() if t.grad is None else t.grad.reshape(-1).tolist()
            assert got == pytest.approx(_numeric(loss, t), rel=1e-5, abs=1e-6)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_pools_match_central_differences_and_max_pool_picks_the_first_max(data):
    h, w = data.draw(st.integers(2, 5)), data.draw(st.integers(2, 5))
    x = t64((1, 2, h, w), data.draw)
    k = data.draw(st.integers(1, min(h, w)))
    s = data.draw(st.integers(1, 2))
    for pool in (
        lambda t: F.avg_pool2d(t, k, s),
        lambda t: F.adaptive_avg_pool2d(t, (2, 1)),
        lambda t: F.max_pool2d(t, k, s),
    ):
        x.grad = None
        coeff = torch.tensor([1.0 + i for i in range(pool(x).numel())], dtype=torch.float64)

        def loss(pool=pool, coeff=coeff):
            return (pool(x).reshape(-1) * coeff).sum()

        loss().backward()
        if (
            pool(x).grad_fn.name() != "MaxPool2DWithIndicesBackward0"
            or len(set(x.reshape(-1).tolist())) == x.numel()
        ):  # central differences of a max are meaningless at ties
            assert x.grad.reshape(-1).tolist() == pytest.approx(_numeric(loss, x), abs=1e-5)


def test_max_pool_ties_go_to_the_first_and_indices_are_flat_in_the_plane():
    t = torch.tensor([[[[1.0, 3.0], [3.0, 2.0]]]], requires_grad=True)
    out, idx = F.max_pool2d(t, 2, return_indices=True)
    out.sum().backward()
    assert idx.tolist() == [[[[1]]]] and t.grad.tolist() == [[[[0.0, 1.0], [0.0, 0.0]]]]


def test_conv2d_layer_repr_and_parameter_shapes_as_pytorch():
    c = torch.nn.Conv2d(2, 4, (3, 5), stride=2, padding=(1, 2), dilation=2, groups=2)
    assert repr(c) == (
        "Conv2d(2, 4, kernel_size=(3, 5), stride=(2, 2), padding=(1, 2), dilation=(2, 2), groups=2)"
    )
    assert c.weight.shape == (4, 1, 3, 5) and c.bias.shape == (4,)
    assert repr(torch.nn.Conv2d(3, 16, 3, padding=1, bias=False)) == (
        "Conv2d(3, 16, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1), bias=False)"
    )
    assert repr(torch.nn.MaxPool2d(2)) == (
        "MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)"
    )
    assert repr(torch.nn.AvgPool2d(3, stride=1)) == "AvgPool2d(kernel_size=3, stride=1, padding=0)"


def test_conv2d_init_draws_like_linear_of_the_same_fan_in():
    torch.manual_seed(5)
    c = torch.nn.Conv2d(2, 3, 2)
    torch.manual_seed(5)
    lin = torch.nn.Linear(8, 3)
    assert c.weight.reshape(3, 8).tolist() == lin.weight.tolist()
    assert c.bias.tolist() == lin.bias.tolist()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c: c(torch.ones(1, 2, 4, 4)), "Given groups=1, weight of size [2, 1, 3, 3]"),
        (lambda c: c(torch.ones(1, 1, 2, 2)), "Calculated padded input size per channel: (2 x 2)"),
        (lambda c: c(torch.ones(4, 4)), "Expected 3D (unbatched) or 4D (batched) input"),
        (lambda c: F.max_pool2d(torch.ones(1, 1, 1, 1), 2), "Output size is too small"),
        (lambda c: F.max_pool2d(torch.ones(1, 1, 4, 4), 2, padding=2), "pad should be at most"),
    ],
)
def test_bad_shapes_get_pytorchs_errors(call, message):
    conv = torch.nn.Conv2d(1, 2, 3)
    with pytest.raises(RuntimeError) as e:
        call(conv)
    assert message in str(e.value)


def test_bad_layer_arguments_are_refused():
    with pytest.raises(ValueError, match="in_channels must be divisible by groups"):
        torch.nn.Conv2d(3, 4, 3, groups=2)
    with pytest.raises(ValueError, match="padding_mode must be one of"):
        torch.nn.Conv2d(1, 1, 3, padding_mode="mirror")
