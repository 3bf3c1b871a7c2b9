"""The parity corpus: where the programs are, how to run one, and how outputs are compared."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS_DIR = HERE / "programs"
RUNNER = HERE / "run_program.py"
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
from torch_kernels import PINNED  # noqa: E402 - the tests' folder, put on the path above

# NN_name.py, numbered from 01; numbers past 99 sort after 99
PROGRAMS = sorted(PROGRAMS_DIR.glob("[0-9]*_*.py"), key=lambda p: int(p.name.split("_")[0]))
TIMEOUT = 120


def mask(text: str) -> str:
    """Object addresses differ from run to run and between engines."""
    return re.sub(r"0x[0-9a-fA-F]+", "0x...", text)


def run(program: Path, engine: str) -> subprocess.CompletedProcess[str]:
    """Run a program in a fresh interpreter; stdout is masked."""
    env = {
        **PINNED,  # PyTorch's AVX2 kernels, unless the environment says otherwise
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
    }
    proc = subprocess.run(
        [sys.executable, str(RUNNER), engine, str(program)],
        capture_output=True,
        text=True,
        env=env,
        cwd=PROGRAMS_DIR,
        timeout=TIMEOUT,
    )
    proc.stdout = mask(proc.stdout)
    return proc


def expected_path(program: Path) -> Path:
    return program.with_suffix(".out")
