"""Views, in-place ops, versions, dtypes and float32 rounding: what holds whatever the numbers.

What the numbers and messages must be is checked against PyTorch by the parity corpus
(programs 137-141); here are the invariants behind them.
"""

from __future__ import annotations

import pytest

import tinygrad_edu as torch


def test_a_view_without_a_graph_is_its_base_elements():
    x = torch.zeros(3, 4)
    for v in (x[1], x[:, 2], x.T, x.view(12), x[1:, ::2], x.unsqueeze(0), x.t()):
        assert {id(e) for e in v.elements()} <= {id(e) for e in x.elements()}
        assert v.version_counter is x.version_counter


def test_writing_a_view_writes_its_base_and_bumps_the_shared_version():
    x = torch.zeros(2, 3)
    before = x._version
    x[:, 1].fill_(2.0)
    x.T[2, 0] = 5.0
    assert x._version == before + 2
    assert x.tolist()[0][1] == x.tolist()[1][1] == 2.0 and x.tolist()[0][2] == 5.0


def test_a_view_with_a_graph_has_its_own_elements_and_node():
    w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    v = w.view(4)
    assert not {id(e) for e in v.elements()} & {id(e) for e in w.elements()}
    assert v.grad_fn.next_functions[0][0].variable is w


def test_strides_follow_the_view():
    x = torch.zeros(2, 3)
    assert x.stride() == (3, 1) and x.is_contiguous()
    assert x.T.stride() == tuple(reversed(x.stride())) and not x.T.is_contiguous()
    assert x.T.contiguous().is_contiguous() and x.contiguous() is x
    assert x[1].storage_offset() == x.stride(0)
    assert x.expand(4, 2, 3).stride(0) == 0


def test_each_inplace_op_bumps_the_version_once():
    t = torch.ones(3)
    for op in (lambda: t.add_(1), lambda: t.mul_(2), lambda: t.sub_(1), lambda: t.div_(2),
               lambda: t.zero_(), lambda: t.fill_(3.0)):  # fmt: skip
        v = t._version
        op()
        assert t._version == v + 1


def test_detach_shares_the_version_and_data_does_not():
    t = torch.ones(2)
    d, data = t.detach(), t.data
    d.add_(1)
    assert t._version == d._version == 1 and data._version == 0
    data.add_(1)
    assert t._version == 1 and t.tolist() == d.tolist() == data.tolist()


def test_backward_refuses_a_saved_tensor_modified_in_place_and_names_it():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x.exp()
    y.add_(1)
    with pytest.raises(RuntimeError, match=r"output 0 of Exp, is at version 1; expected version 0"):
        y.sum().backward()


def test_a_saved_input_is_named_by_the_op_that_last_wrote_it():
    # PyTorch names the op that made the tensor as it is now: h += 1 makes it an Add's output
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    h = a * 2
    z = h * h
    h += 1
    with pytest.raises(RuntimeError, match=r"\[3\]\], which is output 0 of Add, is at version 1"):
        z.sum().backward()


def test_the_default_dtype_is_what_floats_become():
    assert torch.get_default_dtype() is torch.float32
    torch.set_default_dtype(torch.float64)
    try:
        assert torch.tensor([1.0]).dtype is torch.float64 and torch.zeros(1).dtype is torch.float64
        assert (torch.tensor([1]) / 2).dtype is torch.float64
    finally:
        torch.set_default_dtype(torch.float32)
    with pytest.raises(TypeError):
        torch.set_default_dtype(torch.int64)


def test_conversions_keep_the_graph_between_floats():
    x = torch.tensor([1.5, 2.5], requires_grad=True)
    assert x.float() is x and x.to(torch.float32) is x
    d = x.double()
    d.sum().backward()
    assert x.grad.dtype is torch.float32 and d.grad_fn.next_functions[0][0].variable is x
    assert not x.long().requires_grad and x.long().dtype is torch.int64
