"""set_printoptions changes later reprs as PyTorch's does; profile='default' restores them."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch


@pytest.fixture(autouse=True)
def _restore():
    yield
    torch.set_printoptions(profile="default")


def test_precision_and_sci_mode():
    x = torch.tensor([1.12345, 1e-5, 300.0])
    assert repr(x) == "tensor([1.1235e+00, 1.0000e-05, 3.0000e+02])"
    torch.set_printoptions(sci_mode=False, precision=2)
    assert repr(x) == "tensor([  1.12,   0.00, 300.00])"
    torch.set_printoptions(precision=2)  # sci_mode back to automatic, as in PyTorch
    assert repr(x) == "tensor([1.12e+00, 1.00e-05, 3.00e+02])"


def test_threshold_edgeitems_and_profiles():
    torch.set_printoptions(threshold=5, edgeitems=2)
    assert repr(torch.arange(10)) == "tensor([0, 1,  ..., 8, 9])"
    torch.set_printoptions(profile="default")
    assert repr(torch.arange(10)) == "tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])"
    torch.set_printoptions(profile="full")
    assert "..." not in repr(torch.arange(2000))


def test_linewidth_wraps_rows():
    torch.set_printoptions(linewidth=20)
    assert repr(torch.arange(8.0)) == "tensor([0., 1., 2.,\n        3., 4., 5.,\n        6., 7.])"
