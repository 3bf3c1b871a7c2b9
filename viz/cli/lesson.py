"""``tinygrad-edu lesson [N]``: list the lessons, or run one with its prose rendered by rich.

A lesson is a jupytext percent-format script (``lessons/NN_topic.py``): ``# %%`` starts a code
cell, ``# %% [markdown]`` a prose cell whose lines are comments.  Running a lesson here executes
its code cells in order in one namespace, as ``python lessons/NN_topic.py`` would, and prints
each prose cell as rendered Markdown before the output of the code that follows it.

One source gives the teacher's and the student's versions.  A reference solution sits between
``# BEGIN SOLUTION`` and ``# END SOLUTION`` lines; the student's blank is written under it as
``# BLANK `` comments, which the teacher's version skips as comments.  ``student_version(text)``
drops each solution and uncomments its blank: the blank runs, and the check after it fails with
a one-line verdict until the student fills it in.  ``teacher_version(text)`` keeps the solutions
and drops the markers and blanks.  ``--student`` prints the student's script, ``--notebook DIR``
writes either version as a Jupyter notebook (the student's named ``NN_topic_student.ipynb``, so
that it never overwrites the teacher's).  The helpers a lesson imports are part of the installed
package (``tinygrad_edu_lessons.exercise``, ``tinygrad_edu_lessons.charts``): a script or a
notebook written here runs from any folder with only the package installed.

>>> print(student_version("x = 1\\n# BEGIN SOLUTION\\ny = 2\\n# END SOLUTION\\n# BLANK y = ...\\n"))
x = 1
y = ...
<BLANKLINE>
>>> print(teacher_version("x = 1\\n# BEGIN SOLUTION\\ny = 2\\n# END SOLUTION\\n# BLANK y = ...\\n"))
x = 1
y = 2
<BLANKLINE>

>>> cells = parse_cells("# %% [markdown]\\n# # Title\\n\\n# %%\\nx = 1\\n")
>>> [(c.kind, c.source) for c in cells]
[('markdown', '# Title'), ('code', 'x = 1')]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from viz.cli.common import UsageError, whole_number

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "Cell",
    "Lesson",
    "find_lessons",
    "lessons_dir",
    "parse_cells",
    "register",
    "run_lesson",
    "student_version",
    "teacher_version",
    "write_notebook",
]

LESSON_FILE = re.compile(r"(\d+)_\w+\.py")
CELL_MARK = re.compile(r"#\s?%%(.*)")
BEGIN, END, BLANK = "# BEGIN SOLUTION", "# END SOLUTION", "# BLANK"
PACKAGE = "tinygrad_edu_lessons"  # the lessons/ folder as the wheel installs it


@dataclass(frozen=True)
class Cell:
    kind: str  # "code" or "markdown"
    source: str
    line: int  # 1-based line of the cell's first source line in the file


@dataclass(frozen=True)
class Lesson:
    number: int
    path: Path
    title: str


def lessons_dir() -> Path:
    """The lessons folder: ``$TINYGRAD_EDU_LESSONS_DIR``, the checkout's, or the installed one.

    In a checkout (an editable install) it is ``lessons/`` beside ``viz/``; the wheel installs the
    same files as the data-only package ``tinygrad_edu_lessons``.
    """
    env = os.environ.get("TINYGRAD_EDU_LESSONS_DIR")
    if env:
        where = Path(env)
    else:
        checkout = Path(__file__).resolve().parents[2]  # viz/cli/lesson.py
        where = checkout / "lessons"
        if not (where.is_dir() and (checkout / "pyproject.toml").is_file()):
            where = _installed() or where
    if not where.is_dir():
        raise UsageError(
            f"no lessons folder at {where}: reinstall tinygrad-edu, "
            "or set TINYGRAD_EDU_LESSONS_DIR to a folder of lessons"
        )
    return where


def _installed() -> Path | None:
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def student_version(text: str) -> str:
    """The lesson with every solution replaced by its blank (see the module's docstring)."""
    return _version(text, student=True)


def teacher_version(text: str) -> str:
    """The lesson with its solutions, without the solution markers and the blanks."""
    return _version(text, student=False)


def _version(text: str, *, student: bool) -> str:
    out: list[str] = []
    inside = False
    for n, line in enumerate(text.splitlines(), 1):
        mark = line.strip()
        if mark == BEGIN:
            if inside:
                raise ValueError(f"line {n}: {BEGIN} inside a solution")
            inside = True
        elif mark == END:
            if not inside:
                raise ValueError(f"line {n}: {END} without {BEGIN}")
            inside = False
        elif inside:
            if not student:
                out.append(line)
        elif mark == BLANK or mark.startswith(BLANK + " "):
            if student:
                indent = line[: len(line) - len(line.lstrip())]
                rest = mark[len(BLANK) + 1 :]
                out.append(indent + rest if rest else "")
        else:
            out.append(line)
    if inside:
        raise ValueError(f"{BEGIN} without {END}")
    return "\n".join(out) + "\n"


def write_notebook(text: str, path: Path) -> Path:
    """Write a percent-format lesson as a Jupyter notebook (needs jupytext)."""
    try:
        import jupytext  # type: ignore[import-not-found]
    except ImportError:
        raise UsageError(
            "--notebook needs jupytext: pip install 'tinygrad-edu[notebook]' (or jupytext)"
        ) from None
    nb = jupytext.reads(text, fmt="py:percent")
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["kernelspec"] = kernel
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(jupytext.writes(nb, fmt="ipynb"), encoding="utf-8")
    os.replace(tmp, path)
    return path


def parse_cells(text: str) -> list[Cell]:
    """Split a percent-format script into cells (text before the first marker is dropped)."""
    cells: list[Cell] = []
    kind: str | None = None
    start, body = 0, []

    def close() -> None:
        if kind is None:
            return
        lines = [_uncomment(s) for s in body] if kind == "markdown" else list(body)
        while lines and not lines[-1].strip():
            lines.pop()
        cells.append(Cell(kind, "\n".join(lines), start))

    for i, line in enumerate(text.splitlines(), 1):
        m = CELL_MARK.fullmatch(line.rstrip())
        if m is None:
            body.append(line)
            continue
        close()
        kind = "markdown" if "[markdown]" in m.group(1) else "code"
        start, body = i + 1, []
    close()
    return cells


def _uncomment(line: str) -> str:
    if line.startswith("# "):
        return line[2:]
    return line[1:] if line.startswith("#") else line


def _title(path: Path) -> str:
    for cell in parse_cells(path.read_text(encoding="utf-8")):
        if cell.kind == "markdown":
            first = cell.source.strip().splitlines()[0] if cell.source.strip() else ""
            return re.sub(r"^#+\s*(Lesson\s+\d+:\s*)?", "", first)
    return path.stem


def find_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every ``NN_topic.py`` in the lessons folder, by number."""
    folder = folder or lessons_dir()
    found = []
    for p in folder.iterdir():
        m = LESSON_FILE.fullmatch(p.name)
        if m and p.is_file():
            found.append(Lesson(int(m.group(1)), p, _title(p)))
    return sorted(found, key=lambda lesson: (lesson.number, lesson.path.name))


def run_lesson(
    lesson: Lesson,
    *,
    console: Console | None = None,
    show_code: bool = False,
    student: bool = False,
) -> int:
    """Run a lesson's code cells in order in one namespace; prose cells are rendered between.

    Returns 0, or 1 when a cell raises (its traceback is printed: a lesson's checkpoint failed).
    ``student=True`` runs the student's version (its checks fail until the blanks are filled).
    """
    # rich's Markdown (and markdown-it) load when a lesson runs, not for every command
    from rich.console import Console
    from rich.markdown import Markdown
    from rich.rule import Rule
    from rich.syntax import Syntax

    console = console or Console()
    namespace = {"__name__": "__main__", "__file__": str(lesson.path)}
    text = lesson.path.read_text(encoding="utf-8")
    if student:
        text = student_version(text)
    for cell in parse_cells(text):
        if not cell.source.strip():
            continue
        if cell.kind == "markdown":
            console.print(Markdown(cell.source))
            console.print()
            continue
        if show_code:
            console.print(
                Syntax(
                    cell.source,
                    "python",
                    start_line=cell.line,
                    line_numbers=True,
                    word_wrap=True,  # a long line wraps instead of losing its end
                )
            )
        # pad with newlines so a traceback points at the right line of the lesson file
        code = compile("\n" * (cell.line - 1) + cell.source, str(lesson.path), "exec")
        sys.stdout.flush()
        try:
            exec(code, namespace)
        except Exception as e:
            sys.stdout.flush()
            console.print(Rule(f"lesson {lesson.number} stopped", style="red"))
            print(_report(e), file=sys.stderr)
            return 1
        sys.stdout.flush()
        console.print()
    return 0


def _report(e: BaseException) -> str:
    """What a stopped lesson prints: an exercise's verdict (one line: IPython's
    ``_render_traceback_`` protocol, which the exercises' ``WrongAnswerError`` follows), else the
    traceback."""
    render = getattr(e, "_render_traceback_", None)
    if callable(render):
        return "\n".join(render())
    return "".join(traceback.format_exception(type(e), e, e.__traceback__)).rstrip("\n")


def _list(lessons: list[Lesson]) -> None:
    print("Lessons (run one with `tinygrad-edu lesson N`):")
    for lesson in lessons:
        print(f"  {lesson.number:>2}  {lesson.title}  ({lesson.path.name})")


def run(args: argparse.Namespace) -> int:
    lessons = find_lessons()
    if args.number is None:
        if args.student or args.notebook is not None:
            raise UsageError("--student and --notebook need a lesson number: lesson N --student")
        _list(lessons)
        return 0
    try:
        n = whole_number(args.number)  # the command line's one rule: ASCII digits only
    except argparse.ArgumentTypeError:
        raise UsageError(f"lesson number must be a whole number, got {args.number!r}") from None
    chosen = [lesson for lesson in lessons if lesson.number == n]
    if not chosen:
        numbers = ", ".join(str(lesson.number) for lesson in lessons) or "none"
        raise UsageError(f"no lesson {args.number}; the lessons are {numbers}")
    lesson = chosen[0]
    text = lesson.path.read_text(encoding="utf-8")
    text = student_version(text) if args.student else teacher_version(text)
    if args.notebook is not None:
        # the helpers come with the package: the notebook needs no file beside it
        name = lesson.path.stem + ("_student" if args.student else "") + ".ipynb"
        path = write_notebook(text, Path(args.notebook) / name)
        print("wrote", path)
        return 0
    if args.student:
        sys.stdout.write(text)
        return 0
    return run_lesson(lesson, show_code=args.code)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lesson", help="list the lessons, or run lesson N in the terminal")
    p.add_argument("number", nargs="?", metavar="N", help="the lesson to run (omit to list them)")
    p.add_argument("--code", action="store_true", help="show each code cell before its output")
    p.add_argument(
        "--student",
        action="store_true",
        help="the student's version: print the script with each solution replaced by a blank "
        "(with --notebook, write it as a notebook)",
    )
    p.add_argument(
        "--notebook",
        metavar="DIR",
        help="write lesson N as DIR/NN_topic.ipynb (the student's as DIR/NN_topic_student.ipynb); "
        "do not run it",
    )
    p.set_defaults(func=run)
