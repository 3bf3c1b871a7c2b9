"""Small differences from PyTorch found in outside programs, each pinned: the sign of a zero
gradient through a view (PyTorch's view backward is a view of the gradient, its
``select_backward`` a ``copy_`` into zeros, its gathers an ``index_add_``/``index_put_``
into zeros), the scalar-conversion warning only with grad mode on, ``nanmedian``'s index on an
all-nan line (``std::nth_element`` over the indices, as ``median_with_indices_impl``), and
``softplus`` with ``beta=0`` (C's division by zero, no error). The expected values follow
PyTorch's CPU source; the ``parity`` tests compare with PyTorch itself."""

from __future__ import annotations

import math
import warnings

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling

DTYPES = [torch.float32, torch.float64]
NAN = float("nan")


def _ns(x):  # the torch namespace of x: ours, or PyTorch's in the parity test
    import sys

    return sys.modules[type(x).__module__.split(".")[0]]


def _signs(t) -> list[bool]:
    return [math.copysign(1.0, v) < 0 for v in t.reshape(-1).tolist()]


VIEWS = {  # the view, and which of the 2x2 grad's elements are -0.0 after (view * -0.0).sum()
    "t": (lambda x: x.t(), [True] * 4),
    "transpose": (lambda x: x.transpose(0, 1), [True] * 4),
    "T": (lambda x: x.T, [True] * 4),
    "permute": (lambda x: x.permute(1, 0), [True] * 4),
    "reshape": (lambda x: x.reshape(4), [True] * 4),
    "view": (lambda x: x.view(4, 1), [True] * 4),
    "unsqueeze": (lambda x: x.unsqueeze(0), [True] * 4),
    "stack_twice": (lambda x: _ns(x).stack([x, x]), [True] * 4),
    "cat": (lambda x: _ns(x).cat([x, x]), [True] * 4),
    "select": (lambda x: x[0], [True, True, False, False]),
    "slice": (lambda x: x[:, 1:], [False, True, False, True]),
    "index": (lambda x: x[[1]], [False] * 4),  # index_put_(accumulate=True): 0 + -0 = +0
    "index_select": (lambda x: x.index_select(0, _ns(x).tensor([1])), [False] * 4),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_a_zero_gradient_keeps_its_sign_through_a_float32_view(name):
    view, want = VIEWS[name]
    x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
    (view(x) * -0.0).sum().backward()
    assert _signs(x.grad) == want


@pytest.mark.parametrize("name", ["t", "transpose", "permute", "reshape", "select", "stack_twice"])
def test_a_zero_gradient_keeps_its_sign_through_a_float64_view(name):
    view, want = VIEWS[name]
    x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], dtype=torch.float64, requires_grad=True)
    (view(x) * -0.0).sum().backward()
    assert _signs(x.grad) == want


def test_the_transposed_zero_gradient_prints_as_pytorch_prints_it():
    x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
    (x.t() * -0.0).sum().backward()
    assert str(x.grad) == "tensor([[-0., -0.],\n        [-0., -0.]])"


def _fresh_scalar_warning(monkeypatch):
    from tinygrad_edu._tensor import tensor as tensor_module

    monkeypatch.setitem(tensor_module._warned, "to_scalar", False)


@pytest.mark.parametrize("dt", DTYPES)
def test_float_of_a_grad_tensor_warns_only_with_grad_mode_on(monkeypatch, dt):
    _fresh_scalar_warning(monkeypatch)
    x = torch.tensor(2.5, dtype=dt, requires_grad=True)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with torch.no_grad():
            assert float(x) == 2.5 and int(x) == 2
            torch.tensor([x])
        assert seen == []
        assert float(x) == 2.5  # grad mode on: PyTorch's one warning (TORCH_WARN_ONCE)
        float(x)
    assert [str(w.message).split("\n")[0] for w in seen] == [
        "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior."
    ]


# PyTorch's index of an all-nan line of n elements: libstdc++'s nth_element(first, first, last)
# over the indices 0..n-1 with no element less than another
ALL_NAN_INDEX = {1: 0, 2: 0, 3: 0, 4: 2, 5: 2, 6: 3, 7: 5, 8: 6}


@pytest.mark.parametrize("dt", DTYPES)
def test_nanmedian_of_an_all_nan_line_has_the_index_pytorch_sorts_to(dt):
    for n, want in ALL_NAN_INDEX.items():
        r = torch.nanmedian(torch.tensor([NAN] * n, dtype=dt), 0)
        assert math.isnan(r.values.item()) and r.indices.item() == want
    m = torch.tensor([[NAN, 1.0, 3.0, NAN, 2.0], [NAN] * 5], dtype=dt)
    r = m.nanmedian(1)
    assert r.indices.tolist() == [4, 2] and r.values.tolist()[0] == 2.0


@pytest.mark.parametrize("dt", DTYPES)
def test_softplus_with_beta_zero_divides_by_zero_as_c_does(dt):
    x = torch.tensor([1.0, -1.0, 30.0, 0.0, math.inf, NAN], dtype=dt, requires_grad=True)
    y = F.softplus(x, beta=0)  # log1p(exp(0)) / 0
    assert [str(v) for v in y.tolist()] == ["inf", "inf", "inf", "inf", "nan", "nan"]
    assert type(y.grad_fn).__name__ == "SoftplusBackward0"
    y.sum().backward()  # grad * z / (z + 1) with z = exp(0)
    assert [str(v) for v in x.grad.tolist()] == ["0.5", "0.5", "0.5", "0.5", "nan", "nan"]
    low = F.softplus(x.detach(), beta=0, threshold=-1.0)  # 0 > -1: x itself
    assert [str(v) for v in low.tolist()] == ["1.0", "-1.0", "30.0", "0.0", "nan", "nan"]
    assert repr(torch.nn.Softplus(beta=0)) == "Softplus(beta=0, threshold=20.0)"


@pytest.mark.parity
@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_parity_quirks(dt):
    real = pytest.importorskip("torch")
    ours_dt, theirs_dt = getattr(torch, dt), getattr(real, dt)
    for name, (view, _) in VIEWS.items():
        got = torch.tensor([[1.0, -2.0], [3.0, 4.0]], dtype=ours_dt, requires_grad=True)
        want = real.tensor([[1.0, -2.0], [3.0, 4.0]], dtype=theirs_dt, requires_grad=True)
        (view(got) * -0.0).sum().backward()
        (view(want) * -0.0).sum().backward()
        assert str(got.grad) == str(want.grad), name
    for n in range(1, 12):
        want = real.nanmedian(real.tensor([NAN] * n, dtype=theirs_dt), 0).indices.item()
        assert torch.nanmedian(torch.tensor([NAN] * n, dtype=ours_dt), 0).indices.item() == want
    x = [1.0, -1.0, 30.0, 0.0, math.inf, -math.inf, NAN]
    for beta, threshold in ((0, 20.0), (0, -1.0), (-1, 20.0)):
        a = torch.tensor(x, dtype=ours_dt, requires_grad=True)
        b = real.tensor(x, dtype=theirs_dt, requires_grad=True)
        ya = F.softplus(a, beta=beta, threshold=threshold)
        yb = real.nn.functional.softplus(b, beta=beta, threshold=threshold)
        ya.sum().backward()
        yb.sum().backward()
        assert str(ya) == str(yb) and str(a.grad) == str(b.grad)
