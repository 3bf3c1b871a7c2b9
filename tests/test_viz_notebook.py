"""viz.show: a file from a script, a picture inline in a notebook."""

from __future__ import annotations

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


def test_show_displays_inline_in_a_kernel(tmp_path, monkeypatch, capsys):
    shown = []
    display = types.ModuleType("IPython.display")
    display.SVG = lambda text: ("SVG", text)
    display.display = shown.append
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    ipython.display = display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    assert viz.in_notebook()
    assert viz.show(viz.draw(neuron())) is None
    assert viz.show("<svg/>", tmp_path / "x.svg") == tmp_path / "x.svg"
    assert [kind for kind, _ in shown] == ["SVG", "SVG"] and "TanhBackward0" in shown[0][1]
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
    display.display = shown.append
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    ipython.display = display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    viz.show(s)
    viz.show(viz.draw(neuron()), tmp_path / "n.png")
    assert [kind for kind, _ in shown] == ["HTML", "SVG"]
    assert shown[0][1].startswith('<div class="tge-stepper cell"')
    assert (tmp_path / "n.png").read_bytes().startswith(b"\x89PNG")
