"""How far each float32 kernel is from PyTorch 2.13's CPU bits: every kernel of
``tests/float32_table.py`` against the torch results stored in
``tests/data/float32_cases.json.gz`` (no torch needed).

    .venv/bin/python bench/float32_ulps.py

Prints one markdown row per kernel: whether the table holds it bit-exact, the results compared,
the share with PyTorch's very bits, and the largest distance in ulp. ``docs/float32.md``'s
kernel table is this output, and ``tests/test_float32_docs.py`` checks that it still is.
"""

from __future__ import annotations

import gzip
import json
import math
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import float32_table as table  # noqa: E402 - after the path is set

DATA = ROOT / "tests" / "data" / "float32_cases.json.gz"


def _unpack(h: str) -> list[float]:
    return list(struct.unpack(f"<{len(h) // 8}f", bytes.fromhex(h)))


def _ordered(x: float) -> int:
    (b,) = struct.unpack("<I", struct.pack("<f", x))
    return b if b < 0x80000000 else 0x80000000 - b


def _ulps(a: float, b: float) -> float:
    if a != a or b != b:
        return 0.0 if a != a and b != b else math.inf
    if math.isinf(a) or math.isinf(b):
        return 0.0 if a == b else math.inf
    return abs(_ordered(a) - _ordered(b))


def measure() -> dict[str, tuple[bool, int, int, float]]:
    """kernel -> (exact in the table, results, results with PyTorch's bits, max ulp)."""
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        data = json.load(f)
    inputs = {int(n): {k: _unpack(v) for k, v in s.items()} for n, s in data["inputs"].items()}
    out = {}
    for name, (keys, ours, _theirs, exact) in table.KERNELS.items():
        total = same = 0
        worst = 0.0
        for n, bits in data["cases"][name].items():
            got = [float(v) for v in ours(*[inputs[int(n)][k] for k in keys])]
            for a, b in zip(got, _unpack(bits)):
                total += 1
                d = _ulps(a, b) if a.hex() != b.hex() else 0.0
                same += d == 0.0
                worst = max(worst, d)
        out[name] = (exact, total, same, worst)
    return out


def rows(stats: dict[str, tuple[bool, int, int, float]]) -> list[str]:
    """The markdown rows: | kernel | bit-exact | results | same bits | max ulp |."""
    lines = []
    for name, (exact, total, same, worst) in sorted(stats.items()):
        share = f"{100 * same / total:.1f}%" if total else "-"
        lines.append(f"| `{name}` | {'yes' if exact else 'no'} | {total} | {share} | {worst:g} |")
    return lines


if __name__ == "__main__":
    print("| kernel | bit-exact | results | same bits | max ulp |")
    print("|---|---|---|---|---|")
    print("\n".join(rows(measure())))
