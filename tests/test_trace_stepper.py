"""Pictures of the steps: SVG frames, the HTML page, and writing them all-or-nothing."""

from __future__ import annotations

import html
import importlib
import os
import re
from pathlib import Path

import pytest

import viz.stepper as stepper
from tinygrad_edu import Value
from viz.draw import COLORS
from viz.draw import fmt as pic
from viz.stepper import frame_name, frames, page, write_frames, write_html
from viz.trace import trace


def example():
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    return trace((a * b + c) * f)


def test_one_frame_per_step_highlighting_its_node_with_the_grads_known_so_far():
    t = example()
    svgs = frames(t)
    assert len(svgs) == len(t.steps)
    unknown = [svg.count("grad ?") for svg in svgs]
    assert unknown == sorted(unknown, reverse=True) and unknown[-1] == 0 < unknown[0]
    for s, svg in zip(t.steps, svgs):
        assert svg.count(COLORS["highlight"]) >= 1
        shown = html.unescape(svg)  # graphviz writes "-" as &#45;
        for g in t.grads_after(s.step).values():
            assert f"grad {pic(g)}" in shown
    # step 1 knows only the output and its two inputs: a, b, c and a*b are still unknown
    assert unknown[0] == 4


def test_too_many_steps_fail_before_any_picture_is_drawn(monkeypatch, tmp_path):
    from viz.draw import GraphTooBigError

    x = Value(1.0, label="x")
    y = x
    for _ in range(stepper.MAX_FRAMES + 1):
        y = y + x
    t = trace(y)
    assert len(t.steps) == stepper.MAX_FRAMES + 1
    picture_module = importlib.import_module("viz.picture")  # where a Graph renders
    monkeypatch.setattr(picture_module, "render", lambda *a, **k: pytest.fail("rendered a frame"))
    with pytest.raises(GraphTooBigError, match=f"max_frames={stepper.MAX_FRAMES}"):
        frames(t)
    with pytest.raises(GraphTooBigError):
        write_html(t, tmp_path / "steps.html")
    assert os.listdir(tmp_path) == []
    monkeypatch.undo()
    assert len(frames(trace(x * 2 + x), max_frames=2)) == 2


def test_a_leaf_output_gives_one_frame():
    t = trace(Value(1.0, label="a"))
    assert len(frames(t)) == 1
    assert page(t, frames(t)).count('<section class="frame"') == 1


def test_frame_names_sort_in_step_order():
    assert [frame_name(k, 3) for k in (1, 3)] == ["step-01.svg", "step-03.svg"]
    assert frame_name(7, 120) == "step-007.svg"
    names = [frame_name(k, 120) for k in range(1, 121)]
    assert names == sorted(names)


def test_the_page_is_self_contained_and_starts_at_step_1():
    t = example()
    text = page(t, frames(t))
    assert text.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=|<link|@import|url\(""", text)
    assert "<?xml" not in text and "<!DOCTYPE svg" not in text
    sections = re.findall(
        r'<section class="frame" id="step-(\d+)" data-step="\d+"( hidden)?>', text
    )
    assert [(k, h) for k, h in sections] == [("1", "")] + [(str(k), " hidden") for k in (2, 3)]
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))  # the frames' SVG ids do not collide
    assert 'id="prev"' in text and 'id="next"' in text and "ArrowRight" in text
    for s in t.steps:
        assert f"Step {s.step} of 3: {s.grad_fn}" in text
        for i in s.inputs:
            assert i.text() in text
    leaves = ", ".join(f"{x.label} = {x.grad}" for x in t.leaves)
    assert f"Leaf grads: {leaves}" in text


def test_labels_are_escaped_in_the_page():
    a = Value(2.0, label="<b>a</b>")
    text = page(t := trace(a * a), frames(t))
    assert "<b>a</b>" not in text and "&lt;b&gt;a&lt;/b&gt;" in text


def test_write_html_replaces_a_file_atomically(tmp_path):
    t = example()
    out = tmp_path / "steps.html"
    out.write_text("old")
    assert write_html(t, out) == out
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert os.listdir(tmp_path) == ["steps.html"]
    assert out.stat().st_mode & 0o777 == 0o666 & ~_umask()


def test_a_failed_page_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    t = example()
    out = tmp_path / "steps.html"
    out.write_text("old")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(stepper.os, "replace", broken)
    with pytest.raises(OSError):
        write_html(t, out)
    assert os.listdir(tmp_path) == ["steps.html"] and out.read_text() == "old"


def test_write_frames_into_a_new_folder(tmp_path):
    t = example()
    paths = write_frames(t, tmp_path / "frames")
    assert [p.name for p in paths] == ["step-01.svg", "step-02.svg", "step-03.svg"]
    assert sorted(os.listdir(tmp_path)) == ["frames"]
    assert all(p.read_text().startswith("<?xml") for p in paths)
    assert (tmp_path / "frames").stat().st_mode & 0o777 == 0o777 & ~_umask()


def test_write_frames_replaces_earlier_frames_and_nothing_else(tmp_path):
    d = tmp_path / "frames"
    write_frames(example(), d)
    write_frames(trace(Value(1.0, label="a") * 2), d)
    assert os.listdir(d) == ["step-01.svg"]
    assert os.listdir(tmp_path) == ["frames"]
    (d / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match=r"notes\.txt"):
        write_frames(example(), d)
    assert sorted(os.listdir(d)) == ["notes.txt", "step-01.svg"]
    with pytest.raises(FileExistsError, match="not a folder"):
        write_frames(example(), d / "notes.txt")


def test_write_frames_into_an_empty_folder(tmp_path):
    d = tmp_path / "frames"
    d.mkdir()
    write_frames(example(), d)
    assert len(os.listdir(d)) == 3


@pytest.mark.parametrize("existing", [False, True])
def test_a_failure_midway_leaves_nothing_new(tmp_path, monkeypatch, existing):
    d = tmp_path / "frames"
    if existing:
        write_frames(trace(Value(1.0, label="a") * 2), d)
    before = {p.name: p.read_text() for p in d.iterdir()} if existing else None
    real = Path.write_text
    calls = []

    def flaky(self, *args, **kw):
        calls.append(self)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(self, *args, **kw)

    monkeypatch.setattr(Path, "write_text", flaky)
    with pytest.raises(OSError):
        write_frames(example(), d)
    assert os.listdir(tmp_path) == (["frames"] if existing else [])
    if existing:
        assert {p.name: p.read_text() for p in d.iterdir()} == before


def test_a_drawing_failure_touches_no_disk(tmp_path, monkeypatch):
    def fail(*args, **kw):
        raise RuntimeError("no renderer")

    monkeypatch.setattr(stepper, "frames", fail)
    with pytest.raises(RuntimeError):
        write_frames(example(), tmp_path / "frames")
    with pytest.raises(RuntimeError):
        write_html(example(), tmp_path / "steps.html")
    assert os.listdir(tmp_path) == []


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask
