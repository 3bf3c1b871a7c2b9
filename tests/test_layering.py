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


# -- the house rules (DESIGN.md), on the project's own modules and on made-up ones ----------

import house_rules as rules  # noqa: E402

ROOT = ENGINE.parent
PACKAGES = {"tinygrad_edu", "viz"}


def _project() -> dict[str, str]:
    return rules.sources(ROOT, sorted(PACKAGES))


def test_no_two_modules_import_each_other():
    assert rules.cycles(_project(), PACKAGES) == []


def test_no_module_uses_a_private_name_of_another():
    assert rules.private_uses(_project(), PACKAGES) == []


def test_every_module_keeps_to_the_line_budget():
    assert rules.over_budget(_project()) == []


def test_the_viz_package_depends_on_the_engine_and_never_the_other_way():
    deps = rules.imports(_project(), PACKAGES)
    assert not [
        (m, t)
        for m, ts in deps.items()
        if m.startswith("tinygrad_edu")
        for t, _, _ in ts
        if t.startswith("viz")
    ]


FAKE = {
    "pkg": "from . import a\n",
    "pkg.a": "from .b import helper\n",
    "pkg.b": "def helper():\n    from .a import thing  # inside a function: still a circle\n",
    "pkg.c": "from .a import _secret\nfrom . import b\nb._hidden\nimportlib.import_module('pkg.d')\n",
    "pkg.d": "import pkg.c\n" + "x = 1\n" * 700,
}


def test_the_rules_catch_what_they_are_for():
    assert sorted(map(sorted, rules.cycles(FAKE, {"pkg"}))) == [
        ["pkg.a", "pkg.b"],
        ["pkg.c", "pkg.d"],
    ]
    assert rules.private_uses(FAKE, {"pkg"}) == [
        "pkg.c:1 imports _secret from pkg.a",
        "pkg.c:3 reads b._hidden",
    ]
    assert rules.over_budget(FAKE) == ["pkg.d: 701 lines"]
