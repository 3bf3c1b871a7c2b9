"""Regenerate ``tests/data/odds_cases.json``: what PyTorch says for each snippet of
``odds_cases.py``.

    .venv/bin/python tests/regen_odds.py      (needs torch: ``make parity`` installs it)
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from odds_cases import CASES, NUMBERS, run, run_numbers, run_warnings

OUT = Path(__file__).resolve().parent / "data" / "odds_cases.json"


def main() -> None:
    import torch

    warnings.filterwarnings("ignore")
    got = {name: run(torch, code) for name, code in CASES.items()}
    numbers = {name: run_numbers(torch, code) for name, code in NUMBERS.items()}
    data = {
        "torch": torch.__version__,
        "cases": got,
        "numbers": numbers,
        "warnings": run_warnings("torch"),
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(got)} cases to {OUT}")


if __name__ == "__main__":
    main()
