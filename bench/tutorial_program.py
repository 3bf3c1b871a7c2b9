"""PyTorch's own tutorial programs at their own size, run here and under PyTorch.

    .venv/bin/python bench/tutorial_program.py [PROGRAM ...]

Each program in ``bench/programs/`` (default: all) runs in a fresh interpreter, once as
``python -m tinygrad_edu.run PROGRAM`` (``torch`` bound to tinygrad_edu) and once under
PyTorch when it is installed, with PyTorch's AVX2 kernels (``ATEN_CPU_CAPABILITY=avx2`` and
``MKL_ENABLE_INSTRUCTIONS=AVX2``, the ones the float32 numerics reproduce). Prints the CPU
time of each (user + system of the child process) and whether the two printed the same text;
exits 1 if they did not. Figures are from one run on a shared machine: read the ratio, not the
absolute times.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def run(args: list[str]) -> tuple[float, str]:
    """CPU time and standard output of ``python ARGS`` in a fresh interpreter."""
    env = {**os.environ, "ATEN_CPU_CAPABILITY": "avx2", "MKL_ENABLE_INSTRUCTIONS": "AVX2"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*", type=Path)
    args = parser.parse_args()
    programs = args.programs or sorted((HERE / "programs").glob("*.py"))
    torch_here = importlib.util.find_spec("torch") is not None
    ok = True
    for prog in programs:
        t_here, out_here = run(["-m", "tinygrad_edu.run", str(prog)])
        line = f"{prog.name:<36} tinygrad_edu {t_here:7.1f} s"
        if torch_here:
            t_torch, out_torch = run([str(prog)])
            same = out_here == out_torch
            ok = ok and same
            line += f"   PyTorch {t_torch:6.1f} s   output {'the same' if same else 'DIFFERS'}"
            if not same:
                for a, b in zip(out_here.splitlines(), out_torch.splitlines()):
                    if a != b:
                        line += f"\n    here:    {a}\n    PyTorch: {b}"
                        break
        print(line, flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
