"""The README's "What is in the box" figures stay true (tests/readme_box.py rewrites them)."""

from __future__ import annotations

from readme_box import README, rewrite, rows, stale


def test_the_box_figures_are_within_ten_percent_of_the_code():
    text = README.read_text(encoding="utf-8")
    assert len(rows(text)) >= 20  # the box was found and read
    assert stale(text) == [], "run: .venv/bin/python tests/readme_box.py --write"


def test_a_stale_figure_is_caught_and_rewritten():
    text = rewrite(README.read_text(encoding="utf-8"))
    _, path, said, now = next(r for r in rows(text) if r[1] == "tinygrad_edu/core/engine.py")
    assert said == now
    i = text.index("    engine.py")
    bad = text[:i] + text[i:].replace(f"{now:,}", f"{now * 2:,}", 1)
    assert stale(bad) == [f"{path}: README says {now * 2:,}, now {now:,}"]
    fixed = rewrite(bad)
    assert stale(fixed) == [] and fixed.count(f"{now * 2:,}") == text.count(f"{now * 2:,}")
