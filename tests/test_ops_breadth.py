"""The ops of ``ops_breadth_cases.py`` say what PyTorch said (``data/ops_breadth_cases.json``,
written by ``regen_ops_breadth.py``): reprs, dtypes, grads and errors."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from ops_breadth_cases import CASES, run

import tinygrad_edu

STORED = json.loads((Path(__file__).parent / "data" / "ops_breadth_cases.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_snippet_says_what_pytorch_said(name):
    assert name in STORED["cases"], "run tests/regen_ops_breadth.py"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert run(tinygrad_edu, CASES[name]) == STORED["cases"][name]
