"""Storage as PyTorch shows it: data_ptr, the layout a copy keeps, in-place ops and their errors.

Expected values are PyTorch 2.13's, observed with the real torch.
"""

from __future__ import annotations

import pytest

import tinygrad_edu as torch


def _t():
    return torch.arange(24.0).reshape(2, 3, 4)


# a view, its strides' copy by clone() (preserve_format), by contiguous(): observed in torch
LAYOUTS = [
    (lambda t: t.T, (1, 4, 12), (6, 2, 1)),
    (lambda t: t.permute(1, 0, 2), (4, 12, 1), (8, 4, 1)),
    (lambda t: t[:, 1:], (8, 4, 1), (8, 4, 1)),
    (lambda t: t[::2], (24, 4, 1), (24, 4, 1)),
    (lambda t: t[0].expand(2, 3, 4), (12, 4, 1), (12, 4, 1)),
    (lambda t: t.transpose(0, 1)[:, :, 1:], (3, 9, 1), (6, 3, 1)),
    (lambda t: t.unsqueeze(1).T, (1, 4, 12, 12), (6, 2, 2, 1)),
    (lambda t: t[:, :, 0].T, (1, 3), (2, 1)),
]


@pytest.mark.parametrize(("make", "cloned", "contiguous"), LAYOUTS)
def test_clone_keeps_the_layout_and_contiguous_makes_it_row_major(make, cloned, contiguous):
    v = make(_t())
    assert v.clone().stride() == cloned
    assert v.contiguous().stride() == contiguous and v.contiguous().is_contiguous()
    assert v.clone().tolist() == v.tolist() == v.contiguous().tolist()


def test_data_ptr_is_shared_by_views_detach_and_data_and_moves_by_the_offset():
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    p = x.data_ptr()
    assert x.view(6).data_ptr() == x.detach().data_ptr() == x.data.data_ptr() == x.T.data_ptr() == p
    assert x[1].data_ptr() - p == 12 and x[:, 2].data_ptr() - p == 8
    d = x.double()
    assert d[1].data_ptr() - d.data_ptr() == 24
    assert x.clone().data_ptr() != p and (x * 1).data_ptr() != p
    i = torch.tensor([1, 2])
    assert i[1].data_ptr() - i.data_ptr() == 8
