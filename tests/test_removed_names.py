"""The names PyTorch keeps for old programs and the view ops' copies: torch.solve and
matrix_rank raise PyTorch's removal message, chain_matmul and set_default_tensor_type warn and
work, Tensor.volatile/name/is_maia/dense_dim/const_data_ptr/is_set_to/reinforce, autograd's
switches, and torch.t_copy & co. (PyTorch's node names, contiguous copies). The expected
words are PyTorch 2.13's; the ``parity`` test compares the copies with PyTorch itself."""

from __future__ import annotations

import warnings

import pytest

import tinygrad_edu as torch

COPIES = [("alias_copy", ()), ("diagonal_copy", ()), ("expand_copy", ((2, 2, 3),)),
          ("permute_copy", ((1, 0),)), ("select_copy", (0, 1)), ("slice_copy", (1, 0, 2)),
          ("split_copy", (1,)), ("split_with_sizes_copy", ([1, 1],)), ("squeeze_copy", ()),
          ("t_copy", ()), ("transpose_copy", (0, 1)), ("unbind_copy", ()),
          ("unfold_copy", (1, 2, 1)), ("unsqueeze_copy", (0,)), ("view_copy", ((3, 2),))]  # fmt: skip


def _describe(mod, name, args, dt):
    x = mod.arange(6.0, dtype=dt).reshape(2, 3).requires_grad_()
    r = getattr(mod, name)(x, *args)
    parts = list(r) if isinstance(r, (tuple, list)) else [r]
    (sum((p * (k + 1)).sum() for k, p in enumerate(parts))).backward()
    return ([(p.grad_fn.name(), p.is_contiguous(), p.tolist()) for p in parts], x.grad.tolist())


@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_view_copies_are_own_tensors_with_pytorchs_node(dt):
    for name, args in COPIES:
        parts, _ = _describe(torch, name, args, getattr(torch, dt))
        assert all(n.endswith("Backward0_copy") and contiguous for n, contiguous, _ in parts)
    x = torch.arange(6.0).reshape(2, 3)
    c = torch.t_copy(x)
    c[0, 0] = 100.0
    assert x[0, 0].item() == 0.0  # no storage shared
    assert torch.t_copy(torch.ones(2, 3, requires_grad=True)).grad_fn.name() == "TBackward0_copy"


def test_removed_and_deprecated_names():
    x = torch.ones(2, 2, requires_grad=True)
    with pytest.raises(RuntimeError, match=r"`torch\.solve` is deprecated in favor of"):
        torch.solve(x, x)
    with pytest.raises(RuntimeError, match=r"deprecated since version 1\.9 and is now removed"):
        torch.matrix_rank(x)
    with pytest.raises(RuntimeError, match=r"reinforce\(\) was removed."):
        x.reinforce(1)
    with pytest.warns(UserWarning, match="torch.chain_matmul is deprecated"):
        r = torch.chain_matmul(x, x, x)
    assert r.tolist() == [[4.0, 4.0], [4.0, 4.0]] and r.grad_fn.name() == "ViewBackward0"
    with pytest.warns(UserWarning, match="volatile was removed"):
        assert x.volatile is False
    assert (x.name, x.is_maia, x.dense_dim(), x.grad_dtype) == (None, False, 2, torch.float32)
    assert x.const_data_ptr() == x.data_ptr()
    assert x.is_set_to(x.detach()) and not x.is_set_to(x.view(4)) and not x.is_set_to(x.clone())
    assert (
        torch.autograd.is_multithreading_enabled() and not torch.autograd.is_view_replay_enabled()
    )
    with torch.autograd.set_multithreading_enabled(False):
        assert not torch.autograd.is_multithreading_enabled()
    assert torch.autograd.is_multithreading_enabled()
    torch.set_anomaly_enabled(True)
    assert torch.is_anomaly_enabled()
    torch.set_anomaly_enabled(False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.set_default_tensor_type(torch.DoubleTensor)
        try:
            assert torch.tensor([1.5]).dtype is torch.float64
        finally:
            torch.set_default_tensor_type("torch.FloatTensor")
        assert torch.tensor([1.5]).dtype is torch.float32
        with pytest.raises(TypeError, match="only floating-point types are supported"):
            torch.set_default_tensor_type(torch.IntTensor)
        with pytest.raises(TypeError, match=r"type torch\.cuda\.FloatTensor not available"):
            torch.set_default_tensor_type("torch.cuda.FloatTensor")


@pytest.mark.parity
@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_parity_view_copies(dt):
    real = pytest.importorskip("torch")
    for name, args in COPIES:
        assert _describe(torch, name, args, getattr(torch, dt)) == _describe(
            real, name, args, getattr(real, dt)
        ), name


def test_map2_applies_a_python_callable_to_three_broadcast_tensors():
    x = torch.tensor([1.0, 2.0])
    assert (
        x.map2_(torch.tensor([3.0, 4.0]), torch.tensor([5.0, 6.0]), lambda a, b, c: a + b * c) is x
    )
    assert x.tolist() == [16.0, 26.0]  # PyTorch 2.13's
    m = torch.ones(2, 2).map2_(torch.tensor([1.0, 2.0]), torch.tensor([[3.0], [4.0]]),
                               lambda a, b, c: a + b + c)  # fmt: skip
    assert m.tolist() == [[5.0, 6.0], [6.0, 7.0]]
    with pytest.raises(RuntimeError, match=r"Can't call map2_\(\) on Variable that requires grad"):
        torch.ones(2, requires_grad=True).map2_(x, x, lambda a, b, c: a)
    with pytest.raises(RuntimeError, match=r"the number of sizes provided \(1\) must be greater"):
        x.map2_(x, torch.ones(2, 1), lambda a, b, c: a)
