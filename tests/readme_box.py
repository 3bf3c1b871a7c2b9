"""The README's "What is in the box": lines of Python per folder and per listed module.

    .venv/bin/python tests/readme_box.py            # print what differs by more than 10%
    .venv/bin/python tests/readme_box.py --write    # rewrite the figures in README.md

Each row of the box names a folder (``nn/``) or a module (``engine.py``) under the row above
it with less indentation; its figure is the number of lines of its ``.py`` files.
``tests/test_readme_box.py`` fails when a figure is more than 10% off.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ROW = re.compile(r"^(?P<indent> *)(?P<name>\S+)(?P<gap> +)(?P<n>[\d,]+)(?P<rest>.*)$")


def _lines(path: Path) -> int:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    return sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)


def _box(text: str) -> tuple[int, int]:
    start = text.index("## What is in the box")
    first = text.index("```\n", start) + 4
    return first, text.index("```", first)


def rows(text: str) -> list[tuple[int, str, int, int]]:
    """(line index in the box, path, figure in the README, lines now) for every row."""
    first, end = _box(text)
    out, parents = [], []  # parents: (indent, path) of the folders above
    for i, line in enumerate(text[first:end].splitlines()):
        m = ROW.match(line)
        if not m:
            continue
        indent = len(m["indent"])
        parents = [(d, p) for d, p in parents if d < indent]
        base = parents[-1][1] if parents else ROOT
        path = base / m["name"].rstrip("/")
        if m["name"].endswith("/"):
            parents.append((indent, path))
        out.append((i, str(path.relative_to(ROOT)), int(m["n"].replace(",", "")), _lines(path)))
    return out


def stale(text: str, tolerance: float = 0.10) -> list[str]:
    return [f"{path}: README says {said:,}, now {now:,}"
            for _, path, said, now in rows(text) if abs(now - said) > tolerance * max(now, 1)]  # fmt: skip


def rewrite(text: str) -> str:
    first, end = _box(text)
    lines = text[first:end].splitlines()
    for i, _, _said, now in rows(text):
        m = ROW.match(lines[i])
        assert m is not None
        old, new = m["n"], f"{now:,}"
        gap = max(1, len(m["gap"]) + len(old) - len(new))  # keep the figures right-aligned
        lines[i] = f"{m['indent']}{m['name']}{' ' * gap}{new}{m['rest']}"
    return text[:first] + "\n".join(lines) + "\n" + text[end:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the figures in README.md")
    args = parser.parse_args()
    text = README.read_text(encoding="utf-8")
    if args.write:
        README.write_text(rewrite(text), encoding="utf-8")
        return 0
    problems = stale(text)
    print("\n".join(problems) or "the box is current")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
