"""viz.print_tree: the graph as a rich tree, captured the rich way (no colour, fixed width)."""

from __future__ import annotations

import io
import re
import time

import pytest
from rich.console import Console

from tinygrad_edu import Value
from viz.demo import neuron
from viz.trace import trace
from viz.tree import build_tree, print_tree, tree_text

NEURON = """\
o  data 0.7071  grad 1.0000  TanhBackward0
└── n  data 0.8814  grad 0.5000  AddBackward0
    ├── x1*w1 + x2*w2  data -6.0000  grad 0.5000  AddBackward0
    │   ├── x1*w1  data -6.0000  grad 0.5000  MulBackward0
    │   │   ├── x1  data 2.0000  grad -1.5000  leaf
    │   │   └── w1  data -3.0000  grad 1.0000  leaf
    │   └── x2*w2  data 0.0000  grad 0.5000  MulBackward0
    │       ├── x2  data 0.0000  grad 0.5000  leaf
    │       └── w2  data 1.0000  grad 0.0000  leaf
    └── b  data 6.8814  grad 0.5000  leaf
"""


def capture(root: object, width: int) -> str:
    out = io.StringIO()
    print_tree(root, console=Console(color_system=None, width=width, file=out))
    return out.getvalue()


def test_neuron_tree_exact() -> None:
    o = neuron()
    o.backward()
    assert capture(o, 80) == NEURON
    assert tree_text(o, width=80) == NEURON


def test_node_used_twice_is_shown_once_then_referred_to() -> None:
    a = Value(3.0, label="a")
    aa, a2 = a * a, 2 * a
    aa.label, a2.label = "a*a", "2*a"
    b = aa + a2
    b.label = "b"
    b.backward()
    assert capture(b, 60) == (
        "b  data 15.0000  grad 1.0000  AddBackward0\n"
        "├── a*a  data 9.0000  grad 1.0000  MulBackward0\n"
        "│   ├── a  data 3.0000  grad 8.0000  leaf\n"
        "│   └── a  (see above)\n"
        "└── 2*a  data 6.0000  grad 1.0000  MulBackward0\n"
        "    ├── a  (see above)\n"
        "    └── 2  number\n"
    )


def test_shared_subexpression_is_not_expanded_twice() -> None:
    x = Value(1.0, label="x")
    y = x
    for _ in range(12):  # each step uses y twice: a full tree would have 2**12 leaves
        y = y * y
    text = tree_text(y, width=200)
    assert text.count("(see above)") == 12
    assert len(text.splitlines()) == 1 + 2 * 12


def test_unlabelled_nodes_and_constants() -> None:
    k = Value(2.0, requires_grad=False)
    y = k * 3.0
    assert tree_text(y) == "data 6.0000  no grad  constant\n"
    z = Value(1.0) * k
    text = tree_text(z, width=60)
    # unlabelled Values take the trace's names: v<k> for an input, the expression for an op
    assert text.splitlines() == [
        "v1 * v2  data 2.0000  grad 0.0000  MulBackward0",
        "├── v1  data 1.0000  grad 0.0000  leaf",
        "└── v2  data 2.0000  no grad  constant",
    ]
    (step,) = trace(z).steps
    assert step.expr == "v1 * v2"


def test_no_colour_codes_when_not_a_terminal() -> None:
    out = io.StringIO()
    print_tree(neuron(), console=Console(file=out, width=80))  # a StringIO is no terminal
    assert "\x1b[" not in out.getvalue()
    assert "TanhBackward0" in out.getvalue()


def test_list_of_roots() -> None:
    a = Value(1.0, label="a")
    tree = build_tree([a + 1.0, a * 2.0])
    text = tree_text([a + 1.0, a * 2.0])
    assert str(tree.label) == "[bold]outputs[/bold]"
    assert text.startswith("outputs\n") and text.count("a  (see above)") == 1


def test_tensor_tree_lists_its_elements() -> None:
    tensor = pytest.importorskip("tinygrad_edu._tensor.tensor")
    a = tensor.tensor([1.0, 2.0], requires_grad=True)
    s = (a * a).sum()
    s.backward()
    lines = tree_text(s, width=80).splitlines()
    assert lines[0] == "tensor ()  SumBackward0"
    assert lines[1] == "└── data 5.0000  grad 1.0000  SumBackward0"
    assert sum("(see above)" in ln for ln in lines) == 2  # each element of a, used twice


# -- deep trees, encodings, notebooks --------------------------------------------------------


def chain(n: int) -> Value:
    y = Value(0.5, label="x")
    for _ in range(n):
        y = y * 1.0
    y.backward()
    return y


def test_a_deep_chain_keeps_its_ends_and_says_how_much_is_elided() -> None:
    n = 10_000
    y = chain(n)
    start = time.process_time()
    text = tree_text(y, width=80)
    took = time.process_time() - start
    assert took < 5.0  # linear: about 1 s under load; rich's Tree, quadratic in depth, took 27 s
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80
    (marker,) = [line for line in lines if "elided" in line]
    m = re.search(r"\.\.\. (\d+) levels elided \((\d+) nodes\) \.\.\.", marker)
    assert m is not None
    levels, gone = int(m.group(1)), int(m.group(2))
    shown = sum(("MulBackward0" in ln or "leaf" in ln or "number" in ln) for ln in lines)
    assert shown + gone == 2 * n + 1  # every op, its number operand, and the leaf x
    assert levels == gone // 2  # each elided level: one op and its number
    assert lines[0].endswith("  data 0.5000  grad 1.0000  MulBackward0")
    assert any(line.endswith("── x  data 0.5000  grad 1.0000  leaf") for line in lines)


def test_elision_keeps_every_node_of_a_tree_that_fits() -> None:
    y = chain(8)
    text = tree_text(y, width=80)
    assert "elided" not in text
    assert len(text.splitlines()) == 2 * 8 + 1


def test_tree_lines_are_linear_in_a_wide_tree() -> None:
    from tinygrad_edu.core.engine import vsum

    xs = [Value(float(i), label=f"x{i}") for i in range(5000)]
    s = vsum(xs)
    s.backward()
    start = time.process_time()
    text = tree_text(s, width=80)
    assert time.process_time() - start < 1.0
    assert len(text.splitlines()) == 5001


def test_ascii_guides_when_the_stream_cannot_encode_box_drawing() -> None:
    o = neuron()
    o.backward()
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    print_tree(o, console=Console(file=out, width=80, color_system=None))
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert text.splitlines()[1] == "`-- n  data 0.8814  grad 0.5000  AddBackward0"
    assert "    +-- x1*w1 + x2*w2  data -6.0000" in text


def test_tree_text_captures_inside_a_jupyter_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    class ZMQInteractiveShell:  # what rich takes for a Jupyter kernel
        pass

    monkeypatch.setattr(builtins, "get_ipython", ZMQInteractiveShell, raising=False)
    assert Console().is_jupyter  # the fake is what rich detects
    o = neuron()
    o.backward()
    assert tree_text(o, width=80) == NEURON


def test_build_tree_is_the_same_tree_as_rich_draws_it() -> None:
    o = neuron()
    o.backward()
    assert capture_rich(build_tree(o), 80) == NEURON


def capture_rich(tree: object, width: int) -> str:
    out = io.StringIO()
    Console(color_system=None, width=width, file=out).print(tree)
    return out.getvalue()
