"""The odds of ``odds_cases.py`` say what PyTorch said (``data/odds_cases.json``, written by
``regen_odds.py``): reprs, strides, grads and errors, in float32 and float64."""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import pytest
from odds_cases import CASES, NUMBERS, TOLERANCE, run, run_numbers, run_warnings

import tinygrad_edu

STORED = json.loads((Path(__file__).parent / "data" / "odds_cases.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_snippet_says_what_pytorch_said(name):
    assert name in STORED["cases"], "run tests/regen_odds.py"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert run(tinygrad_edu, CASES[name]) == STORED["cases"][name]


@pytest.mark.parametrize("name", sorted(NUMBERS))
def test_numbers_are_pytorchs_to_its_own_accuracy(name):
    want = STORED["numbers"][name]
    got = run_numbers(tinygrad_edu, NUMBERS[name])
    rtol, atol = TOLERANCE[name.rsplit("_", 1)[1]]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert (math.isnan(g) and math.isnan(w)) or math.isclose(g, w, rel_tol=rtol, abs_tol=atol)


def test_as_strided_refuses_memory_the_tensor_does_not_see():
    # a slice's storage before its start is its base's, which a view made without a graph
    # does not keep here: refused rather than read as something else
    b = tinygrad_edu.arange(6.0)[2:]
    with pytest.raises(NotImplementedError, match="storage position 0 is outside"):
        b.as_strided((2,), (1,), 0)


def test_warnings_are_pytorchs_once_per_process_at_the_programs_line():
    assert run_warnings("tinygrad_edu") == STORED["warnings"]
