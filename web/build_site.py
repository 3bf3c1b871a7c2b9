"""Build the zero-install site (``make site``): every lesson, the playground and the README's
examples as static pages over Pyodide, with nothing fetched at run time.

What goes into the folder (``site/`` by default):

- ``pyodide/``: the runtime from the npm package ``pyodide`` (``web/node_modules``, installed by
  ``npm ci`` from ``web/package-lock.json``), the project's wheel built from this tree, the
  pinned PyPI wheels of ``web/requirements-browser.txt`` (pure Python, for Python 3.14), and a
  ``pyodide-lock.json`` of our own that lists exactly those wheels (the npm package's lock names
  files it does not ship);
- ``vendor/viz.js``: Graphviz compiled to wasm (``@viz-js/viz``), the pictures' renderer;
- ``assets/``: the page's script, style and Python side, and ``lessons.json`` for ``?selftest``;
- one page per lesson and version (``NN_topic.html``, ``NN_topic_student.html``), the prose
  rendered here with markdown-it-py, the code cells editable; ``playground.html``,
  ``examples.html`` and ``index.html``.

    .venv/bin/python web/build_site.py [--out site]
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))

from viz.cli.lesson import find_lessons, parse_cells, student_version, teacher_version  # noqa: E402

RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# the browser's Python, for evaluating the wheels' Requires-Dist markers
BROWSER = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


def _markers():  # packaging, or the copy pip vendors
    try:
        from packaging.markers import Marker
        from packaging.requirements import Requirement
    except ImportError:
        from pip._vendor.packaging.markers import Marker  # type: ignore[no-redef]
        from pip._vendor.packaging.requirements import Requirement  # type: ignore[no-redef]
    return Marker, Requirement


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheels(build: Path) -> list[Path]:
    """The project's wheel (built from this tree) and the pinned PyPI wheels, in ``build``."""
    build.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip"]
    subprocess.run(
        [*pip, "wheel", "--quiet", "--no-deps", "-w", str(build), str(ROOT)],
        check=True,
    )
    subprocess.run(
        [
            *pip,
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            "3.14",
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--require-hashes",
            "-r",
            str(WEB / "requirements-browser.txt"),
            "-d",
            str(build),
        ],
        check=True,
    )
    pinned = {
        canonical(line.split("==")[0])
        for line in (WEB / "requirements-browser.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    found = [p for p in sorted(build.glob("*.whl")) if canonical(p.name.split("-")[0]) in pinned]
    project = [p for p in build.glob("tinygrad_edu-*.whl")]
    if len(found) != len(pinned) or len(project) != 1:
        raise SystemExit(f"expected {len(pinned)} pinned wheels and ours in {build}")
    return [*found, *project]


def lock(paths: list[Path], npm_lock: Path) -> dict:
    """A ``pyodide-lock.json`` listing exactly ``paths`` (served beside it)."""
    _, requirement = _markers()
    metas = {}
    for p in paths:
        with zipfile.ZipFile(p) as z:
            names = z.namelist()
            meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
            meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        tops = sorted(
            {
                n.split("/")[0].removesuffix(".py")
                for n in names
                if not n.split("/")[0].endswith((".dist-info", ".data"))
                and ((n.endswith("/__init__.py") and n.count("/") == 1) or "/" not in n)
                and n.endswith(".py")
            }
        )
        metas[canonical(meta["Name"])] = (p, meta, tops)
    packages = {}
    for name, (p, meta, tops) in metas.items():
        depends = []
        for text in meta.get_all("Requires-Dist") or []:
            req = requirement(text)
            if req.marker is not None and not req.marker.evaluate(BROWSER):
                continue
            dep = canonical(req.name)
            if dep not in metas:
                raise SystemExit(f"{name} needs {req.name} in the browser: pin it in web/")
            depends.append(dep)
        packages[name] = {
            "name": name,
            "version": meta["Version"],
            "file_name": p.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(p.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": tops,
            "depends": sorted(depends),
            "unvendored_tests": False,
            "shared_library": False,
        }
    info = json.loads(npm_lock.read_text())["info"]
    return {"info": info, "packages": packages}


def page(title: str, kind: str, body: str, *, name: str = "", file: str = "") -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · tinygrad_edu</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/style.css">
<script type="module" src="assets/app.js"></script>
</head>
<body data-kind="{kind}" data-page="{html.escape(name)}" data-file="{html.escape(file)}">
{body}
</body></html>
"""


def header(extra: str = "") -> str:
    return (
        '<header><a href="index.html"><b>tinygrad_edu</b></a>'
        '<a href="playground.html">playground</a><a href="examples.html">examples</a>'
        f'{extra}<span id="status">Loading…</span></header>'
    )


def code_cell(source: str, line: int) -> str:
    return (
        f'<div class="cell code" data-line="{line}">'
        f'<textarea spellcheck="false">{html.escape(source)}</textarea>'
        '<button class="run" disabled title="Shift+Enter">Run</button>'
        '<div class="out"></div></div>'
    )


def cells_html(text: str, md) -> tuple[str, list[dict]]:
    parts, code = [], []
    for cell in parse_cells(text):
        if not cell.source.strip():
            continue
        if cell.kind == "markdown":
            parts.append(f'<div class="cell md">{md.render(cell.source)}</div>')
        else:
            parts.append(code_cell(cell.source, cell.line))
            code.append({"code": cell.source, "line": cell.line})
    return "\n".join(parts), code


def readme_examples() -> list[str]:
    """The README's Python examples, as cells (a line that writes a PNG is left as a comment:
    the browser's Graphviz draws SVG only). An example of real PyTorch is left out: PyTorch
    does not run in the browser."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    out = []
    for block in blocks:
        if re.search(r"^(import torch|from torch)\b", block, flags=re.M):
            continue
        lines = [
            "# (no PNG in the browser) " + ln if re.search(r"\.png\"\)", ln) else ln
            for ln in block.rstrip().splitlines()
        ]
        out.append("\n".join(lines))
    return out


def build(out: Path, build_dir: Path) -> None:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    modules = WEB / "node_modules"
    if not (modules / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("web/node_modules is missing: run `cd web && npm ci` (make site does)")
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    (tmp / "pyodide").mkdir()
    for name in RUNTIME:
        shutil.copy2(modules / "pyodide" / name, tmp / "pyodide" / name)
    paths = wheels(build_dir)
    for p in paths:
        shutil.copy2(p, tmp / "pyodide" / p.name)
    lockfile = lock(paths, modules / "pyodide" / "pyodide-lock.json")
    (tmp / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lockfile, indent=1))
    (tmp / "vendor").mkdir()
    shutil.copy2(modules / "@viz-js" / "viz" / "dist" / "viz.js", tmp / "vendor" / "viz.js")
    (tmp / "assets").mkdir()
    for name in ("app.js", "style.css", "runtime.py"):
        shutil.copy2(WEB / "page" / name, tmp / "assets" / name)

    lessons = find_lessons(ROOT / "lessons")
    selftest, rows = [], []
    for lesson in lessons:
        stem = lesson.path.stem
        text = lesson.path.read_text(encoding="utf-8")
        for student in (False, True):
            version = student_version(text) if student else teacher_version(text)
            body, code = cells_html(version, md)
            other = f"{stem}.html" if student else f"{stem}_student.html"
            toggle = (
                f'<a href="{other}">{"teacher" if student else "student"}\'s version</a>'
                '<button id="run-all" disabled>Run all</button>'
            )
            note = (
                '<p class="student-note">The student\'s version: fill in each blank; the check '
                "after it says in one line whether your answer is right.</p>"
                if student
                else ""
            )
            name = f"{stem}_student" if student else stem
            (tmp / f"{name}.html").write_text(
                page(
                    lesson.title,
                    "cells",
                    header(toggle) + note + body,
                    name=name,
                    file=lesson.path.name,
                ),
                encoding="utf-8",
            )
            if not student:
                selftest.append(
                    {"stem": stem, "file": lesson.path.name, "title": lesson.title, "cells": code}
                )
        rows.append(
            f'<li>{lesson.number:02d} <a href="{stem}.html">{html.escape(lesson.title)}</a> '
            f'· <a href="{stem}_student.html">student</a></li>'
        )
    (tmp / "assets" / "lessons.json").write_text(json.dumps(selftest), encoding="utf-8")

    examples = "\n".join(code_cell(src, 1) for src in readme_examples())
    (tmp / "examples.html").write_text(
        page(
            "The README's examples",
            "cells",
            header('<button id="run-all" disabled>Run all</button>')
            + "<h1>The README's examples</h1><p>Edit and run them here (all but the one of real "
            + "PyTorch, which does not run in a browser).</p>"
            + examples,
            name="examples",
            file="README.md",
        ),
        encoding="utf-8",
    )
    play = """<h1>Playground</h1>
<p>The command line's <code>draw</code>, <code>tree</code> and <code>trace</code> on an
expression of your own.</p>
<div class="play">
<label>EXPR <input id="expr" value="tanh(x*w + b)" spellcheck="false"></label>
<label>variables (NAME=VALUE ...) <input id="vars" value="x=2 w=-3 b=6.8813735870195432"
spellcheck="false"></label>
<button data-command="draw" disabled>draw</button>
<button data-command="tree" disabled>tree</button>
<button data-command="trace" disabled>trace</button>
</div><div id="play-out"></div>"""
    (tmp / "playground.html").write_text(
        page("Playground", "playground", header() + play), encoding="utf-8"
    )
    index = f"""<h1>tinygrad_edu: the lessons in your browser</h1>
<p>Every lesson runs here, in this page's Python (Pyodide): nothing to install, nothing fetched
from the network. Each code cell is editable: change it and press Run (or Shift+Enter).
The student's version has blanks to fill in; its checks say in one line whether an answer
is right.</p>
<ol class="lessons">{"".join(rows)}</ol>
<p><a href="playground.html">Playground</a>: draw, tree and trace an expression of your own.
<a href="examples.html">The README's examples</a>.</p>
<p><a href="index.html?selftest">Self-test</a>: runs every lesson's cells in this page.</p>
<p id="selftest"></p><table id="selftest-rows"></table>"""
    (tmp / "index.html").write_text(page("Lessons", "index", header() + index), encoding="utf-8")

    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "site"), help="the folder to write")
    parser.add_argument(
        "--build", default=str(ROOT / "build" / "site-wheels"), help="where the wheels are made"
    )
    args = parser.parse_args()
    out = Path(args.out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    build(out, Path(args.build).resolve())
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"wrote {out}: {len(files)} files, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
