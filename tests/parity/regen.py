"""Store each corpus program's output under real PyTorch as ``programs/NN_name.out``.

    .venv/bin/python tests/parity/regen.py            # rewrite every .out (needs torch)
    .venv/bin/python tests/parity/regen.py --check    # also flag float32-sensitive programs

``--check`` runs each program again with torch's default dtype set to float64 and lists the
programs whose output changes: their printed digits depend on float32 arithmetic, which
tinygrad_edu (Python floats) cannot reproduce, so they should be rewritten.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import PROGRAMS, expected_path, run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="also compare with float64 torch")
    parser.add_argument("names", nargs="*", help="only programs whose name contains one of these")
    args = parser.parse_args()
    status = 0
    for program in PROGRAMS:
        if args.names and not any(n in program.name for n in args.names):
            continue
        proc = run(program, "torch")
        if proc.returncode != 0:
            print(f"{program.name}: exit {proc.returncode}\n{proc.stderr}", file=sys.stderr)
            status = 1
            continue
        expected_path(program).write_text(proc.stdout, encoding="utf-8")
        note = ""
        if args.check:
            f64 = run(program, "torch-float64").stdout
            if f64 != proc.stdout:
                status = 1
                note = "  FLOAT32-SENSITIVE\n" + "".join(
                    difflib.unified_diff(
                        proc.stdout.splitlines(True), f64.splitlines(True), "float32", "float64"
                    )
                )
        print(f"{program.name}: {len(proc.stdout.splitlines())} lines{note}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
