"""``tinygrad-edu trace``: an expression's backward pass, step by step.

    tinygrad-edu trace "(a*b + c) * f" --var a=2 --var b=-3 --var c=10 --var f=-2
    tinygrad-edu trace "(a*b + c) * f" --var a=2 --var b=-3 --var c=10 --var f=-2 --json
    tinygrad-edu trace "tanh(x*w + b)" --var x=2 --var w=-3 --var b=6.88 --html steps.html

``--json`` prints one JSON object per step, then ``{"leaves": [...]}`` (nan and infinities as
the strings "nan", "inf", "-inf").  ``--frames DIR`` writes one picture per step (SVG, or PNG
with ``--frame-format png``); ``--html FILE`` a self-contained page that steps through the pass
on one picture that holds still (``--rankdir TB`` or ``LR``).  Bad input: one line on stderr,
exit status 2, and no file written.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from .common import (
    UsageError,
    console,
    expression,
    expression_arguments,
    output_file,
    writable_parent,
)

if TYPE_CHECKING:
    from ..trace import Trace

__all__ = ["register", "run"]


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse outputs that could not be written before doing any work."""
    from ..stepper import check_frames_dir

    if args.html is not None:
        output_file(args.html, (".html", ".htm"))
    if args.frames is None:
        return
    d = Path(args.frames)
    if args.frames in ("", "-") or d.name in ("", ".", ".."):
        raise UsageError(f"cannot write frames to {args.frames!r}: name a new or empty folder")
    writable_parent(d, args.frames)
    try:
        check_frames_dir(d)
    except OSError as e:
        raise UsageError(f"cannot write frames to {args.frames!r}: {e.strerror or e}") from None
    page = Path(args.html).absolute() if args.html is not None else None
    if page is not None and d.absolute() in (page, *page.parents):
        raise UsageError(f"cannot write {args.html!r} in the frames' folder {args.frames!r}")


def run(args: argparse.Namespace) -> int:
    """``tinygrad-edu trace``: print the steps (or JSON), and write the pictures asked for."""
    from ..trace import trace

    _check_outputs(args)
    root = expression(args)
    if not root.requires_grad:
        shown = args.expr if len(args.expr) <= 40 else args.expr[:37] + "..."
        raise UsageError(f"{shown!r} has no variables: there is nothing to differentiate")
    t = trace(root)
    wrote = _pictures(t, args) if args.html or args.frames else []
    if args.json:
        print("".join(line + "\n" for line in t.to_json_lines()), end="")
    else:
        from ..trace_view import render

        console().print(render(t))
    for line in wrote:  # with --json, stdout holds JSON only
        print(line, file=sys.stderr if args.json else sys.stdout)
    return 0


def _pictures(t: Trace, args: argparse.Namespace) -> list[str]:
    """Draw the graph once, then write the page and the folder: both complete, or neither."""
    from ..draw import GraphTooBigError
    from ..files import staged, uninterrupted
    from ..render import RenderError
    from ..stepper import MAX_FRAMES, Stepper, write_frames

    try:
        s = Stepper(t, style=args.style, rankdir=args.rankdir)
        pictures = s.frames(args.frame_format) if args.frames else []
        html = s.page() if args.html else ""
    except GraphTooBigError:
        raise UsageError(
            f"{len(t.steps)} steps are too many to draw one picture each (at most {MAX_FRAMES}); "
            "trace a smaller expression, or leave out --frames and --html"
        ) from None
    except RenderError as e:
        raise UsageError(str(e)) from None
    done = []
    shown = args.html
    try:
        # The page waits in a temporary file until the frames are in place; a signal waits
        # until both are in (the pictures are drawn already: writing them is quick)
        with uninterrupted(), staged(args.html, html) if args.html else nullcontext():
            if args.frames:
                shown = args.frames
                write_frames(t, args.frames, fmt=args.frame_format, pictures=pictures)
                n = len(pictures)
                done.append(f"wrote {n} frame{'s' * (n != 1)} to {args.frames}")
                shown = args.html
    except OSError as e:
        raise UsageError(f"cannot write {shown!r}: {e.strerror or e}") from None
    if args.html:
        n = len(s.states) - 1
        done.insert(
            0, f"wrote {args.html} (steps 0 to {n}: the seed, then {n} step{'s' * (n != 1)})"
        )
    return done


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``trace`` to the command line."""
    p = sub.add_parser("trace", help="print the backward pass step by step (chain rule shown)")
    expression_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object per step, then the leaves")
    p.add_argument("--frames", metavar="DIR", help="write one picture per step into DIR")
    p.add_argument("--html", metavar="FILE", help="write a page that steps through the pictures")
    p.add_argument(
        "--style", choices=("micrograd", "torch"), default="micrograd", help="of the pictures"
    )
    p.add_argument(
        "--rankdir",
        choices=("TB", "LR"),
        default="TB",
        help="the pictures top-down (default: narrow boxes, large on a projector) or left-right",
    )
    p.add_argument(
        "--frame-format",
        choices=("svg", "png"),
        default="svg",
        help="the pictures --frames writes: step-01.svg ... or step-01.png ...",
    )
    p.set_defaults(func=run)
