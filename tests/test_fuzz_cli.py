"""Fuzzing the command line and its expression parser (hypothesis).

Random expressions (from the grammar, and random characters), ``--var`` values, options, file
names and terminal encodings. Whatever comes in: exit status 0, or 2 with one line on stderr;
never a traceback, never a partial or stray file. The quick profile runs in ``make test``;
``make slow`` runs thousands of cases (the ``slow`` marker).

``pytest -s -m slow tests/test_fuzz_cli.py`` prints how many cases of each kind were tried and
how they ended.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tinygrad_edu.core.engine import Value
from viz import cli
from viz.expr import FUNCTIONS, ExprError, build

QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
STATS: Counter[str] = Counter()

NAMES = ["a", "b", "x1", "w", "long_variable_name"]
NUMBERS = ["0", "1", "2", "0.5", "1e308", "1e-310", "5e-324", "10**400", "1e400", "3.0", "0.0"]
VALUES = [
    "1", "-1", "0", "-0.0", "2.5", "nan", "inf", "-inf", "1e308", "-1e308", "5e-324", "1e-310",
    "１", "٣", "1_0", "0x10", "", " 2 ", "1e999", "abc", "--3", "+4",
]  # fmt: skip


@st.composite
def grammar(draw: st.DrawFn, depth: int = 0) -> str:
    """An expression the language allows: numbers, names, + - * / **, unary -, calls."""
    kind = draw(st.integers(0, 9 if depth < 6 else 1))
    if kind == 0:
        return draw(st.sampled_from(NUMBERS))
    if kind == 1:
        return draw(st.sampled_from(NAMES))
    if kind == 2:
        return f"-{draw(grammar(depth + 1))}"
    if kind <= 4:
        return f"{draw(st.sampled_from(sorted(FUNCTIONS)))}({draw(grammar(depth + 1))})"
    op = draw(st.sampled_from(["+", "-", "*", "/", "**"]))
    space = draw(st.sampled_from(["", " "]))
    left, right = draw(grammar(depth + 1)), draw(grammar(depth + 1))
    return f"({left}{space}{op}{space}{right})"


# Characters that poke at the parser: operators it refuses, brackets, quotes, non-ASCII.
JUNK = st.text(
    st.sampled_from([*"ab1.+-*/%@()[]{}<>=!~^&|,:;'\"#\\ \t_eE", "\n", "\x00", "é", "×"]),
    max_size=40,
)


def expressions() -> st.SearchStrategy[tuple[str, str]]:
    return st.one_of(
        grammar().map(lambda e: ("grammar", e)),
        JUNK.map(lambda e: ("characters", e)),
        st.text(max_size=30).map(lambda e: ("unicode", e)),
        st.integers(60, 70).map(lambda n: ("deep", "(" * n + "a" + ")" * n)),
    )


# -- the parser alone -------------------------------------------------------------------------


def check_parse(kind: str, text: str, values: dict[str, float]) -> None:
    STATS[f"parser: {kind}"] += 1
    try:
        root = build(text, values)
    except ExprError as e:
        assert "\n" not in str(e) and str(e)
        STATS["parser: refused with one line"] += 1
        return
    assert isinstance(root, Value)
    if root.requires_grad:
        root.backward()
    STATS["parser: built and differentiated"] += 1


@st.composite
def variables(draw: st.DrawFn) -> dict[str, float]:
    pick = st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([0.0, -0.0, 5e-324, 1e308, math.inf, math.nan]),
    )
    return {n: draw(pick) for n in NAMES}


@QUICK
@given(expressions(), variables())
def test_the_parser_builds_or_refuses_with_one_line(expr, values):
    check_parse(*expr, values)


@pytest.mark.slow
@SLOW
@given(expressions(), variables())
def test_the_parser_builds_or_refuses_with_one_line_many(expr, values):
    check_parse(*expr, values)


# -- the whole command line ---------------------------------------------------------------------


ENCODINGS = ["utf-8", "ascii", "latin-1", "cp1252"]
FILE_NAMES = [
    "out.dot", "OUT.DOT", "x.svg.dot", "out.txt", "noext", "dir/", "missing/out.dot", ".",
    "..", "", "-x.dot", "a b.dot", "é.dot", os.fsdecode(b"\xff\xfe.dot"), "x" * 300 + ".dot",
    "page.html", "frames.dot/",
]  # fmt: skip


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], str]:
    command = draw(st.sampled_from(["draw", "tree", "trace", "train", "bogus", "--help", ""]))
    kind, expr = draw(expressions())
    argv = [command] if command else []
    if command in ("draw", "tree", "trace"):
        argv.append(expr)
        if draw(st.booleans()):  # every name given a good value: the command gets to run
            good = st.sampled_from(["1", "-1", "0", "-0.0", "2.5", "nan", "inf", "1e308", "5e-324"])
            for name in NAMES:
                argv += ["--var", f"{name}={draw(good)}"]
        for _ in range(draw(st.integers(0, 2))):
            name = draw(st.sampled_from([*NAMES, "exp", "1x", "", "é"]))
            value = draw(st.sampled_from(VALUES))
            argv += ["--var", draw(st.sampled_from([f"{name}={value}", name, f"={value}"]))]
        if draw(st.booleans()):
            argv.append("--no-backward" if command != "trace" else "--json")
    if command == "draw":
        argv += ["-o", draw(st.sampled_from(FILE_NAMES))]
        if draw(st.booleans()):
            argv += ["--max-nodes", draw(st.sampled_from(["1", "3", "0", "-2", "١", "x", "500"]))]
        if draw(st.booleans()):
            argv += ["--style", draw(st.sampled_from(["torch", "micrograd", "bad"]))]
    if command == "trace" and draw(st.integers(0, 5)) == 0:
        argv += ["--html", draw(st.sampled_from(["page.txt", "missing/p.html", "dir/"]))]
    if command == "train":
        # bad arguments only: a real training run takes seconds
        argv += draw(
            st.sampled_from(
                [["--steps", "0"], ["--steps", "١"], ["--seed", "x"], ["--out", "p.txt"],
                 ["--out", "missing/p.svg"], ["--steps", "1_0"], ["--bogus"]]
            )
        )  # fmt: skip
    if draw(st.integers(0, 9)) == 0:
        argv.append(draw(st.sampled_from(["--bogus", "-h", "--", "-o"])))
    return argv, kind


def run_main(argv: list[str], encoding: str, cwd: Path) -> tuple[int, str, str]:
    """``cli.main(argv)`` in ``cwd`` with stdout and stderr in ``encoding`` (strict)."""
    out_raw, err_raw = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_raw, encoding=encoding, errors="strict")
    err = io.TextIOWrapper(err_raw, encoding=encoding, errors="backslashreplace")
    old = sys.stdout, sys.stderr, os.getcwd()
    sys.stdout, sys.stderr = out, err
    os.chdir(cwd)
    try:
        status = cli.main(argv)
    finally:
        with contextlib.suppress(ValueError):
            out.flush()
            err.flush()
        sys.stdout, sys.stderr = old[0], old[1]
        os.chdir(old[2])
    # a file name that came in undecodable goes out as typed (the CLI's _as_typed): read those
    # bytes back the same way, so that "wrote \udcff.dot" is one clean line and not a crash here
    return (status, out_raw.getvalue().decode(encoding, "surrogateescape"),
            err_raw.getvalue().decode(encoding, "surrogateescape"))  # fmt: skip


def check_command(argv: list[str], kind: str, encoding: str) -> None:
    STATS[f"cli: expression {kind}"] += 1
    STATS[f"cli: encoding {encoding}"] += 1
    STATS[f"cli: command {argv[0] if argv else '(none)'}"] += 1
    STATS["cli: --var values"] += argv.count("--var")
    STATS["cli: file names (-o, --html, --out)"] += sum(
        a in ("-o", "--html", "--out") for a in argv
    )
    STATS["cli: other options"] += sum(
        a.startswith("-") and a not in ("--var", "-o", "--html", "--out") for a in argv
    )
    with tempfile.TemporaryDirectory() as d:
        cwd = Path(d)
        (cwd / "dir").mkdir()
        try:
            status, out, err = run_main(argv, encoding, cwd)
        except SystemExit as e:  # pragma: no cover - main() must return, not exit
            STATS["cli: traceback"] += 1
            raise AssertionError(f"SystemExit {e.code} from {argv}") from None
        except BaseException:
            STATS["cli: traceback"] += 1
            raise
        made = sorted(p.name for p in cwd.rglob("*") if p.name != "dir")
        partial = [n for n in made if n.endswith((".tmp", ".old"))]
        if partial or (status != 0 and made):
            STATS["cli: partial or stray file"] += 1
        assert not partial, (argv, made)
        assert "Traceback" not in err, (argv, err)
        assert status in (0, 2), (argv, status, err)
        if status == 2:
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("tinygrad-edu: error: "), (argv, err)
            assert not made, (argv, made)  # a failed command leaves no file
            STATS["cli: clean failure (exit 2, one line)"] += 1
        else:
            STATS["cli: ran (exit 0)"] += 1
            if argv[0] == "trace" and "--json" in argv and "-h" not in argv:  # JSON lines only
                assert all(json.loads(line) is not None for line in out.splitlines())


CLI_CASES = (command_lines(), st.sampled_from(ENCODINGS))


@QUICK
@given(*CLI_CASES)
@example(case=(["draw", "0", "-o", "\udcff\udcfe.dot"], "grammar"), encoding="utf-8")  # as typed
def test_any_command_line_ends_in_0_or_one_clean_line(case, encoding):
    check_command(*case, encoding)


@pytest.mark.slow
@SLOW
@given(*CLI_CASES)
def test_any_command_line_ends_in_0_or_one_clean_line_many(case, encoding):
    check_command(*case, encoding)


@pytest.fixture(autouse=True, scope="module")
def _report():
    yield
    if STATS:
        width = max(map(len, STATS))
        lines = [f"  {k:<{width}}  {v}" for k, v in sorted(STATS.items())]
        print("\nfuzz cases:\n" + "\n".join(lines))
