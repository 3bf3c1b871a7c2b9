"""``tinygrad-edu trace``: an expression's backward pass, step by step.

    tinygrad-edu trace "(a*b + c) * f" --var a=2 --var b=-3 --var c=10 --var f=-2
    tinygrad-edu trace "(a*b + c) * f" --var a=2 --var b=-3 --var c=10 --var f=-2 --json
    tinygrad-edu trace "tanh(x*w + b)" --var x=2 --var w=-3 --var b=6.88 --html steps.html

``--json`` prints one JSON object per step, then ``{"leaves": [...]}`` (nan and infinities as
the strings "nan", "inf", "-inf").  ``--frames DIR`` writes one SVG per step; ``--html FILE`` a
self-contained page that steps through them.  Bad input: one line on stderr, exit status 2,
and no file written.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .cli import UsageError, expression, expression_arguments

__all__ = ["register", "run"]


def _writable_parent(p: Path, shown: str) -> None:
    parent = p.absolute().parent
    if not parent.is_dir():
        raise UsageError(f"cannot write {shown!r}: no directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write {shown!r}: the directory is not writable")


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse outputs that could not be written before doing any work."""
    from .stepper import check_frames_dir

    if args.html is not None:
        p = Path(args.html)
        if p.suffix.lower() not in (".html", ".htm"):
            raise UsageError(f"cannot write {args.html!r}: the page's name must end in .html")
        if p.is_dir():
            raise UsageError(f"cannot write {args.html!r}: it is a directory")
        _writable_parent(p, args.html)
    if args.frames is not None:
        d = Path(args.frames)
        try:
            check_frames_dir(d)
        except FileExistsError as e:
            raise UsageError(f"cannot write frames to {args.frames!r}: {e}") from None
        except OSError as e:
            raise UsageError(f"cannot write frames to {args.frames!r}: {e.strerror or e}") from None
        _writable_parent(d, args.frames)


def run(args: argparse.Namespace) -> int:
    from .trace import trace

    _check_outputs(args)
    root = expression(args)
    if not root.requires_grad:
        raise UsageError(f"{args.expr!r} has no variables: there is nothing to differentiate")
    t = trace(root)
    wrote = _pictures(t, args) if args.html or args.frames else []
    if args.json:
        sys.stdout.write("".join(line + "\n" for line in t.to_json_lines()))
    else:
        from rich.console import Console

        from .trace_view import render

        Console().print(render(t))
    for line in wrote:  # with --json, stdout holds JSON only
        print(line, file=sys.stderr if args.json else sys.stdout)
    return 0


def _pictures(t, args: argparse.Namespace) -> list[str]:
    """Draw the frames once, then write the page and the folder, each complete or not at all."""
    from .render import RenderError
    from .stepper import frames, write_frames, write_html

    try:
        svgs = frames(t, style=args.style)
        done = []
        if args.html:
            write_html(t, args.html, svgs=svgs)
            done.append(f"wrote {args.html} ({len(svgs)} steps)")
        if args.frames:
            write_frames(t, args.frames, svgs=svgs)
            done.append(f"wrote {len(svgs)} frames to {args.frames}")
    except (RenderError, ValueError) as e:
        raise UsageError(str(e)) from None
    except FileExistsError as e:
        raise UsageError(f"cannot write frames to {args.frames!r}: {e}") from None
    except OSError as e:
        raise UsageError(f"cannot write {e.filename or 'the output'}: {e.strerror or e}") from None
    return done


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("trace", help="print the backward pass step by step (chain rule shown)")
    expression_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object per step, then the leaves")
    p.add_argument("--frames", metavar="DIR", help="write one SVG picture per step into DIR")
    p.add_argument("--html", metavar="FILE", help="write a page that steps through the pictures")
    p.add_argument(
        "--style", choices=("micrograd", "torch"), default="micrograd", help="of the pictures"
    )
    p.set_defaults(func=run)
