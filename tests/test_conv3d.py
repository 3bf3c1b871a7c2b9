"""The 3-d convolution and pooling family against PyTorch 2.13: values, grads (float32 and
float64), grad_fn names, indices, module reprs and initial parameters after manual_seed, and
error messages (stored in tests/data/conv3d_cases.json by tests/data/make_conv3d_cases.py from
the cases in tests/conv3d_cases.py). Gradients in float64 also against central differences."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from central_differences import assert_agrees_with_central_differences
from conv3d_cases import CASES, ERRORS, MODULES, inputs
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling

STORED = json.loads((Path(__file__).parent / "data" / "conv3d_cases.json").read_text())


def _flat(v):
    return [a for x in v for a in _flat(x)] if isinstance(v, list) else [v]


def _close(got, want, dt):
    # the engine sums each dot product exactly and rounds it once; PyTorch's kernels (oneDNN's
    # blocked order) round as they add, so float32 sums of a few dozen products with
    # cancellation differ by some ulps of the largest output, not of each one
    scale = max([1.0, *(abs(w) for w in want if w == w)])
    rel, tiny = (1e-13, 1e-13 * scale) if dt == "float64" else (1e-6, 2e-6 * scale)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g == pytest.approx(w, rel=rel, abs=tiny), (got, want)


@pytest.mark.parametrize("key", sorted(STORED["cases"]))
def test_values_grads_and_nodes_are_pytorchs(key):
    name, dt = key.split("/")
    shapes, fn = CASES[name]
    xs = inputs(torch, shapes, getattr(torch, dt))
    out = fn(torch, F, *xs)
    y, idx = out if isinstance(out, tuple) else (out, None)
    want = STORED["cases"][key]
    assert list(y.shape) == want["shape"] and y.dtype is xs[0].dtype
    assert y.grad_fn.name() == want["node"]
    _close(_flat(y.tolist()), want["values"], dt)
    if want["indices"] is not None:
        assert _flat(idx.tolist()) == want["indices"]
    weights = torch.arange(1.0, y.numel() + 1, dtype=y.dtype).reshape(y.shape)
    (y * weights).sum().backward()
    for x, g in zip(xs, want["grads"]):
        if g is None:
            assert x.grad is None
        else:
            _close(_flat(x.grad.tolist()), g, dt)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors_are_pytorchs(name):
    kind, message = STORED["errors"][name]
    with pytest.raises(Exception) as got:  # the type: checked by its name
        ERRORS[name](torch, F)
    assert type(got.value).__name__ == kind and str(got.value) == message


@pytest.mark.parametrize("key", sorted(STORED["modules"]))
def test_module_reprs_and_initial_parameters_are_pytorchs(key):
    name, dt = key.split("/")
    torch.manual_seed(0)
    m = MODULES[name](torch, getattr(torch, dt))
    want = STORED["modules"][key]
    assert repr(m) == want["repr"]
    got = {k: _flat(v.tolist()) for k, v in m.state_dict().items()}
    assert list(got) == list(want["params"])
    for k in got:
        assert got[k] == want["params"][k]  # the seeded generator's own bits


def test_the_3d_names_are_where_pytorch_has_them():
    for name in ("conv3d", "conv_transpose3d", "max_pool3d"):
        assert callable(getattr(torch, name))
    x = torch.ones(1, 1, 2, 2, 2)
    assert torch.max_pool3d(x, 2).shape == (1, 1, 1, 1, 1)  # values only, as PyTorch's


def test_2d_pools_of_unbatched_input_show_their_own_node():
    x = torch.ones(2, 4, 4, requires_grad=True)
    assert F.max_pool2d(x, 2).grad_fn.name() == "MaxPool2DWithIndicesBackward0"
    assert F.avg_pool2d(x, 2).grad_fn.name() == "AvgPool2DBackward0"
    assert F.adaptive_avg_pool2d(x, 2).grad_fn.name() == "AdaptiveAvgPool2DBackward0"
    assert F.adaptive_max_pool2d(x, 2).grad_fn.name() == "AdaptiveMaxPool2DBackward0"


def test_conv_transpose2d_takes_output_size_as_pytorch():
    torch.manual_seed(0)
    m = torch.nn.ConvTranspose2d(1, 1, 3, stride=2, padding=1)
    assert m(torch.ones(1, 1, 3, 3), output_size=[6, 6]).shape == (1, 1, 6, 6)
    assert m(torch.ones(1, 1, 3, 3)).shape == (1, 1, 5, 5)


# distinct numbers a step of 0.05 apart (no ties near a max pool's choice, none at abs's 0)
POINTS = st.permutations(range(24)).map(lambda p: [i * 0.05 - 0.575 for i in p])
W = [math.sin(i) for i in range(16)]
GRAD_OPS = {
    "conv3d": lambda t: F.conv3d(
        t.reshape(1, 2, 2, 3, 2),
        torch.tensor(W[:8], dtype=t.dtype).reshape(1, 2, 2, 2, 1),
        padding=(1, 0, 1),
        stride=(1, 2, 1),
    ),
    "conv_transpose3d": lambda t: F.conv_transpose3d(
        t.reshape(1, 2, 2, 3, 2),
        torch.tensor(W[:8], dtype=t.dtype).reshape(2, 1, 2, 1, 2),
        stride=2,
        padding=(0, 1, 0),
    ),
    "max_pool3d": lambda t: F.max_pool3d(t.reshape(2, 2, 3, 2), 2, stride=1, padding=1),
    "avg_pool3d": lambda t: F.avg_pool3d(t.reshape(2, 2, 3, 2), 2, 1, 1, True, False),
    "adaptive_avg_pool3d": lambda t: F.adaptive_avg_pool3d(t.reshape(1, 2, 2, 3, 2), (1, 2, 1)),
    "adaptive_max_pool3d": lambda t: F.adaptive_max_pool3d(t.reshape(1, 2, 2, 3, 2), (2, 2, 1)),
    "lp_pool3d": lambda t: F.lp_pool3d(t.reshape(2, 2, 3, 2).abs() + 0.1, 2.5, 2, stride=1),
}


@pytest.mark.parametrize("name", sorted(GRAD_OPS))
@settings(max_examples=3, deadline=None)
@given(xs=POINTS)
def test_gradients_agree_with_central_differences(name, xs):
    assert_agrees_with_central_differences(
        name, GRAD_OPS[name], xs, h=1e-7, rel_tol=1e-4, abs_tol=1e-5, shape=(24,)
    )
