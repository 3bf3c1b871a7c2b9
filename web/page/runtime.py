"""The page's Python side (loaded once into Pyodide by app.js): runs a cell in a lesson's own
namespace and returns what it printed and showed, in order, as JSON for the page.

An ``IPython`` stand-in makes ``viz.show`` (and a cell's last expression) display inline, as in
a notebook: ``viz.notebook.in_notebook()`` is true when ``get_ipython()`` has a ``kernel``.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import traceback
import types

OUTPUTS: list[dict] = []  # the running cell's outputs, in order
NAMESPACES: dict[str, dict] = {}


class _Stream:
    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, text: str) -> int:
        if text:
            last = OUTPUTS[-1] if OUTPUTS else None
            if last is not None and last["kind"] == self.name:
                last["data"] += text
            else:
                OUTPUTS.append({"kind": self.name, "data": text})
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class _Shell:
    kernel = "the page"  # viz.notebook.in_notebook() asks for a kernel


class _Rich:  # IPython.display's SVG and HTML: the text, with its kind
    kind = "html"

    def __init__(self, data: str | None = None, **_: object) -> None:
        self.data = data or ""


class SVG(_Rich):
    kind = "svg"


class HTML(_Rich):
    kind = "html"


def display(*objs: object, raw: bool = False, **_: object) -> None:
    for obj in objs:
        OUTPUTS.append(_shown(obj, raw))


def _shown(obj: object, raw: bool = False) -> dict:
    if isinstance(obj, _Rich):
        return {"kind": obj.kind, "data": obj.data}
    bundle = obj if raw and isinstance(obj, dict) else None
    if bundle is None and hasattr(obj, "_repr_mimebundle_"):
        bundle = obj._repr_mimebundle_()
    if bundle is None and hasattr(obj, "_repr_html_"):
        bundle = {"text/html": obj._repr_html_()}
    if bundle is None and hasattr(obj, "_repr_svg_"):
        bundle = {"image/svg+xml": obj._repr_svg_()}
    if bundle:
        if "image/svg+xml" in bundle:
            return {"kind": "svg", "data": bundle["image/svg+xml"]}
        if "text/html" in bundle:
            return {"kind": "html", "data": bundle["text/html"]}
        if "image/png" in bundle:
            return {"kind": "png", "data": bundle["image/png"]}
    return {"kind": "result", "data": repr(obj)}


def _install_ipython() -> None:
    ipython = types.ModuleType("IPython")
    shell = _Shell()
    ipython.get_ipython = lambda: shell
    shown = types.ModuleType("IPython.display")
    shown.display, shown.SVG, shown.HTML = display, SVG, HTML
    shown.Image = HTML  # no lesson shows a PNG file; a picture file is SVG here
    ipython.display = shown
    sys.modules["IPython"], sys.modules["IPython.display"] = ipython, shown


def reset(name: str, path: str) -> None:
    """A fresh namespace for a lesson (or a page), as a script's would be."""
    NAMESPACES[name] = {"__name__": "__main__", "__file__": path}


def run_cell(name: str, code: str, line: int = 1, path: str = "<cell>") -> str:
    """Run ``code`` in namespace ``name``; its outputs as JSON (an error is the last output:
    an exercise's one-line verdict, else the traceback from the cell's own frames)."""
    namespace = NAMESPACES.setdefault(name, {"__name__": "__main__", "__file__": path})
    OUTPUTS.clear()
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Stream("stdout"), _Stream("stderr")
    try:
        tree = ast.parse("\n" * (line - 1) + code, path)  # tracebacks give the lesson's lines
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, path, "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), path, "eval"), namespace)
            if value is not None:
                OUTPUTS.append(_shown(value))
    except Exception as e:  # the page shows it; the next cell can run
        OUTPUTS.append(_error(e))
    finally:
        sys.stdout.flush()
        sys.stdout, sys.stderr = out, err
    return json.dumps(OUTPUTS)


def _error(e: BaseException) -> dict:
    render = getattr(e, "_render_traceback_", None)
    if callable(render):  # the exercises' WrongAnswerError: one line, as IPython shows it
        return {"kind": "verdict", "data": "\n".join(render())}
    tb = e.__traceback__.tb_next if e.__traceback__ is not None else None  # drop run_cell's
    if isinstance(e, SyntaxError):
        tb = None
    text = "".join(traceback.format_exception(type(e), e, tb))
    return {"kind": "error", "data": text.rstrip("\n")}


def play(command: str, expr: str, variables: str) -> str:
    """The playground: ``tinygrad-edu draw|tree|trace EXPR --var ...``, run by the command
    line's own code; its output (and for draw the picture, for trace the stepper) as JSON."""
    from viz.cli import main

    argv = [command, expr]
    for item in variables.replace(",", " ").split():
        argv += ["--var", item]
    picture = "/tmp/playground.svg" if command == "draw" else "/tmp/playground.html"
    if command == "draw":
        argv += ["-o", picture]
    elif command == "trace":
        argv += ["--html", picture]
    if os.path.exists(picture):
        os.remove(picture)
    OUTPUTS.clear()
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Stream("stdout"), _Stream("stderr")
    try:
        status = main(argv)
    except SystemExit as e:  # argparse's own usage errors
        status = e.code
    except Exception as e:
        OUTPUTS.append(_error(e))
        status = 1
    finally:
        sys.stdout, sys.stderr = out, err
    if status == 0 and os.path.exists(picture):
        with open(picture, encoding="utf-8") as f:
            kind = "svg" if command == "draw" else "page"
            OUTPUTS.append({"kind": kind, "data": f.read()})
    return json.dumps(OUTPUTS)


_install_ipython()
os.makedirs("/tmp/lessons_out", exist_ok=True)
os.environ.setdefault("TINYGRAD_EDU_LESSONS_OUT", "/tmp/lessons_out")
os.chdir("/tmp")
import tinygrad_edu  # noqa: E402, F401  # load now: the first cell's run is then quick
import viz  # noqa: E402, F401
