"""The 3-d ``grid_sample`` (GridSampler.cpp's scalar loop) and the 5-D ``affine_grid``
against PyTorch's values, stored by tests/data/make_grid_sample_3d_cases.py."""

import json
import math
import warnings
from pathlib import Path

import pytest

import tinygrad_edu as torch

F = torch.nn.functional
CASES = json.loads((Path(__file__).parent / "data" / "grid_sample_3d_cases.json").read_text())


def _flat(x):
    return [v for row in x for v in _flat(row)] if isinstance(x, list) else [x]


def _id(c: dict) -> str:
    return f"{c['dtype']}-{c['mode']}-{c['padding']}-{'aligned' if c['align'] else 'centres'}"


@pytest.mark.parametrize("case", CASES["grid_sample"], ids=_id)
def test_values_bit_for_bit_and_grads_close(case):
    dt = getattr(torch, case["dtype"])
    x = torch.tensor(case["x"], dtype=dt, requires_grad=True)
    grid = torch.tensor(case["grid"], dtype=dt, requires_grad=True)
    y = F.grid_sample(x, grid, mode=case["mode"], padding_mode=case["padding"],
                      align_corners=case["align"])  # fmt: skip
    assert type(y.grad_fn).__name__ == "GridSampler3DBackward0"
    assert _flat(y.tolist()) == _flat(case["y"])
    (y * y).sum().backward()
    # the grads are sums in another order than the kernel's: close, not always the same bits
    tol = 1e-4 if case["dtype"] == "float32" else 1e-12
    for got, want in ((x.grad, case["x_grad"]), (grid.grad, case["grid_grad"])):
        for a, b in zip(_flat(got.tolist()), _flat(want)):
            assert math.isclose(a, b, rel_tol=tol, abs_tol=tol)


@pytest.mark.parametrize("align", [False, True])
def test_affine_grid_5d(align):
    theta = torch.tensor(CASES["affine_grid"]["theta"])
    got = F.affine_grid(theta, [1, 1, 2, 3, 4], align_corners=align)
    want = _flat(CASES["affine_grid"][str(align)])
    assert got.shape == (1, 2, 3, 4, 3)
    assert all(
        math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-7) for a, b in zip(_flat(got.tolist()), want)
    )


def test_errors_as_pytorch():
    x = torch.zeros(1, 1, 2, 2, 2)
    with pytest.raises(RuntimeError, match="bicubic interpolation only supports 4D input"):
        F.grid_sample(x, torch.zeros(1, 1, 1, 1, 3), mode="bicubic", align_corners=False)
    with pytest.raises(RuntimeError, match="expected grid to have size 3 in last dimension"):
        F.grid_sample(x, torch.zeros(1, 1, 1, 1, 2), align_corners=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(
            ValueError, match="Expected a batch of 3D affine matrices of shape Nx3x4"
        ):
            F.affine_grid(torch.zeros(1, 2, 3), [1, 1, 2, 2, 2])
