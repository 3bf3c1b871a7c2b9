"""`tinygrad-edu trace`: JSON and readable steps, pictures, and bad input (exit 2, one line)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tinygrad_edu import Value
from viz.trace import fmt

# `python -m viz.cli` would load the CLI twice (as __main__ and as viz.cli), so run its main()
CLI = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]
EXAMPLE = ["(a*b + c) * f", "--var", "a=2", "--var", "b=-3", "--var", "c=10", "--var", "f=-2"]


def tge(*args, cwd=None, env=None):
    e = {**os.environ, "COLUMNS": "80", **(env or {})}
    return subprocess.run(
        [*CLI, "trace", *args], capture_output=True, text=True, cwd=cwd, env=e, timeout=120
    )


def example_grads():
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    ((a * b + c) * f).backward()
    return {x.label: x.grad for x in (a, b, c, f)}


def test_json_names_the_nodes_and_ends_with_the_leaf_grads():
    r = tge(*EXAMPLE, "--json")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    *steps, final = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(steps) >= 3
    assert [s["step"] for s in steps] == list(range(1, len(steps) + 1))
    assert {"MulBackward0", "AddBackward0"} <= {s["grad_fn"] for s in steps}
    for s in steps:
        assert {"step", "node", "grad_fn", "upstream", "inputs"} <= set(s)
        for i in s["inputs"]:
            assert {"label", "local_formula", "local", "contribution", "grad"} <= set(i)
    grads = {x["label"]: x["grad"] for x in final["leaves"]}
    assert grads == example_grads() == {"a": 6.0, "b": -4.0, "c": -2.0, "f": 4.0}  # the issue's
    last = steps[-1]
    assert last["inputs"][0]["local_formula"] == "d(a*b)/da = b"


def test_without_json_the_steps_are_printed_readably():
    r = tge(*EXAMPLE)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "\x1b[" not in out  # not a terminal: plain text
    assert max(len(line) for line in out.splitlines()) <= 80
    for text in ("Step 1/3  MulBackward0", "Step 2/3  AddBackward0", "d(a*b)/da = b = -3.0"):
        assert text in out
    assert "chain -2.0 × -3.0 = 6.0   grad += 6.0 → 6.0" in out
    data = {"a": 2.0, "b": -3.0, "c": 10.0, "f": -2.0}
    rows = [line.split() for line in out.rstrip().splitlines()[-4:]]
    assert rows == [[n, fmt(data[n]), fmt(g)] for n, g in example_grads().items()]


def test_a_shared_variable_shows_both_contributions():
    r = tge("a*a + a", "--var", "a=3", "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    into_a = [i for s in rows[:-1] for i in s["inputs"] if i["label"] == "a"]
    assert len(into_a) == 3
    assert [i["grad_before"] for i in into_a[1:]] == [i["grad"] for i in into_a[:-1]]
    assert rows[-1]["leaves"] == [{"label": "a", "data": 3.0, "grad": into_a[-1]["grad"]}]


def test_a_lone_variable_has_no_steps():
    r = tge("a", "--var", "a=1.5", "--json")
    assert r.returncode == 0, r.stderr
    assert [json.loads(line) for line in r.stdout.splitlines()] == [
        {"leaves": [{"label": "a", "data": 1.5, "grad": 1.0}]}
    ]


def test_frames_and_html(tmp_path):
    r = tge(*EXAMPLE, "--json", "--frames", "frames", "--html", "steps.html", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    n = len(r.stdout.splitlines()) - 1  # stdout stays pure JSON; "wrote" goes to stderr
    assert sorted(os.listdir(tmp_path / "frames")) == [f"step-0{k}.svg" for k in range(1, n + 1)]
    assert all((tmp_path / "frames" / f).read_text().lstrip().startswith("<?xml") for f in
               os.listdir(tmp_path / "frames"))  # fmt: skip
    page = (tmp_path / "steps.html").read_text()
    assert page.count('<section class="frame"') == n
    assert "wrote steps.html" in r.stderr and "frames" in r.stderr
    # again, into the same folder: its frames are replaced, nothing else is left behind
    r = tge("a*b", "--var", "a=1", "--var", "b=2", "--frames", "frames", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert os.listdir(tmp_path / "frames") == ["step-01.svg"]
    assert sorted(os.listdir(tmp_path)) == ["frames", "steps.html"]


BAD = [
    (["a*", "--var", "a=1"], "column"),
    (["a*z", "--var", "a=1"], "unknown name 'z'"),
    (["a", "--var", "a"], "bad --var"),
    (["a", "--var", "a=two"], "not a number"),
    (["__import__('os').system('true')"], ""),
    (["2*3"], "nothing to differentiate"),
    (["a", "--var", "a=1", "--html", "nowhere/steps.html"], "no directory"),
    (["a", "--var", "a=1", "--html", "steps.svg"], "must end in .html"),
    (["a", "--var", "a=1", "--frames", "afile"], "not a folder"),
    (["a", "--var", "a=1", "--frames", "mine"], "holds other files"),
    (["a", "--var", "a=1", "--style", "fancy"], "invalid choice"),
    (["a", "--var", "a=1", "--bogus"], "unrecognized"),
    (["a", "--var", "a=1", "--frames", "-"], "name a new or empty folder"),
    (["a", "--var", "a=1", "--frames", ""], "name a new or empty folder"),
    (["a", "--var", "a=1", "--frames", "."], "name a new or empty folder"),
    (["a", "--var", "a=1", "--frames", "mine/.."], "name a new or empty folder"),
    (["a", "--var", "a=1", "--html", "-"], "must end in .html"),
    (["a", "--var", "a=1", "--html", "x" * 300 + ".html"], "File name too long"),
    (["a", "--var", "a=1", "--frames", "x" * 300], "File name too long"),
    (["a*a", "--var", "a=1", "--html", "/proc/steps.html"], "cannot write '/proc/steps.html'"),
    (["a*a", "--var", "a=1", "--frames", "/proc/frames"], "cannot write '/proc/frames'"),
    (["a*a", "--var", "a=1", "--frames", "out", "--html", "/proc/s.html"], "/proc/s.html"),
    (["a*a", "--var", "a=1", "--html", "s.html", "--frames", "/proc/out"], "/proc/out"),
    (["a*a", "--var", "a=1", "--html", "same", "--frames", "same"], "must end in .html"),
    (["a*a", "--var", "a=1", "--html", "s.html", "--frames", "s.html"], "frames' folder"),
    (["a*a", "--var", "a=1", "--html", "out/s.html", "--frames", "out"], "frames' folder"),
    (["a" + "+a" * 150, "--var", "a=1", "--html", "s.html"], "150 steps are too many"),
    (["9" * 300], "'" + "9" * 37 + "...' has no variables"),  # not echoed in full
]


@pytest.mark.parametrize(("args", "says"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_exit_2_and_no_files(tmp_path, args, says):
    (tmp_path / "afile").write_text("keep")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    (tmp_path / "out").mkdir()  # empty: frames may go in, but must not stay after a failure
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    own = "--html" in args or "--frames" in args
    # asked for pictures too, a bad run still writes none
    r = tge(*args, *([] if own else ["--html", "out.html", "--frames", "out"]), cwd=tmp_path)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tinygrad-edu: error: "), r.stderr
    assert says in lines[0]
    assert "Traceback" not in r.stderr
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    assert (tmp_path / "afile").read_text() == (tmp_path / "mine" / "notes.txt").read_text()


def test_a_renderer_that_fails_leaves_no_file(tmp_path):
    r = tge(*EXAMPLE, "--html", "steps.html", "--frames", "frames", cwd=tmp_path,
            env={"TINYGRAD_EDU_DOT": str(tmp_path / "no-such-dot")})  # fmt: skip
    assert r.returncode == 2
    assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr
    assert r.stdout == ""
    assert os.listdir(tmp_path) == []
