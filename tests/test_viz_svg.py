"""SVG through the embedded renderer (graphviz-pure): well-formed, with the expected texts."""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from viz.demo import neuron
from viz.draw import draw
from viz.render import ENV, RenderError, find_renderer, render

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Force the wheel's renderer, as on a machine without Graphviz."""
    monkeypatch.setenv(ENV, "graphviz-pure")


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == f"{SVG}svg"
    return [t.text or "" for t in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("style", ["micrograd", "torch"])
def test_neuron_svg_shows_names_data_and_grads(pure: None, style: str) -> None:
    o = neuron()
    o.backward()
    found = texts(draw(o, style=style).svg())
    joined = "\n".join(found)
    for name in ("TanhBackward0", "MulBackward0", "AddBackward0"):
        assert name in joined
    for label in ("x1", "x2", "w1", "w2", "b", "o"):
        assert label in found
    assert "data 0.7071" in found  # the output
    assert "grad -1.5000" in found and "grad 0.5000" in found  # x1 and x2


def test_svg_is_the_same_each_time(pure: None) -> None:
    assert draw(neuron()).svg() == draw(neuron()).svg()


def test_legend_and_clusters_render(pure: None) -> None:
    svg = draw(neuron(), legend=True, style="torch", show_saved=True).svg()
    assert "saved for backward" in texts(svg)


def test_save_svg(pure: None, tmp_path: Path) -> None:
    path = draw(neuron()).save(tmp_path / "neuron.svg")
    assert "TanhBackward0" in texts(path.read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["neuron.svg"]


def test_forced_renderer_is_the_wheel_binary(pure: None) -> None:
    assert Path(find_renderer()).name.startswith("graphviz-pure")


def test_forcing_a_missing_renderer_says_how_to_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "/nowhere/dot")
    with pytest.raises(RenderError, match=r"TINYGRAD_EDU_DOT=/nowhere/dot cannot be run"):
        render("digraph { a }")


def test_no_renderer_at_all_names_both_fixes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    with pytest.raises(RenderError) as e:
        render("digraph { a }")
    message = str(e.value)
    assert "apt-get install graphviz" in message and "pip install graphviz-pure" in message
    assert "\n" not in message


def test_renderer_failure_is_one_line(pure: None) -> None:
    with pytest.raises(RenderError, match="failed to draw") as e:
        render("digraph { this is not dot ")
    assert "\n" not in str(e.value)


def test_renderer_timeout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    slow = tmp_path / "slowdot"
    slow.write_text("#!/bin/sh\nexec sleep 5\n")
    slow.chmod(0o755)
    monkeypatch.setenv(ENV, str(slow))
    if os.name == "nt":
        pytest.skip("a shell script stands in for the renderer")
    with pytest.raises(RenderError, match=r"took more than 0\.2s"):
        render("digraph { a }", timeout=0.2)


def test_a_renderer_writing_bytes_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if os.name == "nt":
        pytest.skip("a shell script stands in for the renderer")
    binary = tmp_path / "notdot"
    binary.write_text("#!/bin/sh\nprintf '\\377\\376'\n")
    binary.chmod(0o755)
    monkeypatch.setenv(ENV, str(binary))
    with pytest.raises(RenderError, match="notdot did not write SVG text") as e:
        render("digraph { a }")
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("style", ["micrograd", "torch"])
def test_labels_are_escaped(pure: None, style: str) -> None:
    from tinygrad_edu import Value

    a = Value(1.0, label='a<b & "c"')
    y = a * 2.0
    y.label = "</td></table>>"
    found = texts(draw(y, style=style).svg())
    assert 'a<b & "c"' in found and "</td></table>>" in found
