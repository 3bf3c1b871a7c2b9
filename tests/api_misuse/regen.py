"""Store PyTorch's outcome of every misuse case in ``torch_outcomes.json`` (needs real torch).

    .venv/bin/python tests/api_misuse/regen.py            # rewrite the stored outcomes
    .venv/bin/python tests/api_misuse/regen.py --compare  # no writing: tinygrad_edu's agreement

``make parity`` runs it first, so the file always holds what PyTorch 2.13 does now.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from torch_kernels import PINNED  # noqa: E402 - the tests' folder, put on the path above

STORED = HERE / "torch_outcomes.json"


def outcomes(engine: str) -> dict[str, str]:
    """Every case's outcome under ``engine``, in a fresh interpreter (a case may leave state)."""
    env = {**PINNED, **os.environ, "PYTHONWARNINGS": "ignore"}
    env["PYTHONHASHSEED"] = "0"  # a message that lists a set lists it in one order
    proc = subprocess.run(
        [sys.executable, str(HERE / "outcome.py"), engine],
        capture_output=True, text=True, env=env, timeout=1800, check=False,
    )  # fmt: skip
    if proc.returncode != 0:
        raise SystemExit(f"outcome.py {engine} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def agreement(want: dict[str, str], got: dict[str, str]) -> tuple[int, int, list[str]]:
    """How many cases give PyTorch's outcome, of how many, and the names of the others."""
    differ = sorted(name for name in want if got.get(name) != want[name])
    return len(want) - len(differ), len(want), differ


def main(argv: list[str]) -> int:
    if "--compare" in argv:
        same, total, differ = agreement(
            json.loads(STORED.read_text(encoding="utf-8")), outcomes("tinygrad_edu")
        )
        print("\n".join(differ))
        print(f"{same}/{total} = {same / total:.1%} of the misuse cases agree with PyTorch")
        return 0
    text = json.dumps(outcomes("torch"), indent=1, ensure_ascii=False, sort_keys=True)
    STORED.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {STORED}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
