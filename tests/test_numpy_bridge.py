"""Tensor.numpy() and from_numpy: PyTorch's error without numpy; a copy with it.

numpy is not a dependency: a stand-in module plays it, so these run (and can fail) anywhere.
"""

from __future__ import annotations

import sys
import types

import pytest

import tinygrad_edu as torch


class _Array:
    def __init__(self, data, dtype):
        self.data, self.dtype = data, dtype

    def tolist(self):
        return self.data


@pytest.fixture
def fake_numpy(monkeypatch):
    np = types.ModuleType("numpy")
    np.array = lambda data, dtype: _Array(data, dtype)
    monkeypatch.setitem(sys.modules, "numpy", np)
    return np


def test_without_numpy_both_raise_torchs_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    for call in (lambda: torch.ones(2).numpy(), lambda: torch.from_numpy([1.0])):
        with pytest.raises(RuntimeError, match=r"^Numpy is not available$"):
            call()


def test_importing_the_package_does_not_import_numpy():
    import subprocess

    code = "import sys, tinygrad_edu; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("t", "name"),
    [
        (torch.tensor([[1.5, 2.0]]), "float32"),
        (torch.tensor([1.0], dtype=torch.float64), "float64"),
        (torch.tensor([3, 4]), "int64"),
        (torch.tensor([True]), "bool"),
    ],
)
def test_numpy_copies_the_numbers_with_the_dtype_and_says_it_is_a_copy(fake_numpy, t, name):
    with pytest.warns(UserWarning, match="copy"):
        a = t.numpy()
    assert (a.data, a.dtype) == (t.tolist(), name)
    back = torch.from_numpy(a)
    assert back.tolist() == t.tolist() and back.dtype == t.dtype


def test_numpy_of_a_tensor_that_requires_grad_is_refused_as_in_pytorch(fake_numpy):
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match=r"Use tensor.detach\(\).numpy\(\) instead"):
        x.numpy()
    with pytest.warns(UserWarning):
        assert x.detach().numpy().data == [1.0, 1.0]


def test_from_numpy_refuses_other_dtypes(fake_numpy):
    with pytest.raises(TypeError, match=r"can't convert np\.ndarray of type numpy\.complex64"):
        torch.from_numpy(_Array([1j], "complex64"))
