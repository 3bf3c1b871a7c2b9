"""viz.draw: golden DOT text for the classic graphs, and every option of the picture.

The golden files were generated once and checked by eye (and as rendered pictures); run with
UPDATE_GOLDEN=1 to write them again after an intended change.
"""

from __future__ import annotations

import base64
import importlib
import os
import re
import time
from pathlib import Path

import pytest

import viz
from tinygrad_edu import Value
from viz.demo import neuron
from viz.draw import COLORS, Graph, draw, fmt

draw_module = importlib.import_module("viz.draw")  # viz.draw is the function
picture_module = importlib.import_module("viz.picture")  # where Graph renders and saves

GOLDEN = Path(__file__).parent / "golden"


def a_plus_a() -> Value:
    a = Value(3.0, label="a")
    b = a + a
    b.label = "b"
    return b


def shared() -> Value:
    """micrograd's lesson on accumulation: d and e both use a and b."""
    a, b = Value(-2.0, label="a"), Value(3.0, label="b")
    d = a * b
    d.label = "d"
    e = a + b
    e.label = "e"
    f = d * e
    f.label = "f"
    return f


GRAPHS = {"neuron": neuron, "a_plus_a": a_plus_a, "shared": shared}


@pytest.mark.parametrize("style", ["micrograd", "torch"])
@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_golden_dot(name: str, style: str) -> None:
    root = GRAPHS[name]()
    root.backward()
    source = draw(root, style=style).source
    path = GOLDEN / f"{name}_{style}.dot"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(source)
    assert source == path.read_text()


def test_the_golden_neuron_holds_the_numbers_karpathy_shows() -> None:
    text = (GOLDEN / "neuron_micrograd.dot").read_text()
    for needle in ("TanhBackward0", "MulBackward0", "AddBackward0", "data 0.7071", "grad -1.5000"):
        assert needle in text
    assert "AccumulateGrad" in (GOLDEN / "neuron_torch.dot").read_text()


def test_same_graph_same_text() -> None:
    # Node ids come from the traversal, not from id(): two copies of a graph draw alike.
    first, second = neuron(), neuron()
    assert draw(first).source == draw(second).source
    assert draw(first, style="torch").source == draw(second, style="torch").source


def node_line(source: str, node: str) -> str:
    (line,) = [ln for ln in source.splitlines() if ln.strip().startswith(f"{node} [")]
    return line


def test_micrograd_style_records_and_backward_names() -> None:
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    c = a * b
    c.backward()
    src = draw(c).source
    assert "<td>a</td><td>data 2.0000</td><td>grad -3.0000</td>" in src
    assert "label=MulBackward0" in node_line(src, "f2")
    # inputs before their op, op before its result: computation order
    assert src.index("v0 -> f2") < src.index("v1 -> f2") < src.index("f2 -> v2")


def test_kinds_are_told_apart_by_colour_and_shape() -> None:
    x, k = Value(2.0, label="x"), Value(5.0, requires_grad=False, label="k")
    w = Value(0.5, label="w")
    y = (x * k + 1.0) * w
    y.label = "y"
    src = draw(y, labels={"w": w}).source
    leaf, const, param = node_line(src, "v0"), node_line(src, "v1"), node_line(src, "v4")
    out = node_line(src, "v5")
    assert "lightblue" in leaf and "rounded" in leaf
    assert COLORS["const"] in const and "dashed" in const and "no grad" in const
    assert COLORS["param"] in param and "rounded" in param
    assert COLORS["output"] in out and "penwidth=2.5" in out
    number = node_line(src, "c3_1")  # the 1.0 in x*k + 1.0: a plain number
    assert "label=1" in number and "dashed" in number


def test_legend_lists_the_kinds_drawn() -> None:
    o = neuron()
    assert "cluster_legend" not in draw(o).source
    src = draw(o, legend=True).source
    assert "leaf (requires grad)" in src and "backward node (the op)" in src
    assert "constant" not in src  # the neuron has none
    torch_src = draw(o, style="torch", legend=True, show_saved=True).source
    assert "saved for backward" in torch_src


def test_highlight_a_value_or_its_node() -> None:
    o = neuron()
    plain = draw(o).source
    n = o.grad_fn.inputs[0]  # n = x1*w1 + x2*w2 + b
    lit_value = draw(o, highlight=n).source
    assert COLORS["highlight"] not in plain
    assert COLORS["highlight"] in node_line(lit_value, "v8")
    lit_node = draw(o, highlight=o.grad_fn).source
    assert COLORS["highlight"] in node_line(lit_node, "f9")
    assert COLORS["highlight"] not in node_line(lit_node, "v9")
    torch_lit = draw(o, style="torch", highlight=o.grad_fn).source
    assert COLORS["highlight"] in node_line(torch_lit, "f9")


def test_grads_mapping_overrides_what_is_shown() -> None:
    o = neuron()
    o.backward()
    n = o.grad_fn.inputs[0]
    src = draw(o, grads={o: 1.0, n: 0.25}).source
    assert "grad 0.2500" in node_line(src, "v8")
    assert "grad ?" in node_line(src, "v0")  # x1: not reached yet
    assert src.count("grad ?") == 8  # every Value but o and n


def test_torch_style_is_torchviz_plus_numbers() -> None:
    o = neuron()
    o.backward()
    src = draw(o, style="torch").source
    assert src.count("AccumulateGrad") == 5
    assert "data 0.7071" in node_line(src, "o9") and "darkolivegreen1" in node_line(src, "o9")
    assert "lightblue" in node_line(src, "v0") and "grad -1.5000" in node_line(src, "v0")
    assert "v0 -> a0" in src and "a0 -> f2" in src and "f9 -> o9" in src
    assert "orange" not in src


def test_torch_style_skips_constants_and_shows_saved() -> None:
    x = Value(3.0, label="x")
    y = (x**2).tanh()
    src = draw(y, style="torch").source
    assert "PowBackward0" in src and "exponent" not in src
    saved = draw(y, style="torch", show_saved=True).source
    assert "orange" in saved
    assert "<b>exponent</b>" in saved and ">2</font>" in saved  # PyTorch keeps an int exponent
    assert "<b>result</b>" in saved
    # a saved leaf is the leaf's own box, joined without an arrow (as torchviz does)
    assert "v0 -> f1 [dir=none style=dashed]" in saved


def test_tensor_view_and_clusters() -> None:
    tensor = pytest.importorskip("tinygrad_edu._tensor.tensor")
    a = tensor.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = tensor.tensor([4.0, 5.0, 6.0], requires_grad=True)
    s = (a * b).sum()
    s.backward()
    micro = draw(s, labels={"a": a, "b": b}).source
    assert micro.count("subgraph cluster_") == 4  # a, b, a*b and the sum
    assert "<td>a[0]</td>" in micro and "SumBackward0" in micro
    assert 'label="a (3)"' in micro and 'label="MulBackward0 (3)"' in micro
    coarse = draw(s, style="torch", labels={"a": a, "b": b}).source
    assert coarse.count("MulBackward0") == 1 and coarse.count("AccumulateGrad") == 2
    assert "data [1.0000, 2.0000, 3.0000]" in coarse and "grad [4.0000, 5.0000, 6.0000]" in coarse


def test_too_many_nodes_fails_fast_and_says_what_to_do() -> None:
    x = Value(1.0)
    y = x
    for _ in range(100_000):
        y = y + 1.0
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"max_nodes=500.*larger max_nodes.*tensor-level"):
        draw(y)
    assert time.perf_counter() - start < 1.0
    short = Value(1.0)
    for _ in range(300):
        short = short + 1.0
    with pytest.raises(ValueError):
        draw(short)
    assert draw(short, max_nodes=1000).nodes == 301 + 300 + 300  # Values, ops, numbers


def test_max_nodes_is_a_limit_not_a_suggestion() -> None:
    x = Value(1.0)
    y = x * 2.0 + 1.0  # 3 Values and 2 ops: 5 nodes counted
    draw(y, max_nodes=5)
    with pytest.raises(ValueError, match="max_nodes=4"):
        draw(y, max_nodes=4)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"style": "graphviz"}, "unknown style"),
        ({"rankdir": "up"}, "unknown rankdir"),
        ({"max_nodes": 0}, "max_nodes"),
    ],
)
def test_bad_options(kwargs: dict, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        draw(Value(1.0), **kwargs)


def test_bad_roots() -> None:
    with pytest.raises(TypeError, match="a Value, a Tensor"):
        draw(3.0)
    with pytest.raises(ValueError, match="empty"):
        draw([])
    with pytest.raises(TypeError, match="labels="):
        draw(Value(1.0), labels={"x": 2.0})


def test_a_list_of_roots_draws_each_as_an_output() -> None:
    a = Value(1.0, label="a")
    y1, y2 = a * 2.0, a + 3.0
    src = draw([y1, y2]).source
    assert src.count(COLORS["output"]) == 2
    assert src.count("<td>a</td>") == 1  # the shared leaf is drawn once


def test_fmt_keeps_small_and_huge_numbers_visible() -> None:
    assert [fmt(x) for x in (0.5, -1.5, 0.0, 1e-5, 2e7)] == [
        "0.5000",
        "-1.5000",
        "0.0000",
        "1.0000e-05",
        "2.0000e+07",
    ]
    assert [fmt(float(s)) for s in ("nan", "inf", "-inf")] == ["nan", "inf", "-inf"]


def test_save_dot_needs_no_renderer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_renderer(source: str) -> str:
        raise AssertionError("a .dot file must not render")

    monkeypatch.setattr(picture_module, "render", no_renderer)
    g = draw(neuron())
    path = g.save(tmp_path / "n.dot")
    assert path.read_text() == g.source


def test_save_refuses_other_suffixes(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"must end in \.svg, \.png, \.dot"):
        draw(neuron()).save(tmp_path / "n.gif")
    assert list(tmp_path.iterdir()) == []


def test_failed_render_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(source: str) -> str:
        raise RuntimeError("renderer crashed")

    monkeypatch.setattr(picture_module, "render", broken)
    with pytest.raises(RuntimeError):
        draw(neuron()).save(tmp_path / "n.svg")
    assert list(tmp_path.iterdir()) == []


def test_failed_write_leaves_no_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(picture_module.os, "replace", no_replace)
    with pytest.raises(OSError):
        draw(neuron()).save(tmp_path / "n.dot")
    assert list(tmp_path.iterdir()) == []


def test_saved_file_is_readable_by_others(tmp_path: Path) -> None:
    path = draw(neuron()).save(tmp_path / "n.dot")
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_jupyter_display_uses_the_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def fake(source: str) -> str:
        calls.append(source)
        return "<svg/>"

    monkeypatch.setattr(picture_module, "render", fake)
    g = draw(neuron())
    assert g._repr_svg_() == "<svg/>"
    shown = g._repr_mimebundle_()
    assert shown["image/svg+xml"] == '<svg style="max-width: 100%; height: auto"/>'
    assert base64.b64decode(shown["image/png"]).startswith(b"\x89PNG")  # where SVG is not shown
    assert len(calls) == 1  # rendered once, then kept
    assert re.match(r"<Graph: 15 nodes", repr(g))


def test_package_face() -> None:
    assert viz.draw is draw and viz.Graph is Graph
    assert set(viz.__all__) >= {"draw", "Graph", "print_tree", "tree_text", "build"}
    with pytest.raises(AttributeError):
        viz.nothing_here


def test_the_package_face_is_lazy_and_complete() -> None:
    import json
    import subprocess
    import sys

    code = (
        "import json, sys, viz; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'graphviz'})); "
        "print(json.dumps(viz.__all__))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded, names = out.stdout.splitlines()
    assert loaded == "[]"  # rich and graphviz wait until something is drawn or printed
    wanted = {"draw", "Graph", "print_tree", "tree_text", "trace", "Trace", "print_trace",
              "write_frames", "write_html"}  # fmt: skip
    assert wanted <= set(json.loads(names))
    assert all(callable(getattr(viz, name)) for name in viz.__all__)
    assert viz.trace.__module__ == "viz.trace" and viz.draw.__module__ == "viz.draw"
