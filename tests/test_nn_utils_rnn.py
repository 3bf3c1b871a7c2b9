"""``torch.nn.utils.rnn`` (padded and packed sequences) and the recurrent modules on a packed
batch; ``nn.utils``' small helpers; a storage written through ``t.storage()[i] = x``; the name
a module's parameter generator prints. Expected values are PyTorch 2.13's, observed with the
real torch (tests/parity/programs/630_zero_to_all_pack_pad.py runs the same under both)."""

from __future__ import annotations

import math

import pytest
from central_differences import assert_agrees_with_central_differences
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch
from tinygrad_edu import nn
from tinygrad_edu.nn.utils.rnn import (
    PackedSequence,
    pack_padded_sequence,
    pack_sequence,
    pad_packed_sequence,
    pad_sequence,
    unpack_sequence,
)

DTYPES = [torch.float32, torch.float64]


@pytest.mark.parametrize("dt", DTYPES)
def test_pack_and_pad_move_the_steps_and_the_grads_as_pytorch(dt):
    x = torch.tensor([[[1.0], [5.0]], [[2.0], [6.0]], [[3.0], [0.0]]], dtype=dt,
                     requires_grad=True)  # fmt: skip
    p = pack_padded_sequence(x, [3, 2])
    assert p.data.reshape(-1).tolist() == [1.0, 5.0, 2.0, 6.0, 3.0]
    assert p.batch_sizes.tolist() == [2, 2, 1] and p.batch_sizes.dtype is torch.int64
    assert p.data.grad_fn.name() == "PackPaddedSequenceBackward0" and p.data.dtype is dt
    (p.data * torch.arange(1.0, 6.0, dtype=dt).unsqueeze(1)).sum().backward()
    assert x.grad.reshape(-1).tolist() == [1.0, 2.0, 3.0, 4.0, 5.0, 0.0]
    o, lengths = pad_packed_sequence(p, total_length=4, padding_value=-1.0)
    assert o.reshape(-1).tolist() == [1.0, 5.0, 2.0, 6.0, 3.0, -1.0, -1.0, -1.0]
    assert o.grad_fn.name() == "torch::autograd::CopySlices" and lengths.tolist() == [3, 2]


def test_the_sorting_its_inverse_and_the_errors_as_pytorch():
    x = torch.zeros(4, 3, 2)
    q = pack_padded_sequence(x, torch.tensor([2, 4, 1]), enforce_sorted=False)
    assert q.sorted_indices.tolist() == [1, 0, 2] and q.unsorted_indices.tolist() == [1, 0, 2]
    assert q.batch_sizes.tolist() == [3, 2, 1, 1]
    assert q._fields == ("data", "batch_sizes", "sorted_indices", "unsorted_indices")
    assert isinstance(q, tuple) and isinstance(q, PackedSequence)
    out, lengths = pad_packed_sequence(q, batch_first=True)
    assert out.shape == (3, 4, 2) and lengths.tolist() == [2, 4, 1]
    with pytest.raises(RuntimeError, match="must be sorted in decreasing order"):
        pack_padded_sequence(x, [2, 4, 1])
    with pytest.raises(ValueError, match="total_length=2 and max sequence length being 4"):
        pad_packed_sequence(q, total_length=2)


def test_pad_sequence_and_pack_sequence_as_pytorch():
    s = [torch.tensor([1.0, 2, 3]), torch.tensor([4.0]), torch.tensor([5.0, 6])]
    assert pad_sequence(s).tolist() == [[1.0, 4.0, 5.0], [2.0, 0.0, 6.0], [3.0, 0.0, 0.0]]
    assert pad_sequence(s, batch_first=True, padding_value=9).tolist() == [
        [1.0, 2.0, 3.0], [4.0, 9.0, 9.0], [5.0, 6.0, 9.0]]  # fmt: skip
    ints = [torch.tensor([1, 2, 3]), torch.tensor([4])]
    assert pad_sequence(ints, batch_first=True, padding_value=-1, padding_side="left").tolist() == [
        [1, 2, 3], [-1, -1, 4]]  # fmt: skip
    assert pack_sequence(ints).data.tolist() == [1, 4, 2, 3]
    p = pack_sequence(s, enforce_sorted=False)
    assert p.data.tolist() == [1.0, 5.0, 4.0, 2.0, 6.0, 3.0] and p.sorted_indices.tolist() == [
        0,
        2,
        1,
    ]
    assert [t.tolist() for t in unpack_sequence(p)] == [[1.0, 2.0, 3.0], [4.0], [5.0, 6.0]]


# PyTorch 2.13: x = randn(4, 3, 2) after manual_seed(0), lengths [2, 4, 1] unsorted, a
# bidirectional GRU(2, 3) made after manual_seed(1); row 1 of the padded output and h_n
GRU_CASES = {
    torch.float32: (
        [
            [
                -0.3017403483390808,
                0.20998427271842957,
                0.015866829082369804,
                -0.11080143600702286,
                0.530033528804779,
                0.4445376396179199,
            ],
            [
                -0.4310665726661682,
                0.34264349937438965,
                0.008054944686591625,
                -0.07053190469741821,
                0.4827100932598114,
                0.4132404327392578,
            ],
            [
                -0.5524592399597168,
                0.4498860836029053,
                -0.0315261110663414,
                -0.11872994154691696,
                0.373595654964447,
                0.3051440119743347,
            ],
            [
                -0.5199556350708008,
                0.514210045337677,
                -0.032257504761219025,
                -0.12254315614700317,
                0.2943336069583893,
                0.2523050010204315,
            ],
        ],
        [
            [
                [-0.29633134603500366, 0.3728927969932556, -0.050371043384075165],
                [-0.5199556350708008, 0.514210045337677, -0.032257504761219025],
                [-0.29212242364883423, 0.17957627773284912, 0.05388694256544113],
            ],
            [
                [-0.3677189350128174, 0.5419796705245972, 0.4912375211715698],
                [-0.11080143600702286, 0.530033528804779, 0.4445376396179199],
                [0.03125470131635666, 0.13396945595741272, 0.10520419478416443],
            ],
        ],
    ),
    torch.float64: (
        [
            [
                -0.2609591169281705,
                0.11527421500233292,
                -0.18070627437590647,
                -0.554429024507741,
                -0.09506877004392598,
                -0.036429568247015764,
            ],
            [
                -0.29749420463923926,
                -0.06029547489155759,
                -0.06381326058602489,
                -0.4205060903737287,
                -0.265203644109436,
                0.3195480719617554,
            ],
            [
                -0.13673029838273232,
                0.13658779692762452,
                0.2633003997033854,
                -0.29538457845634564,
                -0.22052758223362606,
                0.4254822587762256,
            ],
            [
                -0.30739768005878193,
                0.2743716175433303,
                0.13225079186466715,
                -0.18313345825248978,
                -0.06415968415819506,
                0.09224957913491527,
            ],
        ],
        [
            [
                [-0.384294360897776, 0.5747065558484306, 0.16040194303874508],
                [-0.30739768005878193, 0.2743716175433303, 0.13225079186466715],
                [-0.15889480061067154, 0.39580546218618484, 0.19938950238835632],
            ],
            [
                [-0.29001679259920443, 0.014871186884858362, 0.07589149224689415],
                [-0.554429024507741, -0.09506877004392598, -0.036429568247015764],
                [-0.13282010960542623, -0.09708431395527528, 0.3370011733426137],
            ],
        ],
    ),
}


def _close(got, want, dt):
    tol = 2e-7 if dt is torch.float32 else 1e-14  # float32: a last-bit tanh/sigmoid at most
    if isinstance(want, list):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w, dt)
    else:
        assert math.isclose(got, want, rel_tol=tol, abs_tol=tol), (got, want)


@pytest.mark.parametrize("dt", DTYPES)
def test_a_bidirectional_gru_on_a_packed_batch_gives_pytorchs_numbers(dt):
    torch.manual_seed(0)
    x = torch.randn(4, 3, 2, dtype=dt)
    q = pack_padded_sequence(x, [2, 4, 1], enforce_sorted=False)
    torch.manual_seed(1)
    gru = nn.GRU(2, 3, bidirectional=True, dtype=dt)
    out, h = gru(q)
    assert isinstance(out, PackedSequence) and out.batch_sizes.tolist() == [3, 2, 1, 1]
    pad, lengths = pad_packed_sequence(out, batch_first=True)
    row, h_n = GRU_CASES[dt]
    _close(pad[1].tolist(), row, dt)
    _close(h.tolist(), h_n, dt)
    assert lengths.tolist() == [2, 4, 1] and h.grad_fn.name() == "IndexSelectBackward0"
    assert out.data.grad_fn.name() == "CatBackward0"


@settings(max_examples=15, deadline=None)
@given(st.lists(st.floats(-2, 2), min_size=8, max_size=8), st.sampled_from(["RNN", "LSTM", "GRU"]),
       st.booleans())  # fmt: skip
def test_packed_recurrent_grads_agree_with_central_differences(xs, kind, bidirectional):
    torch.manual_seed(0)
    layer = getattr(nn, kind)(2, 2, num_layers=2, bidirectional=bidirectional, dtype=torch.float64)

    def fn(t):
        p = pack_padded_sequence(t.reshape(2, 2, 2), [1, 2], enforce_sorted=False)
        out, h = layer(p)
        h = h[0] if kind == "LSTM" else h
        return torch.cat([out.data.reshape(-1), h.reshape(-1)])

    assert_agrees_with_central_differences(kind, fn, xs, h=1e-6, rel_tol=1e-5, abs_tol=1e-7)


@pytest.mark.parametrize("dt", DTYPES)
def test_nn_utils_helpers(dt):
    m = nn.Linear(2, 2, dtype=dt)
    v = nn.utils.parameters_to_vector(m.parameters())
    assert v.shape == (6,) and v.dtype is dt
    nn.utils.vector_to_parameters(torch.arange(6.0, dtype=dt), m.parameters())
    assert m.weight.tolist() == [[0.0, 1.0], [2.0, 3.0]] and m.bias.tolist() == [4.0, 5.0]
    m(torch.tensor([[10.0, -10.0]], dtype=dt)).sum().backward()
    nn.utils.clip_grad_value_(m.parameters(), 1.5)
    assert m.weight.grad.tolist() == [[1.5, -1.5], [1.5, -1.5]]
    assert m.bias.grad.tolist() == [1.0, 1.0]


@pytest.mark.parametrize("dt", DTYPES)
def test_a_storage_write_reaches_the_tensor_and_its_views_as_pytorch(dt):
    points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]], dtype=dt)
    st_ = points.storage()
    st_[0] = 2.0
    second = points[1]
    second.storage()[3] = 0.1
    # float32 keeps what a float32 holds (PyTorch: 0.10000000149011612); no version bump
    tenth = 0.10000000149011612 if dt is torch.float32 else 0.1
    assert points.tolist() == [[2.0, 1.0], [5.0, tenth], [2.0, 1.0]] and points._version == 0
    assert second.tolist() == [5.0, tenth] and st_[3] == tenth
    i = torch.tensor([1, 2, 3])
    i.storage()[-2] = 9.7
    assert i.tolist() == [1, 9, 3]
    with pytest.raises(IndexError, match="index 3 is out of bounds for dimension 0 with size 3"):
        i.storage()[3] = 1


def test_a_modules_generators_print_pytorchs_names():
    m = nn.Sequential(nn.Linear(1, 1))
    for name in ("parameters", "named_parameters", "buffers", "named_buffers", "children",
                 "modules"):  # fmt: skip
        assert repr(getattr(m, name)()).startswith(f"<generator object Module.{name} at 0x")
