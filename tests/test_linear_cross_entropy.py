"""``F.linear_cross_entropy``, ``nn.LinearCrossEntropyLoss`` and ``nn.LinearCrossEntropyOptions``
(new in PyTorch 2.13) against PyTorch's stored results
(``tests/data/make_linear_cross_entropy_cases.py``): the loss and the gradients of input,
weight and bias, the grad_fn chain (the chunked op's node name with ``options``), reprs,
shapes and errors. The float32 numbers agree to float32's last digits, not bit for bit: the
logits are MKL's ``sgemm``, whose order on these small shapes ``float32_reduce.mm`` does not
have (the cross entropy after it is bit for bit: ``test_cross_entropy_nd.py``); that the
function is exactly ``cross_entropy(linear(...))`` is checked here bit for bit."""

from __future__ import annotations

import inspect
import json
import math
import warnings
from pathlib import Path
from typing import Any

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn as nn
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch users' name

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "linear_cross_entropy_cases.json").read_text()
)["cases"]
VALUES = [c for c in CASES if c["kind"] == "value"]
ERRORS = [c for c in CASES if c["kind"] == "error"]
OPTIONS = [c for c in CASES if c["kind"] == "options"]
MODULES = [c for c in CASES if c["kind"] == "module"]


def _same(got: list[float], want: list[float], dtype: str, exact: bool = True) -> bool:
    if len(got) != len(want):
        return False
    # float32: MKL's sgemm order on small shapes (see above); the chunked op: its own order
    tol = (1e-6 if exact else 1e-5) if dtype == "float32" else 1e-12
    return all(
        (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=tol, abs_tol=tol)
        for a, b in zip(got, want)
    )


def _chain(fn: Any) -> list[str]:
    names = []
    while fn is not None and len(names) < 8:
        names.append(type(fn).__name__)
        nxt = [f for f, _ in fn.next_functions if f is not None]
        fn = nxt[0] if nxt else None
    return names


def _id(c: dict[str, Any]) -> str:
    bits = [c["dtype"], c["x_shape"], c["w_shape"], c["reduction"]]
    bits += ["probs" * c["probs"], "w" * bool(c["weight"]), "opt" * c["options"]]
    bits.append(f"ls{c['label_smoothing']}" if c["label_smoothing"] else "")
    return "-".join(str(b) for b in bits if b)


@pytest.mark.parametrize("case", VALUES, ids=[_id(c) for c in VALUES])
def test_values_grads_and_grad_fns_match_pytorch(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    x = torch.tensor(case["x"], dtype=dt).view(*case["x_shape"]).requires_grad_(True)
    w = torch.tensor(case["w"], dtype=dt).view(*case["w_shape"]).requires_grad_(True)
    b = None
    if case["b"] is not None:
        b = torch.tensor(case["b"], dtype=dt).view(*case["w_shape"][:-1]).requires_grad_(True)
    tdt = dt if case["probs"] else torch.long
    t = torch.tensor(case["target"], dtype=tdt).view(*case["target_shape"])
    cw = torch.tensor(case["weight"], dtype=dt) if case["weight"] else None
    opts = nn.LinearCrossEntropyOptions() if case["options"] else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = F.linear_cross_entropy(
            x, w, t, linear_bias=b, weight=cw, reduction=case["reduction"],
            ignore_index=case["ignore_index"], label_smoothing=case["label_smoothing"],
            options=opts,
        )  # fmt: skip
    assert [str(m.message) for m in caught] == case["warnings"]
    assert list(out.shape) == case["out_shape"]
    assert _chain(out.grad_fn) == case["grad_fns"]
    # the chunked op sums in its own order: its bits are not the reference path's
    exact = not (case["options"] and not case["warnings"])
    assert _same(out.detach().flatten().tolist(), case["out"], case["dtype"], exact)
    out.backward(torch.tensor(case["grad_output"], dtype=dt).view(*out.shape))
    assert _same(x.grad.flatten().tolist(), case["grad_x"], case["dtype"], exact)
    assert _same(w.grad.flatten().tolist(), case["grad_w"], case["dtype"], exact)
    if b is not None:
        assert _same(b.grad.flatten().tolist(), case["grad_b"], case["dtype"], exact)


@pytest.mark.parametrize("case", ERRORS, ids=[c["message"][:40] for c in ERRORS])
def test_errors_are_pytorchs(case: dict[str, Any]) -> None:
    x, w = torch.zeros(*case["x_shape"]), torch.zeros(*case["w_shape"])
    t = torch.zeros(*case["t_shape"], dtype=getattr(torch, case["t_dtype"]))
    b = torch.zeros(*case["b_shape"]) if case["b_shape"] is not None else None
    with pytest.raises(Exception) as info:
        F.linear_cross_entropy(x, w, t, linear_bias=b, **case["kwargs"])
    assert (type(info.value).__name__, str(info.value)) == (case["error"], case["message"])


@pytest.mark.parametrize("case", OPTIONS, ids=[str(c["kwargs"]) for c in OPTIONS])
def test_options_fields_checks_and_repr(case: dict[str, Any]) -> None:
    kw = dict(case["kwargs"])
    if "acc_dtype" in kw:
        kw["acc_dtype"] = getattr(torch, kw["acc_dtype"])
    if "error" in case:
        with pytest.raises(Exception) as info:
            nn.LinearCrossEntropyOptions(**kw)
        assert (type(info.value).__name__, str(info.value)) == (case["error"], case["message"])
        return
    o = nn.LinearCrossEntropyOptions(**kw)
    assert repr(o) == case["repr"]
    assert list(o.__dataclass_fields__) == case["fields"]
    with pytest.raises(AttributeError):
        o.acc_policy = "compact"  # type: ignore[misc] - frozen, as PyTorch's


def test_options_resolve_auto_as_pytorch() -> None:
    # PyTorch's _adjust for (cpu, float32): the fallback ("compact", "aspect_ratio:2")
    o = nn.LinearCrossEntropyOptions().resolved(6, 4, 5, torch.float32, torch.device("cpu"))
    assert (o.acc_policy, o.chunking_method, o.batch_chunk_size, o.acc_dtype) == (
        "compact", "aspect_ratio:2", 2, torch.float32,
    )  # fmt: skip
    o = nn.LinearCrossEntropyOptions(batch_chunk_size=3).resolved(6, 4, 5, torch.float32, None)
    assert (o.chunking_method, o.batch_chunk_size) == (None, 3)
    with pytest.raises(ValueError, match="give different chunk sizes"):
        nn.LinearCrossEntropyOptions(batch_chunk_size=3, chunking_method="aspect_ratio").resolved(
            64, 4, 5, torch.float32, None
        )


@pytest.mark.parametrize("case", MODULES, ids=[str(c["kwargs"]) for c in MODULES])
def test_the_module(case: dict[str, Any]) -> None:
    kw = dict(case["kwargs"])
    if "weight" in kw:
        kw["weight"] = torch.ones(kw["weight"])
    if "out_features" in kw:
        kw["out_features"] = tuple(kw["out_features"])
    torch.manual_seed(5)
    if "error" in case:
        with pytest.raises(Exception) as info:
            nn.LinearCrossEntropyLoss(*case["args"], **kw)
        assert (type(info.value).__name__, str(info.value)) == (case["error"], case["message"])
        return
    m = nn.LinearCrossEntropyLoss(*case["args"], **kw)
    assert repr(m) == case["repr"]
    assert list(m.linear.weight.shape) == case["weight_shape"]
    bias = m.linear.bias
    assert (list(bias.shape) if bias is not None else None) == case["bias_shape"]
    assert list(m.state_dict()) == case["state"]
    x = torch.tensor(case["x"]).view(3, case["args"][0])
    t = torch.zeros(3, *kw.get("out_features", ()), dtype=torch.long)
    out = m(x, t)
    assert math.isclose(out.item(), case["out"], rel_tol=1e-6)
    assert type(out.grad_fn).__name__ == case["grad_fn"]


def test_signatures_are_pytorchs() -> None:
    params = inspect.signature(F.linear_cross_entropy).parameters
    assert list(params) == ["input", "linear_weight", "target", "linear_bias", "weight",
                            "reduction", "ignore_index", "label_smoothing", "options"]  # fmt: skip
    assert [p.kind.name for p in params.values()][3:] == ["KEYWORD_ONLY"] * 6
    init = inspect.signature(nn.LinearCrossEntropyLoss.__init__).parameters
    assert list(init)[1:] == ["in_features", "num_classes", "out_features", "bias", "device",
                              "dtype", "reduction", "weight", "ignore_index", "label_smoothing",
                              "options"]  # fmt: skip


@pytest.mark.parametrize("case", VALUES[:16], ids=[_id(c) for c in VALUES[:16]])
def test_it_is_cross_entropy_of_linear_bit_for_bit(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    x = torch.tensor(case["x"], dtype=dt).view(*case["x_shape"])
    w = torch.tensor(case["w"], dtype=dt).view(*case["w_shape"])
    b = torch.tensor(case["b"], dtype=dt) if case["b"] is not None else None
    tdt = dt if case["probs"] else torch.long
    t = torch.tensor(case["target"], dtype=tdt).view(*case["target_shape"])
    kw = {"reduction": case["reduction"], "label_smoothing": case["label_smoothing"]}
    got = F.linear_cross_entropy(x, w, t, linear_bias=b.view(*w.shape[:-1]) if b is not None
                                 else None, **kw)  # fmt: skip
    classes, out = w.shape[0], tuple(w.shape[1:-1])
    flat = w.reshape(-1, w.shape[-1])
    logits = F.linear(x, flat, b).reshape(*x.shape[:-1], classes, *out)
    want = F.cross_entropy(logits, t, **kw)
    assert got.flatten().tolist() == want.flatten().tolist()
