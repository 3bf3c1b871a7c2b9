"""PyTorch's other spellings: the same results and nodes as the ops they stand for."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch


def test_mm_is_the_matrix_product_and_refuses_vectors():
    a, b = torch.arange(6.0).reshape(2, 3).requires_grad_(), torch.arange(6.0).reshape(3, 2)
    assert a.mm(b).tolist() == (a @ b).tolist() == torch.mm(a, b).tolist()
    assert a.mm(b).grad_fn.name() == "MmBackward0"
    with pytest.raises(RuntimeError, match="self must be a matrix"):
        torch.ones(3).mm(torch.ones(3))
    with pytest.raises(RuntimeError, match="mat2 must be a matrix"):
        a.mm(torch.ones(3))


def test_the_as_forms_take_the_other_tensors_shape_or_dtype():
    x = torch.ones(2, 3, requires_grad=True)
    assert x.expand_as(torch.ones(4, 2, 3)).shape == (4, 2, 3)
    assert x.view_as(torch.ones(3, 2)).shape == (3, 2)
    assert x.reshape_as(torch.ones(6)).shape == (6,)
    assert x.type_as(torch.ones(1, dtype=torch.float64)).dtype is torch.float64


@pytest.mark.parametrize("dim", [0, 1, -1])
def test_unbind_gives_the_slices(dim):
    x = torch.arange(6.0).reshape(2, 3)
    rows = x.tolist()
    want = rows if dim == 0 else [list(c) for c in zip(*rows)]
    assert [t.tolist() for t in torch.unbind(x, dim)] == want


def test_torch_flatten_and_t():
    x = torch.ones(2, 3, 4)
    assert torch.flatten(x).shape == (24,) and torch.flatten(x, 1).shape == (2, 12)
    assert torch.t(torch.ones(2, 3)).shape == (3, 2)
