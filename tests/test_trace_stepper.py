"""Pictures of the steps: SVG frames, the HTML page, and writing them all-or-nothing."""

from __future__ import annotations

import base64
import html
import importlib
import os
import re
import struct
from pathlib import Path

import pytest

import viz
from tinygrad_edu import Value
from viz.demo import neuron
from viz.draw import COLORS
from viz.draw import fmt as pic
from viz.stepper import frame_name, frames, page, write_frames, write_html
from viz.trace import trace

stepper = importlib.import_module("viz.stepper")  # viz.stepper is the function


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
    text = page(t)
    assert text.count('<section class="frame"') == 0 and text.count('<section class="seed') == 1
    assert "a = 1.0 is a leaf: its grad is the seed." in html.unescape(text)


def test_frame_names_sort_in_step_order():
    assert [frame_name(k, 3) for k in (1, 3)] == ["step-01.svg", "step-03.svg"]
    assert frame_name(7, 120) == "step-007.svg"
    names = [frame_name(k, 120) for k in range(1, 121)]
    assert names == sorted(names)


def test_the_page_is_self_contained_and_starts_at_the_seed():
    t = example()
    text = page(t)
    assert text.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=|<link|@import|url\(""", text)
    assert "<?xml" not in text and "<!DOCTYPE svg" not in text
    assert text.count("<svg") == 1  # one picture: the graph is laid out once
    sections = re.findall(r'<section class="(\w+)[^"]*" data-step="(\d+)">', text)
    assert sections == [("seed", "0")] + [("frame", str(k)) for k in (1, 2, 3)]
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    assert 'class="prev"' in text and 'class="next"' in text and "ArrowRight" in text
    shown = html.unescape(text)
    # an expression's grad is written with its parentheses, as arithmetic reads
    assert t.label == "(a * b + c) * f"
    seed = "((a * b + c) * f).grad = 1.0 (d((a * b + c) * f)/d((a * b + c) * f) = 1)"
    assert f"Step 0 of 3: the seed. {seed}" in shown
    for s in t.steps:
        assert f"Step {s.step} of 3: {s.grad_fn}" in shown
        for i in s.inputs:
            assert i.text() in shown
    leaves = ", ".join(f"{x.label} = {x.grad}" for x in t.leaves)
    assert f"Leaf grads: {leaves}" in shown


def test_every_step_state_follows_the_trace():
    t = example()
    s = stepper.Stepper(t)
    assert len(s.states) == len(t.steps) + 1
    ids = s.graph.ids
    boxes = {v: ids[id(v)] for v in t.grads_after(len(t.steps))}
    # step 0: only the output's grad is known; it is the one marked
    assert s.states[0]["lit"] == s.states[0]["changed"] == list(ids[id(t.root)])
    unknown = [sum(g == "grad ?" for g in st["grads"].values()) for st in s.states]
    assert unknown == sorted(unknown, reverse=True) and unknown[-1] == 0 < unknown[0]
    for k, step in enumerate(t.steps, 1):
        st = s.states[k]
        assert st["lit"] == list(ids[id(step.value.grad_fn)])
        changed = {b for i in step.inputs if i.value is not None for b in ids[id(i.value)]}
        assert set(st["changed"]) == changed
        for v, g in t.grads_after(k).items():
            assert all(st["grads"][b] == f"grad {pic(g)}" for b in boxes[v])


def test_svg_frames_share_one_layout():
    t = example()
    svgs = frames(t)
    assert len(svgs) == len(t.steps)
    geometry = re.compile(r'(?<![-\w])(?:d|points|cx|cy|rx|ry|x|y|width|height|viewBox)="[^"]*"')
    shapes = [geometry.findall(f) for f in svgs]
    assert len(shapes[0]) > 50 and all(g == shapes[0] for g in shapes)  # nothing moves
    for k, svg in enumerate(svgs, 1):
        assert svg.count(f'stroke="{stepper.LIT}" stroke-width="4"') >= 1
        for g in t.grads_after(k).values():
            assert f"grad {pic(g)}" in html.unescape(svg)


def png_size(data: bytes) -> tuple[int, int]:
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_png_frames_and_rankdir(tmp_path):
    t = example()
    s = stepper.Stepper(t, rankdir="LR")
    pngs = s.frames("png")
    assert len(pngs) == len(t.steps) and all(p.startswith(b"\x89PNG\r\n\x1a\n") for p in pngs)
    assert len({png_size(p) for p in pngs}) == 1
    # PNG frames are drawn from the laid-out DOT, edited per step: drawn as SVG the same way,
    # nothing moves, and each step's grads and colours are in
    render = importlib.import_module("viz.render")
    laid_out = render.render_bytes(s.graph.source, fmt="dot").decode()
    geometry = re.compile(r'(?<![-\w])(?:d|points|cx|cy|rx|ry|x|y|width|height|viewBox)="[^"]*"')
    drawn = []
    for k in range(1, len(s.states)):
        dot = stepper._apply_dot(laid_out, s.states[k])
        drawn.append(render.render_bytes(dot, fmt="svg", positioned=True).decode())
    # boxes, ellipses and edges stay put; a box's text may shift by a fraction of a point
    shapes = [geometry.findall(re.sub(r"<text[^>]*>", "", d)) for d in drawn]
    assert len(shapes[0]) > 30 and all(g == shapes[0] for g in shapes)
    for k, svg in enumerate(drawn, 1):
        assert f'stroke="{stepper.LIT}" stroke-width="4"' in svg
        for g in t.grads_after(k).values():
            assert f"grad {pic(g)}" in html.unescape(svg)
    paths = write_frames(t, tmp_path / "f", fmt="png", pictures=pngs)
    assert [p.name for p in paths] == ["step-01.png", "step-02.png", "step-03.png"]
    assert paths[0].read_bytes() == pngs[0]
    with pytest.raises(ValueError, match="rankdir"):
        stepper.Stepper(t, rankdir="XX")
    with pytest.raises(ValueError, match="'svg' or 'png'"):
        stepper.Stepper(t).frames("gif")


def test_the_stepper_shows_itself_inline_in_a_notebook():
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    s = viz.stepper(a * b + a)  # a root: the pass runs here
    assert len(s.states) == 3 and a.grad == -2.0
    fragment = s._repr_html_()
    assert fragment.startswith('<div class="tge-stepper cell"') and "<html" not in fragment
    uid = re.match(r'<div class="tge-stepper cell" id="([^"]+)"', fragment).group(1)
    assert f"#{uid} " in fragment  # its style is scoped to it
    assert s._repr_html_() != fragment  # two outputs of one stepper do not share ids


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

    monkeypatch.setattr(stepper.Stepper, "frames", fail)
    monkeypatch.setattr(stepper.Stepper, "page", fail)
    with pytest.raises(RuntimeError):
        write_frames(example(), tmp_path / "frames")
    with pytest.raises(RuntimeError):
        write_html(example(), tmp_path / "steps.html")
    assert os.listdir(tmp_path) == []


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_trace_writes_png_frames_and_a_left_right_page(tmp_path):
    import subprocess
    import sys

    cli = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]
    args = ["trace", "a*b + a", "--var", "a=2", "--var", "b=-3"]
    args += ["--frames", "f", "--frame-format", "png", "--html", "s.html", "--rankdir", "LR"]
    env = {**os.environ, "TINYGRAD_EDU_DOT": "graphviz-pure"}
    r = subprocess.run([*cli, *args], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path / "f")) == ["step-01.png", "step-02.png"]
    assert (tmp_path / "f" / "step-01.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    box = re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"', (tmp_path / "s.html").read_text())
    assert float(box.group(1)) > float(box.group(2))  # left to right: wider than tall
    assert "wrote s.html (steps 0 to 2: the seed, then 2 steps)" in r.stdout
    r = subprocess.run([*cli, *args[:5], "--rankdir", "XY"], cwd=tmp_path, capture_output=True)
    assert r.returncode == 2


def test_a_cell_holds_a_still_picture_for_where_its_script_cannot_run():
    """An untrusted notebook, a code host, HTML without JavaScript: the cell shows step 0 and
    the last step as one PNG, and the last step's arithmetic; the stepper's own parts are
    kept out of the page until the script runs."""

    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    s = viz.stepper(a * b + a)
    n = len(s.states) - 1
    fragment = s._repr_html_()
    still = re.search(r'<div class="still">(.*?)</div>', fragment, re.S).group(1)
    png = base64.b64decode(re.search(r'src="data:image/png;base64,([^"]+)"', still).group(1))
    assert png == s.still_png() and png.startswith(b"\x89PNG")
    assert struct.unpack(">I", png[16:20])[0] <= stepper.STILL_PNG_WIDTH
    assert f"Step {n} of {n}: {s.trace.steps[-1].grad_fn}" in html.unescape(still)
    assert "Leaf grads: a = -2" in html.unescape(still)  # the pass's result, as text too
    # the stepper's own parts wait in a template its script puts in place: a viewer that
    # runs no script, or a sanitiser that drops scripts, shows no dead buttons
    outside = re.sub(r"<script\b.*?</script>", "", fragment, flags=re.S)
    assert "<nav" not in outside and 'class="stage"' not in outside and "<svg" not in outside
    template = re.search(
        r'<script type="text/html" class="tge-live">(.*?)</script>', fragment, re.S
    )
    live = template.group(1).replace("<\\/", "</")
    assert live.startswith("<nav>") and '<div class="stage"><div class="picture"><svg' in live
    # the page written to disk needs no still: it is opened in a browser, script and all
    assert 'class="still"' not in s.page() and "<nav>" in s.page()
    # the still picture: step 0 (every grad unknown but the seed) and the last step's grads
    svg = html.unescape(s.still())
    assert svg.count("grad ?") == len(s.states[0]["grads"]) - 1
    final = s.states[-1]["grads"]
    assert all(svg.count(text) >= list(final.values()).count(text) for text in final.values())
    assert f"Step 0 of {n}: the seed" in svg and f"Step {n} of {n}" in svg
    # a leaf output: step 0 alone
    leaf = viz.stepper(Value(1.0, label="w"))
    assert "Step 0 of 0" in html.unescape(leaf.still()) and "of 0: the pass" not in leaf.still()
    with pytest.raises(ValueError, match="'svg' or 'png'"):
        s.still("gif")


def test_the_notebook_bundle_stores_the_still_picture_beside_the_html():
    s = viz.stepper(neuron())
    data, metadata = s._repr_mimebundle_()
    assert set(data) == {"text/html", "image/png", "text/plain"}
    assert data["text/html"].startswith('<div class="tge-stepper cell"')
    assert data["image/png"] == base64.b64encode(s.still_png()).decode("ascii")
    w, _ = s.still_size()
    assert metadata == {"image/png": {"width": min(848, round(w * 96 / 72))}}


def test_the_still_picture_moves_each_copy_whole_clusters_included():
    from viz.render import render_bytes

    source = (
        "digraph { rankdir=LR; subgraph cluster_t { label=t; v0 [label=a]; v1 [label=b] } "
        "f2 [label=Mul]; v0 -> f2; v1 -> f2 }"
    )
    laid_out = render_bytes(source, fmt="dot").decode("utf-8")
    state = {"grads": {}, "lit": [], "changed": []}
    dot, (w, h) = stepper._strip_dot(laid_out, [("one", state), ("two", state)])
    assert w > 0 and h > 0

    def numbers(attr: str) -> list[list[float]]:
        return [
            [float(v) for v in re.findall(r"-?[\d.]+", m)]
            for m in re.findall(rf'{attr}="([^"]*)"', dot)
        ]

    cluster_boxes = numbers("bb")[1:]  # the first is the whole picture's
    nodes = {
        m[0]: [float(v) for v in m[1].split(",")]
        for m in re.findall(r"^\t+(s\d_\w+)\t\[[^;]*?\bpos=\"([^\"]*)\"", dot, re.M)
    }
    assert len(cluster_boxes) == 2
    # one above the other (wider than tall): the same x, y moved by the same amount
    dy = nodes["s0_f2"][1] - nodes["s1_f2"][1]
    assert dy > 0 and nodes["s0_f2"][0] == nodes["s1_f2"][0]
    assert abs((cluster_boxes[0][1] - cluster_boxes[1][1]) - dy) < 0.02
    svg = render_bytes(dot, fmt="svg", positioned=True).decode("utf-8")
    assert svg.count('class="cluster"') == 2  # each copy keeps its own
