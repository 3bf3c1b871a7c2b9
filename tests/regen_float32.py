"""Regenerate ``tests/data/float32_cases.json.gz``: PyTorch's float32 bits for every case.

    .venv/bin/python tests/regen_float32.py      (needs torch: ``make parity`` installs it)

The inputs come from ``float32_table.make_inputs`` (seeded); the file stores them and torch's
outputs as float32 bit patterns, eight hex digits each, with the torch version and the CPU
capability they were measured on. ``tests/test_float32.py`` compares our kernels with them.
"""

from __future__ import annotations

import gzip
import json
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import float32_table as table

OUT = Path(__file__).resolve().parent / "data" / "float32_cases.json.gz"


def pack(xs: list[float]) -> str:
    """float32 values as concatenated 8-digit hex bit patterns."""
    return struct.pack(f"<{len(xs)}f", *xs).hex() if xs else ""


def sizes_for(name: str) -> list[int]:
    top = table.ZERO_D_MAX if name.endswith("_0d") else table.MAX_SIZE
    if name in table.BIG:
        top = max(table.SIZES)
    low = table.MIN_SIZE.get(name, 1)
    return [n for n in table.SIZES if low <= n <= top]


def main() -> None:
    import torch

    inputs = {n: table.make_inputs(n, seed=n) for n in table.SIZES}
    for sets in inputs.values():
        sets.update(table.derive(torch, sets))
    cases: dict[str, dict[str, str]] = {}
    for name, (keys, _ours, theirs, _exact) in table.KERNELS.items():
        cases[name] = {}
        for n in sizes_for(name):
            out = theirs(torch, *[inputs[n][k] for k in keys])
            cases[name][str(n)] = pack([float(v) for v in out])
    data = {
        "torch": torch.__version__,
        "capability": torch.backends.cpu.get_cpu_capability(),
        "inputs": {str(n): {k: pack(v) for k, v in sets.items()} for n, sets in inputs.items()},
        "cases": cases,
    }
    OUT.parent.mkdir(exist_ok=True)
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(data, f, sort_keys=True)
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
