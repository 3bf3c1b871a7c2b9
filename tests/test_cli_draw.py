"""`tinygrad-edu draw` and `tinygrad-edu tree` through a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

NEURON = [
    "tanh(x1*w1 + x2*w2 + b)",
    "--var",
    "x1=2",
    "--var",
    "x2=0",
    "--var",
    "w1=-3",
    "--var",
    "w2=1",
    "--var",
    "b=6.8813735870195432",
]


# `python -m viz.cli` would load the CLI twice (as __main__ and as viz.cli), so run its main().
CLI = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]
SCRIPT = Path(sys.executable).parent / "tinygrad-edu"


def run(
    *args: str, cwd: Path, env: dict[str, str] | None = None, cli: list[str] = CLI
) -> subprocess.CompletedProcess:
    # Always the renderer the wheel ships, as on a machine without a system Graphviz.
    full = {**os.environ, "TINYGRAD_EDU_DOT": "graphviz-pure", **(env or {})}
    return subprocess.run(
        [*cli, *args],
        cwd=cwd,
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )


def svg_texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("how", ["console script", "main()"])
def test_done_criterion_neuron_svg(tmp_path: Path, how: str) -> None:
    # The done criterion, with the renderer the wheel ships (no system Graphviz).
    if how == "console script" and not SCRIPT.exists():
        pytest.skip("the tinygrad-edu script is not installed beside this interpreter")
    cli = [str(SCRIPT)] if how == "console script" else CLI
    done = run("draw", *NEURON, "-o", "neuron.svg", cwd=tmp_path, cli=cli)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "wrote neuron.svg (15 nodes)\n"
    texts = svg_texts((tmp_path / "neuron.svg").read_text())
    joined = "\n".join(texts)
    for name in ("TanhBackward0", "MulBackward0", "AddBackward0"):
        assert name in joined
    for label in ("x1", "x2", "w1", "w2", "b"):
        assert label in texts
    assert "data 0.7071" in texts
    assert "grad -1.5000" in texts and "grad 0.5000" in texts


def test_default_output_file_is_graph_svg(tmp_path: Path) -> None:
    done = run("draw", "a*b", "--var", "a=2", "--var", "b=3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "MulBackward0" in (tmp_path / "graph.svg").read_text()


def test_svg_to_stdout_and_nothing_else(tmp_path: Path) -> None:
    done = run("draw", "a*b", "--var", "a=2", "--var", "b=3", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0
    assert "MulBackward0" in "\n".join(svg_texts(done.stdout))
    assert list(tmp_path.iterdir()) == []


def test_dot_output_torch_style_legend(tmp_path: Path) -> None:
    args = ("draw", *NEURON, "-o", "n.dot", "--style", "torch", "--legend")
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    dot = (tmp_path / "n.dot").read_text()
    assert dot.startswith("digraph") and "AccumulateGrad" in dot and "cluster_legend" in dot


def test_no_backward_leaves_grads_at_zero(tmp_path: Path) -> None:
    done = run(
        "draw", "a*b", "--var", "a=2", "--var", "b=3", "-o", "-", "--no-backward", cwd=tmp_path
    )
    texts = svg_texts(done.stdout)
    assert "grad 3.0000" not in texts and texts.count("grad 0.0000") == 3


def test_max_nodes_can_be_raised(tmp_path: Path) -> None:
    args = ("draw", "x" + "+x" * 400, "--var", "x=1", "-o", "g.dot", "--max-nodes", "1000")
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "AddBackward0" in (tmp_path / "g.dot").read_text()


def test_tree(tmp_path: Path) -> None:
    done = run("tree", "a*b + a", "--var", "a=2", "--var", "b=3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "a*b + a  data 8.0000  grad 1.0000  AddBackward0\n"
        "├── a*b  data 6.0000  grad 1.0000  MulBackward0\n"
        "│   ├── a  data 2.0000  grad 4.0000  leaf\n"
        "│   └── b  data 3.0000  grad 2.0000  leaf\n"
        "└── a  (see above)\n"
    )


@pytest.mark.parametrize("command", ["tree", "trace"])
def test_columns_0_prints_as_if_unset(command: str, tmp_path: Path) -> None:
    args = (command, "a*b", "--var", "a=2", "--var", "b=3")
    unset = run(*args, cwd=tmp_path, env={"COLUMNS": "abc"})  # rich's fallback: 80
    zero = run(*args, cwd=tmp_path, env={"COLUMNS": "0"})  # rich alone printed nothing
    assert zero.returncode == 0 and "MulBackward0" in zero.stdout
    assert zero.stdout == unset.stdout


def test_a_constant_expression_draws_without_backward(tmp_path: Path) -> None:
    done = run("draw", "2*3", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "data 6.0000" in svg_texts(done.stdout)


def test_one_node_is_not_nodes(tmp_path: Path) -> None:
    done = run("draw", "2*3", "--style", "torch", "-o", "c.dot", cwd=tmp_path)
    assert done.stdout == "wrote c.dot (1 node)\n"


BAD = [
    (["draw", "x +", "--var", "x=1"], "syntax error at column"),
    (["draw", "x + y", "--var", "x=1"], "unknown name 'y' at column 5"),
    (["draw", "foo(x)", "--var", "x=1"], "unknown function 'foo'"),
    (["draw", "x.real", "--var", "x=1"], "an attribute is not allowed"),
    (["draw", "x[0]", "--var", "x=1"], "a subscript is not allowed"),
    (["draw", "'a'*9"], "a string is not allowed"),
    (["draw", "(lambda: 1)()"], "a lambda is not allowed"),
    (["draw", "__import__('os').system('touch pwned')"], "not allowed"),
    (["draw", "x"], "unknown name 'x'"),
    (["draw", "x", "--var", "x"], "write it as NAME=VALUE"),
    (["draw", "x", "--var", "x=two"], "'two' is not a number"),
    (["draw", "x", "--var"], "expected one argument"),
    (["draw", "x", "--var", "x=1", "--style", "fancy"], "invalid choice: 'fancy'"),
    (["draw", "x", "--var", "x=1", "-o", "graph.gif"], "must end in .svg or .png or .dot"),
    (["draw", "x", "--var", "x=1", "-o", "graph.png", "--dpi", "0"], "not a resolution"),
    (["draw", "x", "--var", "x=1", "-o", "missing/dir/g.svg"], "no directory"),
    (["draw", "x", "--var", "x=1", "-o", "."], "must end in .svg or .png or .dot"),
    (["draw", "x" * 2001], "too long"),
    (["draw", "(" * 100 + "x" + ")" * 100, "--var", "x=1"], "too deeply nested"),
    (["draw", "x" + "+x" * 400, "--var", "x=1"], "more than 500 nodes"),
    (["draw", "x" + "+x" * 40, "--var", "x=1", "--max-nodes", "50"], "--max-nodes N"),
    (["draw", "x", "--var", "x=1", "--max-nodes", "0"], "'0' is not a positive whole number"),
    (["draw", "x", "--var", "x=1", "--max-nodes", "\uff11\uff10"], "not a positive whole number"),
    (["draw", "x", "--var", "x=1", "--max-nodes", "1_0"], "'1_0' is not a positive whole number"),
    (["tree", "x +"], "syntax error"),
    (["tree", "y"], "unknown name 'y'"),
    (["draw"], "required: EXPR"),
    (["draw", "-x*2", "--var", "x=1"], "needs a space first: ' -x*2'"),
    (["draw", "x", "--var", "x=1", "-o", "x" * 300 + ".svg"], "File name too long"),
    (["draw", "x", "--var", "x=1", "-o", "/proc/no.svg"], "cannot write '/proc/no.svg'"),
    (["draw", "x", "--var", "x=1", "-o", "/proc/no.dot"], "cannot write '/proc/no.dot'"),
    (["draw", "\U0001d465", "--var", "x=1", "-o", "-"], "use ASCII only"),
    (["draw", "x #*y", "--var", "x=1"], "unexpected character '#' at column 3"),
    (["draw", "2(x)", "--var", "x=1"], "only a function's name can be called"),
    (["draw", "x", "--var", "x=\u0663"], "is not a number"),
    (["drawing", "x"], "invalid choice: 'drawing'"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_bad_input_one_line_exit_2_no_file(args: list[str], message: str, tmp_path: Path) -> None:
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tinygrad-edu: error: ")
    assert message in lines[0]
    assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # no output, no temp file, no 'pwned'


def test_a_failed_run_keeps_an_existing_file(tmp_path: Path) -> None:
    (tmp_path / "keep.svg").write_text("mine")
    for bad in (["x*"], ["x" + "+x" * 400], ["x"]):
        done = run("draw", *bad, "--var", "x=1", "-o", "keep.svg", cwd=tmp_path,
                   env={"TINYGRAD_EDU_DOT": str(tmp_path / "no-dot")})  # fmt: skip
        assert done.returncode == 2, done.stderr
        assert os.listdir(tmp_path) == ["keep.svg"]
        assert (tmp_path / "keep.svg").read_text() == "mine"


def test_a_graph_over_the_node_limit_fails_at_once(tmp_path: Path) -> None:
    start = time.perf_counter()
    done = run("draw", "+".join(["x*y"] * 400), "--var", "x=1", "--var", "y=2", cwd=tmp_path)
    assert done.returncode == 2 and "more than 500 nodes" in done.stderr
    assert time.perf_counter() - start < 10  # drawing it would take minutes
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["tree"], ["draw", "-o", "-"], ["trace"], ["trace", "--json"]])
def test_a_full_stdout_is_one_line_not_a_traceback(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*CLI, args[0], "x*x", "--var", "x=2", *args[1:]],
            cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("tinygrad-edu: error: cannot write") and "No space" in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_unwritable_directory(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        done = run("draw", "x", "--var", "x=1", "-o", "locked/g.svg", cwd=tmp_path)
        assert done.returncode == 2 and "not writable" in done.stderr
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


def test_no_renderer_is_one_clear_line(tmp_path: Path) -> None:
    env = {"TINYGRAD_EDU_DOT": str(tmp_path / "nothing-here")}
    done = run("draw", "x", "--var", "x=1", "-o", "g.svg", cwd=tmp_path, env=env)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "apt-get install graphviz" in done.stderr and "pip install graphviz-pure" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_expression_starting_with_minus(tmp_path: Path) -> None:
    done = run("draw", "-x * 2", "--var", "x=1.5", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "data -3.0000" in svg_texts(done.stdout)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_png_output_and_its_resolution(tmp_path: Path) -> None:
    done = run("draw", *NEURON, "-o", "neuron.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "wrote neuron.png (15 nodes)\n"
    w, h = png_size((tmp_path / "neuron.png").read_bytes())
    done = run("draw", *NEURON, "-o", "sharp.png", "--dpi", "192", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    w2, h2 = png_size((tmp_path / "sharp.png").read_bytes())
    assert abs(w2 - 2 * w) <= 2 and abs(h2 - 2 * h) <= 2  # twice the dots per inch
    assert sorted(p.name for p in tmp_path.iterdir()) == ["neuron.png", "sharp.png"]


def test_a_failed_png_leaves_no_file(tmp_path: Path) -> None:
    env = {"TINYGRAD_EDU_DOT": str(tmp_path / "nothing-here")}
    done = run("draw", *NEURON, "-o", "n.png", cwd=tmp_path, env=env)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
