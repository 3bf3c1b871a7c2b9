"""Every package of the source tree is in the wheel (pyproject's explicit package list)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_listed_for_the_wheel():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = set(ast.literal_eval(re.search(r"^packages = (\[.*\])$", text, re.M).group(1)))
    for top in ("tinygrad_edu", "viz"):
        for init in (ROOT / top).rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(ROOT).parts)
            assert name in listed, f"{name} is missing from [tool.setuptools] packages"
