"""nll_loss and cross_entropy on K-dimensional input (N, C, d1, ..., dK), and softmax along a
dim that is not the last, against PyTorch's stored results
(``tests/data/make_cross_entropy_nd_cases.py``): float32 bit for bit (values and the input's
gradient), float64 to the last few ulps; the grad_fn chain (``NllLoss2DBackward0``, the views
of other K) and PyTorch's error types and texts."""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path
from typing import Any

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn as nn
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch users' name
from tinygrad_edu._torch_cpu import float32_reduce as f32r

DATA = json.loads(
    gzip.decompress(
        (Path(__file__).parent / "data" / "cross_entropy_nd_cases.json.gz").read_bytes()
    )
)
CASES: list[dict[str, Any]] = DATA["cases"]


@pytest.fixture(autouse=True)
def _torch_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    # _vec_softmax splits even small tensors between PyTorch's threads: the stored run's count
    monkeypatch.setattr(f32r, "THREADS", DATA["threads"])


def _same(got: list[float], want: list[float], dtype: str) -> bool:
    if len(got) != len(want):
        return False
    for a, b in zip(got, want):
        if math.isnan(b):
            if not math.isnan(a):
                return False
        elif dtype == "float32":
            if a != b or math.copysign(1.0, a) != math.copysign(1.0, b):
                return False
        elif not math.isclose(a, b, rel_tol=1e-13, abs_tol=1e-15):
            return False
    return True


def _chain(fn: Any) -> list[str]:
    names = []
    while fn is not None and len(names) < 8:
        names.append(type(fn).__name__)
        nxt = [f for f, _ in fn.next_functions if f is not None]
        fn = nxt[0] if nxt else None
    return names


def _id(c: dict[str, Any]) -> str:
    extra = [c.get("reduction", ""), "w" if c.get("weight") else "", "p" if c.get("probs") else ""]
    extra.append(f"ls{c['label_smoothing']}" if c.get("label_smoothing") else "")
    return "-".join(str(p) for p in (c["fn"], c.get("dtype", ""), c["shape"], *extra) if p)


LOSSES = [c for c in CASES if c["kind"] == "loss"]
SOFTMAXES = [c for c in CASES if c["kind"] == "softmax"]
ERRORS = [c for c in CASES if c["kind"] == "error"]


@pytest.mark.parametrize("case", LOSSES, ids=[_id(c) for c in LOSSES])
def test_loss_values_grads_and_grad_fns_match_pytorch(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    x = torch.tensor(case["x"], dtype=dt).view(*case["shape"]).requires_grad_(True)
    tdt = dt if case["probs"] else torch.long
    t = torch.tensor(case["target"], dtype=tdt).view(*case["target_shape"])
    w = torch.tensor(case["weight"], dtype=dt) if case["weight"] else None
    kw: dict[str, Any] = {"weight": w, "reduction": case["reduction"],
                          "ignore_index": case["ignore_index"]}  # fmt: skip
    if case["fn"] == "cross_entropy":
        kw["label_smoothing"] = case["label_smoothing"]
    out = getattr(F, case["fn"])(x, t, **kw)
    assert list(out.shape) == case["out_shape"]
    assert _same(out.detach().flatten().tolist(), case["out"], case["dtype"])
    assert _chain(out.grad_fn) == case["grad_fns"]
    out.backward(torch.tensor(case["grad_output"], dtype=dt).view(*out.shape))
    assert _same(x.grad.flatten().tolist(), case["grad"], case["dtype"])


@pytest.mark.parametrize("case", SOFTMAXES, ids=[_id(c) + f"-dim{c['dim']}" for c in SOFTMAXES])
def test_softmax_along_any_dim_is_atens_kernel_bit_for_bit(case: dict[str, Any]) -> None:
    x = torch.tensor(case["x"]).view(*case["shape"]).requires_grad_(True)
    out = getattr(torch, case["fn"])(x, case["dim"])
    assert _same(out.detach().flatten().tolist(), case["out"], "float32")
    out.backward(torch.tensor(case["grad_output"]).view(*case["shape"]))
    assert _same(x.grad.flatten().tolist(), case["grad"], "float32")


@pytest.mark.parametrize("case", ERRORS, ids=[_id(c) + f"-{c['target_shape']}" for c in ERRORS])
def test_errors_are_pytorchs(case: dict[str, Any]) -> None:
    x = torch.zeros(*case["shape"])
    t = torch.zeros(*case["target_shape"], dtype=getattr(torch, case["target_dtype"]))
    w = torch.ones(*case["weight_shape"]) if case["weight_shape"] is not None else None
    with pytest.raises(Exception) as info:
        getattr(F, case["fn"])(x, t, weight=w, **case["kwargs"])
    assert type(info.value).__name__ == case["error"]
    assert str(info.value) == case["message"]


def test_the_modules_are_the_functions() -> None:
    case = next(c for c in LOSSES if c["shape"] == [2, 3, 4, 5] and c["weight"]
                and c["fn"] == "nll_loss" and c["dtype"] == "float32")  # fmt: skip
    x = torch.tensor(case["x"]).view(*case["shape"])
    t = torch.tensor(case["target"]).view(*case["target_shape"])
    w = torch.tensor(case["weight"])
    loss = nn.NLLLoss(weight=w, reduction=case["reduction"])(x, t)
    assert _same(loss.flatten().tolist(), case["out"], "float32")
    ce = nn.CrossEntropyLoss(weight=w, reduction=case["reduction"])(x, t)
    want = F.cross_entropy(x, t, weight=w, reduction=case["reduction"])
    assert ce.flatten().tolist() == want.flatten().tolist()


def test_softmax_shape_names_the_kernels_view() -> None:
    assert f32r.softmax_shape((2, 3, 4, 5), 1) == (2, 3, 20)
    assert f32r.softmax_shape((2, 3, 4, 5), 3) == (24, 5)
    assert f32r.softmax_shape((7,), 0) == (1, 7)
    assert f32r.softmax_shape((), 0) is None
    assert f32r.softmax_shape((2, 0, 3), 1) is None
