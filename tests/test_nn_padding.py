"""Reflection, replication and circular padding (``F.pad``'s modes, ``ReflectionPad*d``,
``ReplicationPad*d``, ``CircularPad*d``, a convolution's ``padding_mode``): gradients against
central differences in float64, float32 grads against the float64 ones, values and grads
stored from PyTorch 2.13. Reprs, grad_fn names and errors are compared with PyTorch's in
tests/parity/programs/600_nn_padding_modes.py. And ``nn.Buffer``, the other way to
register a tensor with a module."""

from __future__ import annotations

import pytest
from central_differences import assert_agrees_with_central_differences, weighted_grad
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling
from tinygrad_edu import nn

F64 = torch.float64

# each op: a function of one tensor of 12 numbers, to a tensor
OPS = {
    "reflect1d": lambda t: F.pad(t.reshape(2, 1, 6), (3, 2), mode="reflect"),
    "replicate1d": lambda t: nn.ReplicationPad1d((2, 4))(t.reshape(3, 4)),
    "circular1d": lambda t: nn.CircularPad1d((3, 1))(t.reshape(2, 2, 3)),
    "reflect2d": lambda t: nn.ReflectionPad2d((1, 2, 2, 1))(t.reshape(1, 1, 3, 4)),
    "replicate2d": lambda t: F.pad(t.reshape(1, 3, 4), (2, 1, 0, 2), mode="replicate"),
    "circular2d": lambda t: F.pad(t.reshape(1, 1, 3, 4), (1, 2, 2, 1), mode="circular"),
    "reflect3d": lambda t: nn.ReflectionPad3d(1)(t.reshape(1, 2, 2, 3)),
    "replicate3d": lambda t: nn.ReplicationPad3d((1, 0, 0, 2, 1, 1))(t.reshape(1, 1, 2, 2, 3)),
    "circular3d": lambda t: nn.CircularPad3d((0, 1, 1, 1, 1, 0))(t.reshape(1, 2, 2, 3)),
    "crop_reflect": lambda t: F.pad(t.reshape(2, 6), (-2, 3), mode="reflect"),
    "crop_circular": lambda t: F.pad(t.reshape(2, 6), (2, -3), mode="circular"),
}


POINTS = st.lists(st.integers(-25, 25), unique=True, min_size=12, max_size=12).map(
    lambda ks: [k / 10 + 0.013 for k in ks]
)


@pytest.mark.parametrize("name", sorted(OPS))
@settings(max_examples=4, deadline=None)
@given(xs=POINTS)
def test_gradient_agrees_with_central_differences(name, xs):
    assert_agrees_with_central_differences(name, OPS[name], xs, h=1e-6, rel_tol=1e-6, abs_tol=1e-6)


@pytest.mark.parametrize("name", sorted(OPS))
def test_float32_grads_are_float32_and_equal_the_float64_ones(name):
    # sums of a few weights of k/4: exact in float32 as in float64
    xs = [k / 7 - 0.813 for k in (3, -8, 11, 0, 5, -2, 9, -5, 1, 7, -10, 4)]
    g32, g64 = weighted_grad(OPS[name], xs, torch.float32), weighted_grad(OPS[name], xs, F64)
    assert g32.dtype is torch.float32
    assert g32.tolist() == g64.tolist()


# made by PyTorch 2.13: F.pad(x, (3, 2), mode=...) of x below, backward of (y * [1..9]).sum()
X = [[[0.5, -1.0, 2.0, 0.25]], [[1.5, 3.0, -2.0, 0.0]]]
STORED = {
    "reflect": (
        [[[0.25, 2.0, -1.0, 0.5, -1.0, 2.0, 0.25, 2.0, -1.0]],
         [[0.0, -2.0, 3.0, 1.5, 3.0, -2.0, 0.0, -2.0, 3.0]]],
        [4.0, 17.0, 16.0, 8.0],
    ),
    "replicate": (
        [[[0.5, 0.5, 0.5, 0.5, -1.0, 2.0, 0.25, 0.25, 0.25]],
         [[1.5, 1.5, 1.5, 1.5, 3.0, -2.0, 0.0, 0.0, 0.0]]],
        [10.0, 5.0, 6.0, 24.0],
    ),
    "circular": (
        [[[-1.0, 2.0, 0.25, 0.5, -1.0, 2.0, 0.25, 0.5, -1.0]],
         [[3.0, -2.0, 0.0, 1.5, 3.0, -2.0, 0.0, 1.5, 3.0]]],
        [12.0, 15.0, 8.0, 10.0],
    ),
}  # fmt: skip
NODES = {"reflect": "ReflectionPad1DBackward0", "replicate": "ReplicationPad1DBackward0",
         "circular": "torch::autograd::CopySlices"}  # fmt: skip


@pytest.mark.parametrize("dtype", [torch.float32, F64])
@pytest.mark.parametrize("mode", sorted(STORED))
def test_values_grads_and_nodes_are_pytorchs(mode, dtype):
    x = torch.tensor(X, dtype=dtype, requires_grad=True)
    y = F.pad(x, (3, 2), mode=mode)
    (y * torch.arange(1.0, 10.0, dtype=dtype)).sum().backward()
    values, grad = STORED[mode]
    assert y.dtype is dtype and y.tolist() == values
    assert x.grad.tolist() == [[grad], [grad]]
    assert y.grad_fn.name() == NODES[mode]


def test_the_node_saves_the_padding_and_the_input():
    x = torch.ones(1, 2, 3, requires_grad=True)
    fn = F.pad(x, (1, 2), mode="reflect").grad_fn
    assert fn._saved_padding == (1, 2) and fn._saved_self is x


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: F.pad(torch.ones(1, 2, 3), (3, 1), mode="reflect"), RuntimeError,
         "Argument #4: Padding size should be less than the corresponding input dimension, "
         "but got: padding (3, 1) at dimension 2 of input [1, 2, 3]"),
        (lambda: F.pad(torch.ones(1, 1, 3, 4), (1, 1, 3, 0), mode="reflect"), RuntimeError,
         "Argument #6: Padding size should be less than the corresponding input dimension, "
         "but got: padding (3, 0) at dimension 2 of input [1, 1, 3, 4]"),
        (lambda: F.pad(torch.ones(1, 2, 3), (4, 1), mode="circular"), RuntimeError,
         "Padding value causes wrapping around more than once."),
        (lambda: F.pad(torch.ones(1, 2, 3), (-3, 0), mode="replicate"), RuntimeError,
         "input (W: 3) is too small. Calculated output W: 0"),
        (lambda: F.pad(torch.ones(1, 2, 3), (1, 1), mode="mirror"), NotImplementedError,
         "Unrecognised padding mode mirror"),
        (lambda: F.pad(torch.ones(1, 2, 3), (1, 1), mode="reflect", value=1.0), RuntimeError,
         'Padding mode "reflect" doesn\'t take in value argument'),
        (lambda: F.pad(torch.ones(3), (1, 1), mode="reflect"), NotImplementedError,
         "Padding size 2 is not supported for 1D input tensor."),
        (lambda: nn.CircularPad2d(1)(torch.ones(2, 2)), ValueError,
         "expected 3D or 4D input (got 2D input)"),
    ],
)  # fmt: skip
def test_wrong_padding_gets_pytorchs_error(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value).startswith(message)


def test_a_reflect_padded_convolution_is_the_convolution_of_the_padded_input():
    torch.manual_seed(0)
    conv = nn.Conv2d(1, 2, 3, padding=(1, 2), padding_mode="reflect", dtype=F64)
    x = torch.arange(20.0, dtype=F64).reshape(1, 1, 4, 5)
    want = F.conv2d(F.pad(x, (2, 2, 1, 1), mode="reflect"), conv.weight, conv.bias)
    assert conv(x).tolist() == want.tolist()
    assert repr(conv).endswith("padding=(1, 2), padding_mode=reflect)")


def test_a_buffer_assigned_to_a_module_is_registered_as_one():
    # nn.Buffer (PyTorch 2.5+); the whole program is tests/parity/programs/601_nn_buffer.py
    m = nn.Module()
    m.kept = nn.Buffer(torch.zeros(2))
    m.scratch = nn.Buffer(torch.ones(1), persistent=False)
    assert list(m.state_dict()) == ["kept"]
    assert [n for n, _ in m.named_buffers()] == ["kept", "scratch"]
    assert isinstance(m.kept, nn.Buffer) and not isinstance(torch.ones(1), nn.Buffer)
    assert type(nn.Buffer(torch.ones(1))) is torch.Tensor
