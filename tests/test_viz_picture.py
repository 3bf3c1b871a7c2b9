"""Pictures as files: PNG beside SVG, torchviz's render()/view() made sense of without a screen,
and two small defects of the pictures (an empty first line, a tensor stacked upside down)."""

from __future__ import annotations

import importlib
import re
import sys
import types
from pathlib import Path

import pytest

import tinygrad_edu as torch
import viz
from tinygrad_edu import Value
from viz.demo import neuron

picture = importlib.import_module("viz.picture")
PNG = b"\x89PNG\r\n\x1a\n"


def size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG) and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.fixture(autouse=True)
def pure(monkeypatch):
    monkeypatch.setenv("TINYGRAD_EDU_DOT", "graphviz-pure")  # the renderer the wheel ships


def test_save_png_and_its_resolution(tmp_path: Path) -> None:
    g = viz.draw(neuron())
    path = g.save(tmp_path / "n.png")
    data = path.read_bytes()
    w, h = size(data)
    svg = g.svg()
    pt_w, pt_h = (
        float(x) for x in re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups()
    )
    assert abs(w - pt_w * 96 / 72) <= 3 and abs(h - pt_h * 96 / 72) <= 3  # 96 dpi by default
    w2, _ = size(g.png(dpi=192))
    assert abs(w2 - 2 * w) <= 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n.png"]


def test_a_failed_png_leaves_no_file(tmp_path: Path, monkeypatch) -> None:
    def broken(*args, **kw):
        raise viz.RenderError("renderer crashed")

    monkeypatch.setattr(picture, "render_bytes", broken)
    with pytest.raises(viz.RenderError):
        viz.draw(neuron()).save(tmp_path / "n.png")
    with pytest.raises(viz.RenderError):
        viz.draw(neuron()).render(tmp_path / "n", format="png")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError, match="dpi"):
        importlib.import_module("viz.render").render_bytes("digraph{}", fmt="png", dpi=-1)


def test_render_like_torchviz(tmp_path: Path) -> None:
    g = viz.draw(neuron())
    out = g.render(tmp_path / "graph", format="png")
    assert out == tmp_path / "graph.png" and out.read_bytes().startswith(PNG)
    assert (tmp_path / "graph").read_text() == g.source  # the DOT source beside it, as graphviz
    out = g.render("n", directory=tmp_path, cleanup=True)
    assert out == tmp_path / "n.svg" and "TanhBackward0" in out.read_text()
    assert not (tmp_path / "n").exists()
    with pytest.raises(ValueError, match="unknown format 'gif'"):
        g.render(tmp_path / "x", format="gif")


def test_view_on_a_machine_without_a_screen_says_where_the_file_is(tmp_path, monkeypatch, capsys):
    for k in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setattr(picture.sys, "platform", "linux")
    import webbrowser

    monkeypatch.setattr(webbrowser, "open", lambda *a, **k: pytest.fail("opened a browser"))
    path = viz.draw(neuron()).view(tmp_path / "n.svg")
    assert path.read_text().lstrip().startswith("<?xml")
    err = capsys.readouterr().err
    assert str(path) in err and "no display" in err
    temp = viz.draw(neuron()).view(format="png")  # no name: a file in the temporary folder
    try:
        assert temp.read_bytes().startswith(PNG) and str(temp) in capsys.readouterr().err
    finally:
        temp.unlink()


def test_view_opens_the_viewer_on_a_desktop(tmp_path, monkeypatch):
    monkeypatch.setenv("DISPLAY", ":0")
    opened = []
    import webbrowser

    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    path = viz.draw(neuron()).render(tmp_path / "n", view=True)
    assert opened == [path.absolute().as_uri()]


def test_view_in_a_notebook_shows_it_inline(tmp_path, monkeypatch):
    shown = []
    display = types.ModuleType("IPython.display")
    display.SVG = lambda text: ("SVG", text)
    display.Image = lambda filename: ("Image", filename)
    display.display = shown.append
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    ipython.display = display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    viz.draw(neuron()).view(tmp_path / "n.svg")
    viz.draw(neuron()).view(tmp_path / "n.png", format="png")
    assert [kind for kind, _ in shown] == ["SVG", "Image"]


# -- two small defects -------------------------------------------------------------------------


def first_lines(source: str, prefix: str) -> list[str]:
    """The bold first line of every box named ``prefix<k>`` in DOT ``source``."""
    return re.findall(rf"\b{prefix}\d+ \[label=<<b>(.*?)</b>", source)


def test_an_unlabelled_box_in_torch_style_has_no_empty_first_line() -> None:
    a, b = Value(2.0), Value(-3.0)
    src = viz.draw(a * b, style="torch").source
    outputs, leaves = first_lines(src, "o"), first_lines(src, "v")
    assert outputs == ["data -6.0000"]
    assert sorted(leaves) == ["data -3.0000", "data 2.0000"]
    named = viz.draw(a * Value(1.0, label="w"), style="torch").source
    assert "w" in first_lines(named, "v")  # a name, when there is one, still comes first


def element_positions(svg: str) -> dict[str, tuple[float, float]]:
    """Where each ``W[i]`` label is drawn (SVG coordinates: y grows downwards)."""
    found = re.findall(r'<text[^>]* x="([-\d.]+)" y="([-\d.]+)"[^>]*>(W\[\d\])</text>', svg)
    return {name: (float(x), float(y)) for x, y, name in found}


@pytest.mark.parametrize("rankdir", ["LR", "TB"])
def test_a_2x2_tensor_reads_in_order(rankdir: str) -> None:
    W = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    y = (W * 2).sum()
    y.backward()
    pos = element_positions(viz.draw(y, labels={"W": W}, rankdir=rankdir).svg())
    assert sorted(pos) == ["W[0]", "W[1]", "W[2]", "W[3]"]
    axis = 1 if rankdir == "LR" else 0  # top to bottom, or left to right
    order = sorted(pos, key=lambda k: pos[k][axis])
    assert order == ["W[0]", "W[1]", "W[2]", "W[3]"]


@pytest.mark.parametrize("module", ["viz.picture", "viz.micrograd", "viz.stepper", "viz.render"])
def test_docstring_examples(module: str) -> None:
    import doctest

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(importlib.import_module(module), optionflags=flags)
    assert not result.failed
