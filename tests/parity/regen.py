"""Store each corpus program's output under real PyTorch as ``programs/NN_name.out``.

    .venv/bin/python tests/parity/regen.py            # rewrite every .out (needs torch)
    .venv/bin/python tests/parity/regen.py --check    # also flag float32-sensitive programs
    .venv/bin/python tests/parity/regen.py --triage   # no torch: which programs differ now

``--check`` runs each program again with torch's default dtype set to float64 and lists the
programs whose output changes: their printed digits depend on float32 arithmetic, which
tinygrad_edu (Python floats) cannot reproduce, so they should be rewritten. Programs named
``*float32*`` are about float32 rounding on purpose and are not flagged.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import PROGRAMS, expected_path, run


def triage(programs: list[Path]) -> int:
    """Print the XFAIL dict that test_parity.py needs now: the first differing line per program."""
    print("XFAIL: dict[str, str] = {")
    for program in programs:
        if not expected_path(program).exists():
            print(f"    {program.stem!r}: 'no stored output: run regen.py',")
            continue
        proc = run(program, "tinygrad_edu")
        want = expected_path(program).read_text(encoding="utf-8").splitlines()
        got = proc.stdout.splitlines()
        if proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["?"])[-1]
            print(f"    {program.stem!r}: {('crashes: ' + last)[:200]!r},")
        elif got != want:
            i = next(
                (i for i, (w, g) in enumerate(zip(want, got)) if w != g), min(len(want), len(got))
            )
            w, g = (want[i] if i < len(want) else "<end>"), (got[i] if i < len(got) else "<end>")
            print(
                f"    {program.stem!r}: {f'line {i + 1}: torch {w!r}, tinygrad_edu {g!r}'[:200]!r},"
            )
    print("}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="also compare with float64 torch")
    parser.add_argument(
        "--triage",
        action="store_true",
        help="write nothing: run tinygrad_edu against the stored outputs and print an XFAIL dict",
    )
    parser.add_argument("names", nargs="*", help="only programs whose name contains one of these")
    args = parser.parse_args()
    programs = [p for p in PROGRAMS if not args.names or any(n in p.name for n in args.names)]
    if args.triage:
        return triage(programs)
    status = 0
    for program in programs:
        proc = run(program, "torch")
        if proc.returncode != 0:
            print(f"{program.name}: exit {proc.returncode}\n{proc.stderr}", file=sys.stderr)
            status = 1
            continue
        expected_path(program).write_text(proc.stdout, encoding="utf-8")
        note = ""
        if args.check and "float32" not in program.name:
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
