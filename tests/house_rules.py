"""The house rules of DESIGN.md as functions over source files, so each can be tested on
made-up sources as well as on the project's own (tests/test_layering.py).

- dependencies point one way, and no two modules import each other, even through others
  (imports inside functions count, and so do ``importlib.import_module("...")`` calls);
- no ``_private`` name of one module is imported by, or read from, another;
- no module is longer than the line budget.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

LINE_BUDGET = 600


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(root: Path, packages: Iterable[str]) -> dict[str, str]:
    """Module name -> source text, for every module of ``packages`` under ``root``."""
    return {
        module_name(p, root): p.read_text(encoding="utf-8")
        for pkg in packages
        for p in sorted((root / pkg).rglob("*.py"))
    }


def _resolve(name: str, own: str, is_package: bool, level: int) -> str:
    if level == 0:
        return name
    base = own.split(".") if is_package else own.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def imports(mods: Mapping[str, str], packages: set[str]) -> dict[str, list[tuple[str, str, int]]]:
    """For each module: (imported module, imported name or "", line) within the project."""
    found: dict[str, list[tuple[str, str, int]]] = {}
    for own, text in mods.items():
        # a package's relative imports start from itself (a module's, from its package)
        is_package = own in packages or "." not in own or any(m.startswith(own + ".") for m in mods)
        out: list[tuple[str, str, int]] = []
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                out += [(a.name, "", node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
                target = _resolve(node.module or "", own, is_package, node.level)
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    out.append(
                        (sub, "", node.lineno) if sub in mods else (target, a.name, node.lineno)
                    )
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "import_module"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                out.append((node.args[0].value, "", node.lineno))
        found[own] = [(m, n, line) for m, n, line in out if m in mods]
    return found


def cycles(mods: Mapping[str, str], packages: set[str]) -> list[list[str]]:
    """Every group of modules that import each other (Tarjan's strongly connected components)."""
    edges = {
        m: sorted({t for t, _, _ in deps if t != m}) for m, deps in imports(mods, packages).items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(edges[w])))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        group.append(w)
                        if w == v:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


def private_uses(mods: Mapping[str, str], packages: set[str]) -> list[str]:
    """Every ``_private`` name one module imports from, or reads off, another module."""
    bad = []
    deps = imports(mods, packages)
    for own, text in mods.items():
        for target, name, line in deps[own]:
            if name.startswith("_") and not name.startswith("__"):
                bad.append(f"{own}:{line} imports {name} from {target}")
        aliases = {}
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    aliases[a.asname or a.name.split(".")[0]] = a.name
        modules = {
            alias
            for alias, full in aliases.items()
            if any(t.endswith(full) for t, _, _ in deps[own])
        }
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                bad.append(f"{own}:{node.lineno} reads {node.value.id}.{node.attr}")
    return bad


def over_budget(mods: Mapping[str, str], budget: int = LINE_BUDGET) -> list[str]:
    return [f"{m}: {n} lines" for m, text in mods.items() if (n := len(text.splitlines())) > budget]
