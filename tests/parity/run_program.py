"""Run one corpus program with ``torch`` bound to a chosen module; the program file is unchanged.

For tinygrad_edu it is the public way, ``tinygrad-edu run PROGRAM.py``'s import hook.

    python tests/parity/run_program.py tinygrad_edu programs/01_seed_zh_sum_mul.py
    python tests/parity/run_program.py torch programs/01_seed_zh_sum_mul.py
    python tests/parity/run_program.py torch-float64 programs/01_seed_zh_sum_mul.py

``torch-float64`` runs real torch with float64 as the default dtype: regen.py uses it to find
programs whose printed output depends on float32 rounding, which tinygrad_edu (float64) cannot
reproduce.
"""

from __future__ import annotations

import runpy
import sys


def main(argv: list[str]) -> None:
    engine, program = argv
    if engine not in ("tinygrad_edu", "torch", "torch-float64"):
        raise SystemExit(
            f"unknown engine {engine!r}: expected tinygrad_edu, torch or torch-float64"
        )
    if engine == "tinygrad_edu":
        # the public way, as `tinygrad-edu run PROGRAM.py` does: torch.* bound by an import hook
        from tinygrad_edu._as_torch import run_program

        run_program(program)
        return
    if engine == "torch-float64":
        import torch

        torch.set_default_dtype(torch.float64)
    sys.argv = [program]
    runpy.run_path(program, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
