"""The engine stays standard-library only and knows nothing of viz, rich or graphviz."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "tinygrad_edu"
FORBIDDEN = {"viz", "rich", "graphviz"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_source_imports_only_the_standard_library_and_itself():
    stdlib = set(sys.stdlib_module_names) | {"tinygrad_edu", "__future__"}
    for path in sorted(ENGINE.rglob("*.py")):
        outside = imported_roots(path) - stdlib
        assert not outside, f"{path.name} imports {sorted(outside)}"
        assert not imported_roots(path) & FORBIDDEN


def test_importing_the_engine_loads_no_presentation_code():
    code = "import sys, tinygrad_edu; print(sorted({m.split('.')[0] for m in sys.modules}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert not set(ast.literal_eval(out.stdout)) & FORBIDDEN
