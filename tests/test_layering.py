"""The layout of DESIGN.md, as tests: the engine stays standard-library only and knows nothing of
viz, rich or graphviz; the layers point one way; the teaching core loads alone; the torch face
shows PyTorch's names, not the internals; and the house rules (``house_rules.py``) hold, each
also tried on made-up sources so that it can fail."""

from __future__ import annotations

import ast
import subprocess
import sys
import warnings
from pathlib import Path

import house_rules as rules

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


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout


def test_importing_the_engine_loads_no_presentation_code():
    code = "import sys, tinygrad_edu; print(sorted({m.split('.')[0] for m in sys.modules}))"
    assert not set(ast.literal_eval(_run(code))) & FORBIDDEN
    code = (
        "import sys, tinygrad_edu as torch; torch.tensor(1.0); import tinygrad_edu.nn; "
        "print(sorted({m.split('.')[0] for m in sys.modules}))"
    )
    assert not set(ast.literal_eval(_run(code))) & FORBIDDEN


# -- the layers ----------------------------------------------------------------------------

ROOT = ENGINE.parent
PACKAGES = {"tinygrad_edu", "viz"}

# (layer, module prefixes, the layers it may import); a module is in the first layer that
# names it, so the surface (every other module of the package) comes after the three below it
LAYERS = [
    # the core's one import outside itself is DESIGN's "anything -> numerics": the float32
    # number its rules run on for a float32 tensor (float32_libm.F32), PyTorch's CPU arithmetic
    ("core", ("tinygrad_edu.core",), ("numerics",)),
    ("numerics", ("tinygrad_edu._torch_cpu",), ()),
    ("tensor", ("tinygrad_edu._tensor",), ("core", "numerics")),
    ("surface", ("tinygrad_edu",), ("core", "numerics", "tensor")),
    # the trace of a tensor records the tensor layer's pass (its rule steps and formulas)
    ("viz", ("viz",), ("core", "tensor", "surface")),
]
LAYER_EXCEPTIONS = [
    # Tensor.backward forwards to torch.autograd.backward, as torch/_tensor.py does
    ("tinygrad_edu._tensor.tensor", "tinygrad_edu.autograd"),
]


def _project() -> dict[str, str]:
    return rules.sources(ROOT, sorted(PACKAGES))


def test_the_layers_point_one_way():
    assert rules.layer_violations(_project(), PACKAGES, LAYERS, LAYER_EXCEPTIONS) == []


def test_every_module_of_the_package_is_in_a_layer_and_the_three_layers_exist():
    mods = _project()
    for name, _, _ in LAYERS:
        assert any(rules.layer_of(m, LAYERS) == name for m in mods), f"layer {name} is empty"
    assert all(rules.layer_of(m, LAYERS) for m in mods)


def test_the_teaching_core_loads_alone_for_a_value_and_its_backward():
    code = (
        "import sys; from tinygrad_edu import Value; a = Value(2.0); (a * a).backward(); "
        "print(sorted(m for m in sys.modules if m.startswith('tinygrad_edu')))"
    )
    loaded = ast.literal_eval(_run(code))
    assert len(loaded) <= 16, loaded
    number = "tinygrad_edu._torch_cpu", "tinygrad_edu._torch_cpu.float32_libm"  # F32 alone
    assert all(
        m == "tinygrad_edu" or m.startswith("tinygrad_edu.core") or m in number for m in loaded
    ), loaded


def test_the_core_has_a_readme_a_student_reads_first():
    text = (ENGINE / "core" / "README.md").read_text(encoding="utf-8")
    order = [text.index(f"`{m}.py`") for m in ("engine", "ops", "graph")]
    assert order == sorted(order)


# PyTorch 2.13's submodules that are attributes of `torch` (public names only)
PYTORCH_SUBMODULES = {
    "accelerator", "amp", "ao", "autograd", "backends", "classes", "compiler", "cpu", "cuda",
    "distributed", "distributions", "export", "fft", "func", "functional", "futures", "fx", "hub",
    "jit", "library", "linalg", "masked", "monitor", "mps", "mtia", "multiprocessing", "nested",
    "nn", "ops", "optim", "overrides", "package", "profiler", "quantization", "quasirandom",
    "random", "return_types", "serialization", "signal", "sparse", "special", "storage", "testing",
    "types", "utils", "version",
}  # fmt: skip


def test_the_torch_face_shows_at_most_three_submodules_pytorch_lacks():
    code = (
        "import types, tinygrad_edu as torch\n"
        "import tinygrad_edu.nn.functional, tinygrad_edu.optim, tinygrad_edu.utils.data\n"
        "import tinygrad_edu.distributions, tinygrad_edu.linalg, tinygrad_edu.serialization\n"
        "import tinygrad_edu.autograd\n"
        "x = torch.tensor([1.0, 2.0], requires_grad=True); (x * x).sum().backward()\n"
        "torch.manual_seed(0); torch.nn.Linear(2, 1); dir(torch)\n"
        "print(sorted(n for n, v in vars(torch).items()\n"
        "             if isinstance(v, types.ModuleType) and not n.startswith('_')))\n"
    )
    modules = set(ast.literal_eval(_run(code)))
    extra = sorted(modules - PYTORCH_SUBMODULES)
    assert len(extra) <= 3, extra  # today: the core and the toy data
    assert not set(extra) & set(sys.stdlib_module_names), extra  # no import leaks into it
    assert {"autograd", "nn", "optim", "utils", "distributions", "linalg"} <= modules


def test_dir_lists_the_public_names_and_a_star_import_works():
    code = (
        "import tinygrad_edu as torch\n"
        "names = dir(torch)\n"
        "ns = {}\n"
        "exec('from tinygrad_edu import *', ns)\n"
        "print([n in names for n in ('tensor', 'nn', 'Value', 'float32', 'manual_seed')],"
        " all(n in ns for n in ('tensor', 'zeros', 'no_grad', 'exp')))"
    )
    assert _run(code).split() == ["[True,", "True,", "True,", "True,", "True]", "True"]


def test_no_function_or_class_shadows_a_module_of_the_same_name():
    code = (
        "import importlib, pkgutil, types, tinygrad_edu\n"
        "bad = []\n"
        "for info in pkgutil.walk_packages(tinygrad_edu.__path__, 'tinygrad_edu.'):\n"
        "    importlib.import_module(info.name)\n"
        "for info in pkgutil.walk_packages(tinygrad_edu.__path__, 'tinygrad_edu.'):\n"
        "    parent, _, name = info.name.rpartition('.')\n"
        "    v = getattr(importlib.import_module(parent), name, None)\n"
        "    if v is not None and not isinstance(v, types.ModuleType):\n"
        "        bad.append(info.name)\n"
        "print(bad)"
    )
    assert ast.literal_eval(_run(code)) == []
    for name in (
        "tensor",
        "dtype",
        "device",
        "random",
        "ops",
    ):  # PyTorch's names, not ours
        assert not (ENGINE / f"{name}.py").exists() and not (ENGINE / name).is_dir()


# -- the house rules (DESIGN.md), on the project's own modules and on made-up ones ----------

# private attributes the backward pass rewrite (issue 19, part 1) is to make public or remove:
# (module, attribute)
PRIVATE_ATTRIBUTE_ALLOWANCE: set[tuple[str, str]] = set()  # none left

# micrograd's protocol: ``_prev`` (the values a value was made from), ``_op`` and ``_backward``
# are how every micrograd-shaped engine (a student's own Value, micrograd's package, this
# engine's Value too) is read.  One module, the adapter viz.engines, reads them, and only it.
FOREIGN_PROTOCOL: set[tuple[str, str]] = {
    ("viz.engines", "_prev"),
    ("viz.engines", "_op"),
    ("viz.engines", "_backward"),
}


def test_no_two_modules_import_each_other():
    assert rules.cycles(_project(), PACKAGES) == []


def test_no_module_uses_a_private_name_of_another():
    assert rules.private_uses(_project(), PACKAGES) == []


def test_no_module_uses_a_private_attribute_of_another_module_s_objects():
    found = rules.private_attributes(_project(), PACKAGES)
    left = [
        f
        for f in found
        if (f.split(":")[0], f.split(" uses .")[1].split()[0])
        not in PRIVATE_ATTRIBUTE_ALLOWANCE | FOREIGN_PROTOCOL
    ]
    assert left == []


def test_only_the_adapter_reads_another_engine_s_micrograd_names():
    found = rules.private_attributes(_project(), PACKAGES)
    foreign = {(f.split(":")[0], f.split(" uses .")[1].split()[0]) for f in found}
    assert {m for m, name in foreign if name in {"_prev", "_op", "_backward"}} <= {"viz.engines"}
    assert foreign >= FOREIGN_PROTOCOL  # the allowance is used, so it is no wider than needed


def test_the_line_budget_is_a_smell_detector_and_the_hard_limit_a_rule():
    mods = _project()
    for smell in rules.over_budget(mods):
        warnings.warn(
            f"over the {rules.LINE_BUDGET}-line budget, is it one concept? {smell}",
            stacklevel=1,
        )
    assert rules.over_budget(mods, rules.HARD_LIMIT) == []


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
    # a dispatcher importing its commands through a tuple, a command importing the dispatcher
    "pkg.cli": "COMMANDS = ('pkg.cmd',)\nfor n in COMMANDS:\n    importlib.import_module(n)\n",
    "pkg.cmd": "from .cli import UsageError\n",
}


def test_the_rules_catch_what_they_are_for():
    assert sorted(map(sorted, rules.cycles(FAKE, {"pkg"}))) == [
        ["pkg.a", "pkg.b"],
        ["pkg.c", "pkg.d"],
        ["pkg.cli", "pkg.cmd"],
    ]
    assert rules.private_uses(FAKE, {"pkg"}) == [
        "pkg.c:1 imports _secret from pkg.a",
        "pkg.c:3 reads b._hidden",
    ]
    assert rules.over_budget(FAKE) == ["pkg.d: 701 lines"]
    assert rules.over_budget(FAKE, rules.HARD_LIMIT) == []


LAYERED = {
    "top": "",
    "top.core": "",
    "top.core.value": "from ..tensor import Tensor\n",  # the core reaching up
    "top.num": "",
    "top.num.kernels": "from ..core.value import Value\n",  # the numerics knowing a Value
    "top.tensor": "from .core.value import Value\nfrom .num import kernels\n",  # fine
    "top.nn": "from .tensor import Tensor\n",  # fine
}
FAKE_LAYERS = [
    ("core", ("top.core",), ()),
    ("numerics", ("top.num",), ()),
    ("tensor", ("top.tensor",), ("core", "numerics")),
    ("surface", ("top",), ("core", "numerics", "tensor")),
]


def test_the_layer_rule_catches_an_import_against_the_order():
    assert rules.layer_violations(LAYERED, {"top"}, FAKE_LAYERS) == [
        "top.core.value:1 (core) imports top.tensor (tensor)",
        "top.num.kernels:1 (numerics) imports top.core.value (core)",
    ]
    allowed = [("top.core.value", "top.tensor")]
    assert len(rules.layer_violations(LAYERED, {"top"}, FAKE_LAYERS, allowed)) == 1


PRIVATE = {
    "m.value": (
        "class Value:\n"
        "    __slots__ = ('_kind',)\n"
        "    def __init__(self):\n"
        "        self._kind = None\n"
        "        self._node = None\n"
        "    def same(self, other):\n"
        "        return other._kind is self._kind  # its own class's attribute: fine\n"
    ),
    "m.grad": (
        "def step(v, node):\n"
        "    op = v._kind\n"  # another module's slot
        "    node._freed = True\n"  # written, also counts
        "    return getattr(node, '_cls'), v._prev, v._saved_self, v.__class__\n"
    ),
    "m.child": (
        "from .value import Value\n"
        "class Child(Value):\n"
        "    def kind(self):\n"
        "        return self._kind  # its own object, through inheritance: fine\n"
    ),
}


def test_the_private_attribute_rule_catches_a_read_across_modules():
    assert sorted(rules.private_attributes(PRIVATE, {"m"})) == [
        "m.grad:2 uses ._kind of another module's objects",
        "m.grad:3 uses ._freed of another module's objects",
        "m.grad:4 uses ._cls of another module's objects",
        "m.grad:4 uses ._prev of another module's objects",  # micrograd's: the adapter's alone
    ]
