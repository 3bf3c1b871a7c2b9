"""``docs/float32.md``'s kernel table is true: it lists every kernel of ``float32_table.py`` with
the exactness the table requires, and its measured shares and ulp distances are what
``bench/float32_ulps.py`` measures now against torch's stored bits. A kernel the page calls
bit-exact that is not fails here (and in ``test_float32.py``)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import float32_table as table  # noqa: E402 - after the path is set

DOC = ROOT / "docs" / "float32.md"
ROW = re.compile(r"^\| `([^`]+)` \| (yes|no) \| ")


def _ulps_module():
    spec = importlib.util.spec_from_file_location(
        "float32_ulps", ROOT / "bench" / "float32_ulps.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def measured():
    mod = _ulps_module()
    return mod.measure(), mod.rows


def doc_rows() -> dict[str, str]:
    return {
        m.group(1): line
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if (m := ROW.match(line))
    }


def test_the_page_lists_every_kernel_once_with_the_tables_exactness():
    rows = doc_rows()
    assert set(rows) == set(table.KERNELS)
    for name, line in rows.items():
        assert ("| yes |" in line) == table.KERNELS[name][3], name


def test_the_pages_figures_are_measured_now(measured):
    stats, rows = measured
    want = {line.split("`")[1]: line for line in rows(stats)}
    assert doc_rows() == want  # rerun bench/float32_ulps.py and paste its table


def test_a_kernel_called_bit_exact_is_bit_exact(measured):
    stats, _ = measured
    for name, line in doc_rows().items():
        _, total, same, worst = stats[name]
        if "| yes |" in line:
            assert total and same == total and worst == 0, name
