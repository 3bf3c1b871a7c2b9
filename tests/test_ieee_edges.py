"""Every op at IEEE edges (nan, infinities, signed zeros, subnormals, overflow), bit for bit
against PyTorch in float64 and in float32: its value and every input's grad, the sign of zero
and nan-ness too. Both dtypes go through the one backward pass; only the numbers differ.

PyTorch's results are stored (``tests/ieee_edges/torch_float64.json`` and ``torch_float32.json``, made by
``tests/ieee_edges/regen.py``), so this runs without torch; the parity tests at the end compare
with a live torch. The cases where the engine differs today are listed in the same file, made
by running the engine, and are expected failures here, named by op and inputs.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("ieee_edges_regen", HERE / "ieee_edges" / "regen.py")
assert _spec is not None and _spec.loader is not None
edges = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = edges  # dataclasses look their module up by name
_spec.loader.exec_module(edges)

CASES = [c for dtype in edges.DTYPES for c in edges.cases(dtype)]
TORCH: dict[str, object] = {}
KNOWN: dict[str, list[str]] = {}
for _dtype in edges.DTYPES:
    _torch, _known = edges.load(_dtype)
    TORCH.update(_torch)
    KNOWN.update(_known)


def params() -> list[object]:
    out = []
    for case in CASES:
        marks = []
        if case.id in KNOWN:
            why = f"differs from PyTorch today: {'; '.join(KNOWN[case.id])}"
            marks.append(pytest.mark.xfail(reason=why, strict=False))
        out.append(pytest.param(case, id=case.id, marks=marks))
    return out


def check(case: object, torch_result: dict[str, object]) -> None:
    mine = edges.engine_result(case)
    found = edges.differences(mine, torch_result)
    assert not found, f"{case.id}: {found}; engine {mine}, torch {torch_result}"  # type: ignore[attr-defined]


def test_the_grid_covers_every_op_and_the_stored_results_are_the_grid():
    from tinygrad_edu.core.ops import OPS

    assert {c.op for c in CASES} == set(OPS)
    assert {c.dtype for c in CASES} == {"float64", "float32"}
    assert [c.id for c in CASES] == list(TORCH), "the grid changed: rerun tests/ieee_edges/regen.py"
    assert set(KNOWN) <= set(TORCH)
    values = set(map(repr, edges.VALUES))
    assert {"nan", "inf", "-inf", "0.0", "-0.0", "5e-324", "-5e-324", "1e+308", "-1e+308"} <= values


def test_same_sees_the_sign_of_zero_and_nan():
    assert edges.same(float("nan"), -float("nan"))
    assert not edges.same(0.0, -0.0) and not edges.same(float("nan"), 0.0)
    assert edges.kind(0.0, -0.0) == "sign of zero"
    assert edges.kind(float("nan"), 1.0) == "nan against a number"
    assert edges.kind(float("inf"), 1e308) == "another number"


@pytest.mark.parametrize("case", params())
def test_op_at_an_ieee_edge_matches_pytorch(case):
    check(case, TORCH[case.id])


# -- live, against torch itself (make parity) ------------------------------------------------


@pytest.fixture(scope="module")
def live() -> dict[str, object]:
    pytest.importorskip("torch")
    return {c.id: edges.torch_result(c) for c in CASES}


@pytest.mark.parity
def test_the_stored_results_are_what_torch_computes(live):
    stale = [k for k, v in live.items() if edges.differences(v, TORCH[k])]
    assert not stale, f"{len(stale)} stored results differ from torch: rerun regen.py; {stale[:5]}"


@pytest.mark.parity
@pytest.mark.parametrize("case", params())
def test_op_at_an_ieee_edge_matches_live_pytorch(case, live):
    check(case, live[case.id])
