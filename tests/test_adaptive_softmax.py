"""``nn.AdaptiveLogSoftmaxWithLoss`` against values stored from PyTorch 2.13
(tests/data/make_adaptive_softmax_cases.py), float32 and float64: the output, the loss, the
weights' grads, ``log_prob`` and ``predict``; its repr, unbatched input and errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tinygrad_edu as torch
from tinygrad_edu import nn

CASES = json.loads((Path(__file__).parent / "data" / "adaptive_softmax_cases.json").read_text())


def _flat(x: Any) -> list[float]:
    return [v for e in x for v in _flat(e)] if isinstance(x, list) else [x]


def _close(got: Any, want: Any, tol: float) -> None:
    g, w = _flat(got), _flat(want)
    assert len(g) == len(w)
    assert all(abs(a - b) <= tol * max(1.0, abs(b)) for a, b in zip(g, w)), (g, w)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["dtype"])
def test_values_and_grads_are_pytorchs(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    asm = nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[3, 6], div_value=2.0, head_bias=True,
                                        dtype=dt)  # fmt: skip
    asm.load_state_dict({k: torch.tensor(v, dtype=dt) for k, v in case["state"].items()})
    x = torch.tensor(case["input"], dtype=dt)
    out = asm(x, torch.tensor(case["target"]))
    # log_softmax and the Linear layers in float32: the last bit is theirs, not this module's
    tol = 1e-6 if case["dtype"] == "float32" else 1e-14
    _close(out.output.tolist(), case["output"], tol)
    _close(out.loss.item(), case["loss"], tol)
    out.loss.backward()
    for name, p in asm.named_parameters():
        _close(p.grad.tolist(), case["grads"][name], 10 * tol)
    _close(asm.log_prob(x).tolist(), case["log_prob"], tol)
    assert asm.predict(x).tolist() == case["predict"]


def test_repr_unbatched_input_and_errors() -> None:
    asm = nn.AdaptiveLogSoftmaxWithLoss(4, 6, cutoffs=[2])
    assert repr(asm).startswith("AdaptiveLogSoftmaxWithLoss(\n  (head): Linear(in_features=4, ")
    assert asm.head.out_features == 3 and asm.tail[0][0].out_features == 1
    out = asm(torch.ones(4), torch.tensor(5))
    assert out.output.shape == () and type(out).__name__ == "_ASMoutput"
    with pytest.raises(ValueError, match="cutoffs should be a sequence of length larger than 0"):
        nn.AdaptiveLogSoftmaxWithLoss(4, 6, cutoffs=[])
    with pytest.raises(ValueError, match="cutoffs should be a sequence of unique, positive"):
        nn.AdaptiveLogSoftmaxWithLoss(4, 6, cutoffs=[2, 2])
    with pytest.raises(RuntimeError, match=r"Target values should be in \[0, 5\], but values in"):
        asm(torch.ones(2, 4), torch.tensor([0, 6]))
    with pytest.raises(RuntimeError, match="multi-target not supported"):
        asm(torch.ones(2, 4), torch.zeros(2, 1, dtype=torch.int64))
