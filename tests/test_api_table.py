"""docs/api_table.md (made by tests/api_table.py from a real PyTorch install): every name it
calls built is here, and its counts are its rows'."""

from __future__ import annotations

import re
from pathlib import Path

import tinygrad_edu

TABLE = Path(__file__).resolve().parent.parent / "docs" / "api_table.md"


def _sections() -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if m := re.fullmatch(r"## `([\w.]+)`", line):
            current = out.setdefault(m[1], [])
        elif current is not None and (m := re.fullmatch(r"\| `(\w+)` \| (.+) \|", line)):
            current.append((m[1], m[2]))
    return out


def _ours(path: str) -> object:
    obj: object = tinygrad_edu
    for part in path.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def test_every_name_the_table_calls_built_is_here():
    sections = _sections()
    assert set(sections) == {"torch", "torch.Tensor", "torch.nn", "torch.nn.functional",
                             "torch.optim", "torch.utils.data", "torch.autograd"}  # fmt: skip
    missing = [f"{path}.{name}" for path, rows in sections.items()
               for name, here in rows if here == "built" and not hasattr(_ours(path), name)]  # fmt: skip
    assert missing == []


def test_the_counts_are_the_rows():
    text = TABLE.read_text(encoding="utf-8")
    for path, rows in _sections().items():
        built = sum(here == "built" for _, here in rows)
        todo = sum(here == "not built yet" for _, here in rows)
        row = f"| `{path}` | {len(rows)} | {built} | {len(rows) - built - todo} | {todo} |"
        assert row in text


def test_names_pytorch_has_in_both_forms_are_here_in_both_or_neither():
    torch, tensor = tinygrad_edu, tinygrad_edu.Tensor
    one_form = [n for n in tinygrad_edu._tensor.ops.both_forms.BOTH
                if hasattr(torch, n) != hasattr(tensor, n)]  # fmt: skip
    assert one_form == []
