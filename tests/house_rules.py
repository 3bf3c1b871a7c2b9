"""The house rules of DESIGN.md as functions over source files, so each can be tested on
made-up sources as well as on the project's own (tests/test_layering.py).

- dependencies point one way, and no two modules import each other, even through others
  (imports inside functions count, and so do ``importlib.import_module("...")`` calls, and a
  call ``import_module(name)`` with a computed name counts as an import of every module that
  a string of the calling module names, as ``COMMANDS = ("viz.cli.draw", ...)``);
- the layers: each module belongs to the first layer whose prefix names it, and imports only
  the layers that layer may import (``layer_violations``);
- no ``_private`` name of one module is imported by, or read from, another;
- no ``_private`` attribute is read or written on an object, but by the module that gives
  that attribute to its objects (``private_attributes``);
- the line budget is a smell detector: a module over ``LINE_BUDGET`` is listed to look at
  (a warning), and only one over ``HARD_LIMIT`` fails.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

LINE_BUDGET = 600  # a module longer than this is listed (a warning): is it one concept?
HARD_LIMIT = 1200  # a module longer than this fails: a concept that needs 700 lines keeps them


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
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, (ast.Attribute, ast.Name))
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
                and node.args
                and not isinstance(node.args[0], ast.Constant)
            ):  # a computed name: every module the module's strings name is a candidate
                out += [
                    (c.value, "", c.lineno)
                    for c in ast.walk(ast.parse(text))
                    if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value in mods
                ]
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


def layer_of(module: str, layers: Sequence[tuple[str, tuple[str, ...], tuple[str, ...]]]) -> str:
    """The first layer (name, prefixes, may import) one of whose prefixes names ``module``."""
    for name, prefixes, _ in layers:
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return name
    return ""


def layer_violations(
    mods: Mapping[str, str],
    packages: set[str],
    layers: Sequence[tuple[str, tuple[str, ...], tuple[str, ...]]],
    allowed: Iterable[tuple[str, str]] = (),
) -> list[str]:
    """Every import from one layer into a layer it may not import (its own is always fine).

    ``layers`` is a list of (name, module prefixes, names of the layers it may import); a
    module no prefix names is in no layer and is not checked.  ``allowed`` lists the
    (module, imported module) pairs that are exceptions, each with its reason where it is
    written."""
    ok = set(allowed)
    may = {name: set(imports_) | {name} for name, _, imports_ in layers}
    bad = []
    for own, deps in imports(mods, packages).items():
        mine = layer_of(own, layers)
        if not mine:
            continue
        for target, _, line in deps:
            theirs = layer_of(target, layers)
            if theirs and theirs not in may[mine] and (own, target) not in ok:
                bad.append(f"{own}:{line} ({mine}) imports {target} ({theirs})")
    return sorted(set(bad))


# PyTorch's public names (``_saved_self``, ``_version``, ...) start with an underscore and are
# public all the same; so are the standard library's named tuples' (``_replace``, ``_asdict``,
# ``_fields``), ``sys._getframe`` and IPython's protocols, one underscore either side
# (``_repr_html_``, ``_render_traceback_``).  micrograd's (``_prev``, ``_op``, ``_backward``) are
# public too, but only to the one module that reads another engine's values: each project keeps
# such an allowance for itself (tests/test_layering.py's FOREIGN_PROTOCOL)
PUBLIC_UNDERSCORED = re.compile(
    r"_saved_\w+|_version|_base|_replace|_asdict|_fields|_make|_getframe|_[a-z]\w*_"
)


def _owned(tree: ast.AST) -> set[str]:
    """The ``_names`` a module gives its own objects: attributes assigned on ``self``/``cls``
    in its classes' methods, its classes' ``__slots__``, and names defined in its class bodies."""
    own: set[str] = set()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for node in cls.body:
            for t in _targets(node):
                if isinstance(t, ast.Name):
                    own.add(t.id)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own.add(node.name)
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
            ):
                own |= {
                    c.value
                    for c in ast.walk(node.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                }
        methods = (
            n for n in ast.walk(cls) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        )
        for fn in methods:
            first = fn.args.args[0].arg if fn.args.args else ""
            for node in ast.walk(fn):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name)
                    and node.value.id in {first, "self", "cls"}
                ):
                    own.add(node.attr)
    # a table of attribute names (``_TABLES = ("_parameters", "_buffers")``) that the module
    # sets on its objects with ``object.__setattr__(self, name, ...)``
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Tuple, ast.List)):
            names = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
            if names and all(isinstance(n, str) and n.startswith("_") for n in names):
                own |= set(names)
    # object.__setattr__(self, "_x", ...) and setattr(obj, "_x", ...) on the module's objects
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "__setattr__"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
        ):
            own.add(str(node.args[1].value))
    return own


def _targets(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [node.target]
    return []


def private_attributes(mods: Mapping[str, str], packages: set[str]) -> list[str]:
    """Every ``x._name`` (read or written, or through ``getattr(x, "_name")``) where ``x`` is
    not the method's own ``self``/``cls`` and ``_name`` is not an attribute this module gives
    its own objects (``_owned``): the private attribute of another module's objects.  A name
    read off an imported module is ``private_uses``' business; ``__dunder__`` names and the
    public underscored ones (``PUBLIC_UNDERSCORED``) are fine."""
    bad: list[str] = []
    for own, text in mods.items():
        tree = ast.parse(text)
        mine = _owned(tree)
        modules = {
            a.asname or a.name.split(".")[0]
            for n in ast.walk(tree)
            if isinstance(n, (ast.Import, ast.ImportFrom))
            for a in n.names
        }
        _visit(tree, "", own, mine, modules, bad)
    return sorted(set(bad), key=lambda s: (s.split(":")[0], int(s.split(":")[1].split()[0])))


def _visit(
    node: ast.AST,
    me: str,
    own: str,
    mine: set[str],
    modules: set[str],
    bad: list[str],
    cls=False,
) -> None:
    """``me``: the name of the enclosing method's own object (its first parameter)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and cls:
        me = node.args.args[0].arg if node.args.args else ""
    name, on = "", None
    if isinstance(node, ast.Attribute):
        name, on = node.attr, node.value
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"getattr", "setattr", "hasattr", "delattr"}
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        name, on = node.args[1].value, node.args[0]
    if (
        name.startswith("_")
        and not name.startswith("__")
        and name not in mine
        and not PUBLIC_UNDERSCORED.fullmatch(name)
        and not (isinstance(on, ast.Name) and (on.id in modules or (me and on.id == me)))
    ):
        bad.append(f"{own}:{node.lineno} uses .{name} of another module's objects")
    for child in ast.iter_child_nodes(node):
        _visit(child, me, own, mine, modules, bad, isinstance(node, ast.ClassDef))
