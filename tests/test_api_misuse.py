"""Wrong calls of the public API raise what PyTorch raises (issue 21).

``tests/api_misuse/cases.py`` is the corpus (a table of a beginner's mistakes); PyTorch's outcome
of each case, its exception type and first line or the repr of its value, is stored in
``tests/api_misuse/torch_outcomes.json`` by ``make parity`` (``regen.py``). Here tinygrad_edu runs
the corpus and is compared with the stored file: no case that agrees may regress, none may hang,
and the agreement figure is printed (``python tests/api_misuse/regen.py --compare`` lists the
cases that still differ).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "api_misuse"
sys.path.insert(0, str(HERE))

from regen import STORED, agreement, outcomes  # noqa: E402

FLOOR = 0.97  # the agreement reached; it only goes up
# The cases whose outcome still differs from PyTorch's, each for a reason written in the file.
KNOWN = {
    line.split("#")[0].strip()
    for line in (HERE / "known_different.txt").read_text(encoding="utf-8").splitlines()
} - {""}


@pytest.fixture(scope="module")
def ours() -> dict[str, str]:
    return outcomes("tinygrad_edu")


def test_misuse_agrees_with_stored_torch_outcomes(ours: dict[str, str]) -> None:
    want = json.loads(STORED.read_text(encoding="utf-8"))
    same, total, differ = agreement(want, ours)
    print(f"\n{same}/{total} = {same / total:.1%} of the misuse cases agree with PyTorch")
    regressed = {n: (want[n], ours.get(n)) for n in differ if n not in KNOWN}
    assert not regressed, "\n".join(
        f"{n}:\n  torch: {t}\n  ours:  {o}" for n, (t, o) in regressed.items()
    )
    assert same / total >= FLOOR


def test_no_misuse_case_hangs(ours: dict[str, str]) -> None:
    assert [n for n, outcome in ours.items() if outcome == "hang"] == []


def test_known_list_names_only_cases() -> None:
    want = json.loads(STORED.read_text(encoding="utf-8"))
    assert set(want) >= KNOWN


@pytest.mark.parity
def test_stored_torch_outcomes_are_torchs() -> None:
    """The stored file is what real PyTorch does now (``make parity`` rewrites it first)."""
    pytest.importorskip("torch")
    assert outcomes("torch") == json.loads(STORED.read_text(encoding="utf-8"))
