"""Start-up: ``import tinygrad_edu``, ``tinygrad-edu --help`` and ``tinygrad-edu tree`` of a
three-op expression, against a bare interpreter and ``import rich.console, rich.tree``.

    .venv/bin/python bench/startup.py [--repeat N]

Each command runs ``--repeat`` times in a fresh interpreter (this one's); the figure is the
best CPU time (user + system) of the child process, steadier than wall time on a loaded
machine. Figures are from one run on a shared machine: read the ratios, not the absolute times.
``python -X importtime -c "import tinygrad_edu"`` shows what each import costs.

The children start as an installed package does: with the bytecode of every module cached
(``pip install`` compiles it, and an editable install writes it on first import), in a
temporary cache (``PYTHONPYCACHEPREFIX``) that one untimed run of each command fills, whatever
``PYTHONDONTWRITEBYTECODE`` says here. ``--no-bytecode`` times them with no bytecode written:
each module of this project is compiled from source at each start (unless its
``__pycache__`` folders hold it), while rich and the standard library read theirs.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile

EXPR = ["tree", "a*b+c", "--var", "a=1", "--var", "b=2", "--var", "c=3"]
COMMANDS = {
    "bare interpreter": ["-c", "pass"],
    "import rich.console, rich.tree": ["-c", "import rich.console, rich.tree"],
    "import tinygrad_edu": ["-c", "import tinygrad_edu"],
    "tinygrad-edu --help": ["-m", "viz.cli", "--help"],
    "tinygrad-edu tree a*b+c": ["-m", "viz.cli", *EXPR],
}


def cpu_time(args: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile this project's modules at each start"
    )
    args = parser.parse_args()
    env_note = " (PYTHONPATH is set: it changes what loads)" if "PYTHONPATH" in os.environ else ""
    with tempfile.TemporaryDirectory(prefix="startup-pycache-") as cache:
        env = dict(os.environ)
        if args.no_bytecode:  # (a cache prefix would send the standard library there too)
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            kind = "no bytecode written"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
            kind = "bytecode cached, as installed"
            for a in COMMANDS.values():
                cpu_time(a, env)  # untimed: fills the cache
        print(f"start-up, best CPU time of {args.repeat} runs, {kind}{env_note}")
        best = {n: min(cpu_time(a, env) for _ in range(args.repeat)) for n, a in COMMANDS.items()}
    bare, rich = best["bare interpreter"], best["import rich.console, rich.tree"]
    for name, t in best.items():
        ratio = f"{t / bare:5.1f}x bare" if name == "import tinygrad_edu" else ""
        if name.startswith("tinygrad-edu"):
            ratio = f"{t / rich:5.1f}x rich"
        print(f"  {name:<32}{t * 1e3:8.1f} ms  {ratio}")


if __name__ == "__main__":
    main()
