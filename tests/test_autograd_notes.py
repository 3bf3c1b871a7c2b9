"""PyTorch's autograd notes and tutorials ("Autograd mechanics", "Extending PyTorch", "Double
Backward with Custom Functions"): each case of ``autograd_notes_cases.py`` gives what PyTorch
gave (``tests/data/autograd_notes_cases.json``, made by ``tests/data/make_autograd_notes.py``)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from autograd_notes_cases import CASES, DTYPES

import tinygrad_edu

WANT = json.loads((Path(__file__).parent / "data" / "autograd_notes_cases.json").read_text())


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_case(name: str, dt: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = CASES[name](tinygrad_edu, dt)
    assert json.loads(json.dumps(got)) == WANT[f"{name}/{dt}"]
