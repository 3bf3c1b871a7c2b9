"""viz.show: a file from a script, a picture inline in a notebook."""

from __future__ import annotations

import base64
import doctest
import importlib
import sys
import types

import viz
from viz.demo import neuron


def test_show_writes_the_file_and_says_so_from_a_script(tmp_path, capsys):
    out = viz.show(viz.draw(neuron()), tmp_path / "n.svg")
    assert out == tmp_path / "n.svg" and "TanhBackward0" in out.read_text()
    assert capsys.readouterr().out == f"wrote {out}\n"
    chart = viz.show("<svg></svg>", tmp_path / "c.svg")
    assert chart.read_text() == "<svg></svg>"


def fake_display(shown: list):
    def display(obj, raw=False, metadata=None):
        shown.append(("BUNDLE", obj) if raw else obj)
        if metadata:
            shown.append(("METADATA", metadata))

    return display


def test_show_displays_inline_in_a_kernel(tmp_path, monkeypatch, capsys):
    shown = []
    display = types.ModuleType("IPython.display")
    display.SVG = lambda text: ("SVG", text)
    display.display = fake_display(shown)
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    ipython.display = display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    assert viz.in_notebook()
    assert viz.show(viz.draw(neuron())) is None
    assert viz.show("<svg/>", tmp_path / "x.svg") == tmp_path / "x.svg"
    assert [kind for kind, _ in shown] == ["BUNDLE", "METADATA", "BUNDLE"]
    graph, chart = shown[0][1], shown[2][1]
    assert shown[1][1] == viz.notebook.display_metadata(graph)  # the PNG at the SVG's width
    # a graph is stored as SVG and as PNG (shown where SVG is not: an untrusted notebook)
    assert set(graph) == {"image/svg+xml", "image/png", "text/plain"}
    assert "TanhBackward0" in graph["image/svg+xml"]
    assert base64.b64decode(graph["image/png"]).startswith(b"\x89PNG")
    # and never wider than the output area
    assert graph["image/svg+xml"].startswith('<svg style="max-width: 100%; height: auto"')
    assert chart["image/svg+xml"] == '<svg style="max-width: 100%; height: auto"/>'
    assert capsys.readouterr().out == ""  # nothing printed in a notebook: the picture is there


def test_docstring_examples():
    result = doctest.testmod(importlib.import_module("viz.notebook"), optionflags=doctest.ELLIPSIS)
    assert result.attempted and not result.failed


def test_show_writes_a_stepper_page_and_shows_the_stepper_inline(tmp_path, monkeypatch, capsys):
    s = viz.stepper(neuron())
    out = viz.show(s, tmp_path / "steps.html")
    assert (
        out.read_text().startswith("<!DOCTYPE html>") and f"wrote {out}" in capsys.readouterr().out
    )
    shown = []
    display = types.ModuleType("IPython.display")
    display.SVG = lambda text: ("SVG", text)
    display.HTML = lambda text: ("HTML", text)
    display.display = fake_display(shown)
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    ipython.display = display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    viz.show(s)
    viz.show(viz.draw(neuron()), tmp_path / "n.png")
    assert [kind for kind, _ in shown] == ["BUNDLE", "METADATA", "BUNDLE", "METADATA"]
    # the stepper, and beside it its still picture for a viewer that shows no HTML, at most
    # the output area's width
    assert set(shown[0][1]) == {"text/html", "image/png", "text/plain"}
    assert shown[0][1]["text/html"].startswith('<div class="tge-stepper cell"')
    png = base64.b64decode(shown[0][1]["image/png"])
    assert png.startswith(b"\x89PNG") and png == s.still_png()
    assert 0 < shown[1][1]["image/png"]["width"] <= viz.notebook.OUTPUT_WIDTH
    assert (tmp_path / "n.png").read_bytes().startswith(b"\x89PNG")


def test_a_charts_svg_is_drawn_as_png_too(tmp_path):
    import struct

    import pytest

    from viz.raster import svg_png

    raster = importlib.import_module("viz.raster")
    assert doctest.testmod(raster).failed == 0
    chart = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" font-size="12">'
        '<rect width="200" height="100" fill="white"/>'
        '<g stroke="black" fill="none"><rect x="10" y="10" width="50" height="50"/></g>'
        '<circle cx="100" cy="50" r="4" fill="#d62728" stroke="black"/>'
        '<polyline points="10,90 60,40 190,80" fill="none" stroke="#1f77b4" stroke-width="2"/>'
        '<text x="100" y="20" text-anchor="middle">a title</text>'
        '<text x="14" y="50" transform="rotate(-90 14 50)">loss</text></svg>'
    )
    png = svg_png(chart)
    assert png.startswith(b"\x89PNG") and struct.unpack(">II", png[16:24]) == (200, 100)
    with pytest.raises(ValueError, match="path"):
        svg_png('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>')
    # what a notebook stores for it: both; for an SVG it cannot draw, the SVG alone
    assert set(viz.notebook.bundle(chart)) == {"image/svg+xml", "image/png"}
    assert set(viz.notebook.bundle('<svg><path d="M0 0"/></svg>')) == {"image/svg+xml"}


def test_a_graph_too_wide_for_the_output_area_is_laid_out_top_down():
    import re

    from tinygrad_edu import Value

    def width(svg: str) -> float:
        return float(re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+)', svg).group(1))

    wide = viz.draw(neuron())  # left to right: about 2,000 pt
    stored = viz.notebook.bundle(wide)["image/svg+xml"]
    assert width(wide.svg()) * 96 / 72 > viz.notebook.OUTPUT_WIDTH
    assert width(stored) < width(wide.svg()) / 1.5  # the same graph, top down
    assert stored.count('class="node"') == wide.svg().count('class="node"')
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    small = viz.draw(a * b)  # fits: kept as drawn
    assert width(viz.notebook.bundle(small)["image/svg+xml"]) == width(small.svg())


def test_a_picture_still_too_wide_says_the_output_areas_width_itself():
    """Top down is no narrower, or it is SVG text: its own width and height attributes are
    scaled to 848 px (a code host drops the style), its viewBox keeps the drawing whole, and
    the PNG beside it is shown at that width."""
    import re

    from tinygrad_edu import Value

    def size(svg: str) -> tuple[float, float]:
        head = svg[: svg.index(">")]
        w, h = (re.search(rf'\s{k}="([\d.]+)px"', head).group(1) for k in ("width", "height"))
        return float(w), float(h)

    xs = [Value(float(i), label=f"x{i}") for i in range(14)]
    total = xs[0]
    for x in xs[1:]:
        total = total + x  # a long chain: top down it is tall, left to right very wide
    graph = viz.draw(total, rankdir="LR")
    data = viz.notebook.bundle(graph)
    w, h = size(data["image/svg+xml"])
    drawn = re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"', data["image/svg+xml"])
    assert w == viz.notebook.OUTPUT_WIDTH
    assert abs(h / w - float(drawn.group(2)) / float(drawn.group(1))) < 1e-3  # proportions kept
    assert viz.notebook.display_metadata(data) == {"image/png": {"width": 848}}
    chart = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><rect/></svg>'
    fitted = viz.notebook.fit_width(chart)
    assert size(fitted) == (848.0, 212.0) and 'viewBox="0 0 1200 300"' in fitted
    narrow = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect/></svg>'
    assert 'width="400"' in viz.notebook.fit_width(narrow)  # a small picture keeps its size
