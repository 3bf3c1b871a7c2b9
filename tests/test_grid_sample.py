"""``F.grid_sample`` / ``torch.grid_sampler`` and ``F.affine_grid`` /
``torch.affine_grid_generator`` (the spatial transformer's ops) against values stored from
PyTorch 2.13 (tests/data/make_grid_sample_cases.py): every mode, padding mode and
align_corners, float32 and float64. Forward values are ATen's CPU kernel's to the last bit
(bicubic: all but an element now and then, one ulp off); grads agree to a few ulps (the
kernel sums them in its own order); the grid's grad in nearest mode is zeros, as PyTorch's."""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path
from typing import Any

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling

CASES = json.loads((Path(__file__).parent / "data" / "grid_sample_cases.json").read_text())


def _flat(x: Any) -> list[float]:
    return [v for e in x for v in _flat(e)] if isinstance(x, list) else [x]


def _close(got: Any, want: Any, dt: str, ulps: float) -> None:
    eps = 2.0**-23 if dt == "float32" else 2.0**-52
    g, w = _flat(got), _flat(want)
    scale = max(1.0, max(abs(v) for v in w))
    assert len(g) == len(w)
    for a, b in zip(g, w):
        assert abs(a - b) <= ulps * eps * scale, (a, b)


def _id(c: dict[str, Any]) -> str:
    return f"{c['dtype']}-{c['mode']}-{c['padding']}-{c['align']}"


@pytest.mark.parametrize("case", CASES["grid_sample"], ids=_id)
def test_grid_sample_values_and_grads_are_pytorchs(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    x = torch.tensor(case["input"], dtype=dt, requires_grad=True)
    g = torch.tensor(case["grid"], dtype=dt, requires_grad=True)
    out = F.grid_sample(x, g, case["mode"], case["padding"], case["align"])
    assert out.grad_fn.name() == "GridSampler2DBackward0"
    got, want = _flat(out.tolist()), _flat(case["out"])
    if case["mode"] == "bicubic":  # the compiler's FMA choices, matched all but now and then
        _close(got, want, case["dtype"], 2)
        assert sum(a != b for a, b in zip(got, want)) <= len(want) // 4
    else:
        assert got == want
    (out * torch.tensor(case["w"], dtype=dt)).sum().backward()
    _close(x.grad.tolist(), case["grad_input"], case["dtype"], 4)
    _close(g.grad.tolist(), case["grad_grid"], case["dtype"], 64)


@pytest.mark.parametrize("case", CASES["affine_grid"], ids=lambda c: f"{c['dtype']}-{c['align']}")
def test_affine_grid_values_and_grads_are_pytorchs(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    theta = torch.tensor(case["theta"], dtype=dt, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the unit-size grid's warning
        grid = F.affine_grid(theta, case["size"], align_corners=case["align"])
    assert grid.grad_fn.name() == "AffineGridGeneratorBackward0"
    assert grid.tolist() == case["grid"]
    (grid * torch.tensor(case["w"], dtype=dt)).sum().backward()
    _close(theta.grad.tolist(), case["grad_theta"], case["dtype"], 8)


def test_saved_values_and_top_level_forms() -> None:
    x = torch.randn(1, 1, 2, 2, requires_grad=True)
    g = torch.zeros(1, 1, 1, 2, requires_grad=True)
    out = torch.grid_sampler(x, g, 2, 1, True)
    fn = out.grad_fn
    assert (fn._saved_interpolation_mode, fn._saved_padding_mode) == (2, 1)
    assert fn._saved_align_corners is True and fn._saved_grid is g
    assert torch.grid_sampler_2d(x, g, 2, 1, True).tolist() == out.tolist()
    theta = torch.zeros(1, 2, 3)
    grid = torch.affine_grid_generator(theta, [1, 1, 2, 2], False)
    assert grid.tolist() == [[[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]]]
    assert F.GRID_SAMPLE_INTERPOLATION_MODES == {"bilinear": 0, "nearest": 1, "bicubic": 2}
    assert F.GRID_SAMPLE_PADDING_MODES == {"zeros": 0, "border": 1, "reflection": 2}


def test_nearest_gives_the_grid_a_zero_grad() -> None:
    x = torch.randn(1, 1, 3, 3, requires_grad=True)
    g = torch.tensor([[[[0.3, -0.2]]]], requires_grad=True)
    F.grid_sample(x, g, mode="nearest", align_corners=False).sum().backward()
    assert g.grad.tolist() == [[[[0.0, 0.0]]]]


def test_errors_and_warnings_are_pytorchs() -> None:
    x, g = torch.zeros(1, 1, 2, 2), torch.zeros(1, 1, 1, 2)
    with pytest.raises(
        ValueError, match="expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: 'area'"
    ):
        F.grid_sample(x, g, mode="area")
    with pytest.raises(
        ValueError,
        match="expected padding_mode to be 'zeros', 'border', or 'reflection', but got: 'x'",
    ):
        F.grid_sample(x, g, padding_mode="x")
    with pytest.warns(UserWarning, match="Default grid_sample and affine_grid behavior"):
        F.grid_sample(x, g)
    with pytest.raises(RuntimeError, match="expected grid and input to have same batch size"):
        F.grid_sample(x, torch.zeros(2, 1, 1, 2), align_corners=False)
    with pytest.raises(
        ValueError,
        match=r"Expected a batch of 2D affine matrices of shape Nx2x3 for size \[1, 1, 2, 2\]",
    ):
        F.affine_grid(torch.zeros(1, 3, 3), [1, 1, 2, 2], align_corners=False)
    with pytest.raises(
        ValueError, match=r"Expected theta to have floating point type, but got torch\.int64"
    ):
        F.affine_grid(torch.zeros(1, 2, 3, dtype=torch.int64), [1, 1, 2, 2], align_corners=False)
    with pytest.raises(
        ValueError, match=r"Expected non-zero, positive output size. Got \[1, 1, 0, 2\]"
    ):
        F.affine_grid(torch.zeros(1, 2, 3), [1, 1, 0, 2], align_corners=False)
    with pytest.warns(UserWarning, match="unit-size grids when align_corners=True"):
        F.affine_grid(torch.zeros(1, 2, 3), [1, 1, 1, 2], align_corners=True)
    assert not math.isnan(F.grid_sample(x, g, align_corners=False).item())
