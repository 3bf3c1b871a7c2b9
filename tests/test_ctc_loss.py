"""``F.ctc_loss`` / ``nn.CTCLoss`` / ``torch.ctc_loss`` against values stored from PyTorch
2.13 (tests/data/make_ctc_cases.py), float32 and float64: the losses and their grads to the
last bit (the alpha and beta recursions in ATen's order of ops), inf for an impossible
alignment and nan in its grads, both zeroed by ``zero_infinity``; grad_fn names, errors."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import tinygrad_edu as torch
import tinygrad_edu.nn.functional as F  # noqa: N812 - PyTorch's spelling
from tinygrad_edu import nn

CASES = json.loads((Path(__file__).parent / "data" / "ctc_cases.json").read_text())


def _flat(x: Any) -> list[Any]:
    if isinstance(x, list):
        return [v for e in x for v in _flat(e)]
    return [None if isinstance(x, float) and math.isnan(x) else x]


def _id(c: dict[str, Any]) -> str:
    shape = "concat" if not isinstance(c["targets"][0], list) else "padded"
    return f"{c['dtype']}-{c['reduction']}-zi{c['zero_infinity']}-{shape}-blank{c['blank']}"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_ctc_loss_and_grad_are_pytorchs(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    lp = torch.tensor(case["log_probs"], dtype=dt, requires_grad=True)
    loss = F.ctc_loss(lp, torch.tensor(case["targets"]), torch.tensor(case["input_lengths"]),
                      torch.tensor(case["target_lengths"]), case["blank"], case["reduction"],
                      case["zero_infinity"])  # fmt: skip
    assert _flat(loss.tolist()) == _flat(case["loss"])
    (loss * torch.tensor(case["w"], dtype=dt)).sum().backward()
    assert _flat(lp.grad.tolist()) == _flat(case["grad"])


def test_grad_fn_names_and_the_module() -> None:
    lp = torch.randn(4, 2, 3).log_softmax(2).detach().requires_grad_()
    tg, il, tl = torch.tensor([[1, 2], [2, 2]]), [4, 4], [2, 2]
    assert F.ctc_loss(lp, tg, il, tl).grad_fn.name() == "MeanBackward0"
    assert F.ctc_loss(lp, tg, il, tl).grad_fn.next_functions[0][0].name() == "DivBackward0"
    assert F.ctc_loss(lp, tg, il, tl, reduction="sum").grad_fn.name() == "SumBackward0"
    none = F.ctc_loss(lp, tg, il, tl, reduction="none")
    assert none.grad_fn.name() == "CtcLossBackward0" and none.shape == (2,)
    zi = F.ctc_loss(lp, tg, il, tl, reduction="none", zero_infinity=True)
    assert zi.grad_fn.name() == "WhereBackward0"
    m = nn.CTCLoss(blank=0, reduction="sum")
    assert repr(m) == "CTCLoss()" and m.blank == 0 and m.zero_infinity is False
    assert m(lp, tg, il, tl).tolist() == F.ctc_loss(lp, tg, il, tl, reduction="sum").tolist()
    assert torch.ctc_loss(lp, tg, il, tl, 0, 2, False).tolist() == m(lp, tg, il, tl).tolist()
    one = F.ctc_loss(lp[:, 0], tg[0], torch.tensor(4), torch.tensor(2), reduction="none")
    assert one.shape == () and one.item() == none[0].item()


def test_errors_are_pytorchs() -> None:
    lp = torch.zeros(2, 1, 2)
    with pytest.raises(RuntimeError, match=r"^blank must be in label range$"):
        F.ctc_loss(lp, torch.tensor([[1]]), [2], [1], blank=2)
    with pytest.raises(
        RuntimeError, match="Expected input_lengths to have value at most 2, but got value 3"
    ):
        F.ctc_loss(lp, torch.tensor([[1]]), [3], [1])
    with pytest.raises(ValueError, match=r"^x is not a valid value for reduction$"):
        F.ctc_loss(lp, torch.tensor([[1]]), [2], [1], reduction="x")
