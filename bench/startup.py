"""Start-up: ``import tinygrad_edu``, ``tinygrad-edu --help`` and ``tinygrad-edu tree`` of a
three-op expression, against a bare interpreter and ``import rich.console, rich.tree``.

    .venv/bin/python bench/startup.py [--repeat N]

Each command runs ``--repeat`` times in a fresh interpreter (this one's); the figure is the
best CPU time (user + system) of the child process, steadier than wall time on a loaded
machine. Figures are from one run on a shared machine: read the ratios, not the absolute times.
``python -X importtime -c "import tinygrad_edu"`` shows what each import costs.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

EXPR = ["tree", "a*b+c", "--var", "a=1", "--var", "b=2", "--var", "c=3"]
COMMANDS = {
    "bare interpreter": ["-c", "pass"],
    "import rich.console, rich.tree": ["-c", "import rich.console, rich.tree"],
    "import tinygrad_edu": ["-c", "import tinygrad_edu"],
    "tinygrad-edu --help": ["-m", "viz.cli", "--help"],
    "tinygrad-edu tree a*b+c": ["-m", "viz.cli", *EXPR],
}


def cpu_time(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    env_note = " (PYTHONPATH is set: it changes what loads)" if "PYTHONPATH" in os.environ else ""
    print(f"start-up, best CPU time of {args.repeat} runs{env_note}")
    best = {name: min(cpu_time(a) for _ in range(args.repeat)) for name, a in COMMANDS.items()}
    bare, rich = best["bare interpreter"], best["import rich.console, rich.tree"]
    for name, t in best.items():
        ratio = f"{t / bare:5.1f}x bare" if name == "import tinygrad_edu" else ""
        if name.startswith("tinygrad-edu"):
            ratio = f"{t / rich:5.1f}x rich"
        print(f"  {name:<32}{t * 1e3:8.1f} ms  {ratio}")


if __name__ == "__main__":
    main()
