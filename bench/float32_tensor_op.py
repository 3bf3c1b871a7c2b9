"""What rounding float32 results costs on a tensor op: the same op on the same float32 tensors
with float32 arithmetic off (float64, rounded only when read) and on (every result rounded
to float32 at once, through ``array``).

    .venv/bin/python bench/float32_tensor_op.py

The default gc, one process; each figure is the best of several runs of a 1,000-element op
(forward only: the rounding is done once per op, on its results). Timings of whole ops
vary with the machine's load; the last column, the rounding timed by itself as a share of
the op, is the steadier figure.

The second table times backward passes of the one engine on the same graph built from float64
and from float32 tensors: in float32 each element's rule runs on float32 numbers (``F32``) and
the tensor rules (``mm``, ``sum_to``, the losses) sum in PyTorch's order.
"""

from __future__ import annotations

import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tinygrad_edu as torch
from tinygrad_edu._tensor import kernels

N, REPEAT, NUMBER = 1000, 9, 20
OPS = {
    "a * b": lambda a, b: a * b,
    "a + 0.5": lambda a, b: a + 0.5,
    "a.sqrt()": lambda a, b: a.sqrt(),
    "a.tanh()": lambda a, b: a.tanh(),
    "(a * b).sum()": lambda a, b: (a * b).sum(),
}


def best(stmt) -> float:
    return min(timeit.repeat(stmt, repeat=REPEAT, number=NUMBER)) / NUMBER


def main() -> None:
    print(f"float32 tensor ops of {N} elements, ms per op (best of {REPEAT} x {NUMBER})")
    print(f"{'op':<16}{'float64 math':>14}{'float32 math':>14}{'cost':>9}{'rounding alone':>16}")
    a = torch.tensor([0.5 + i / N for i in range(N)], requires_grad=True)
    b = torch.tensor([1.5 - i / N for i in range(N)])
    for name, op in OPS.items():
        times = []
        for on in (False, True):
            kernels.set_float32_arithmetic(on)
            times.append(best(lambda op=op: op(a, b)))
        kernels.set_float32_arithmetic(False)
        off, on = times
        vals = op(a, b).elements()  # the rounding by itself, on this op's results
        alone = best(lambda vals=vals: kernels.as_float32("mul", vals))
        print(
            f"{name:<16}{off * 1e3:>14.3f}{on * 1e3:>14.3f}{(on / off - 1) * 100:>8.1f}%"
            f"{alone / off * 100:>15.1f}%"
        )


def _graphs(dt) -> dict[str, tuple[object, list[object]]]:
    torch.manual_seed(0)
    x = torch.randn(N, requires_grad=True, dtype=dt)
    w = torch.randn(16, 8, requires_grad=True, dtype=dt)
    b = torch.randn(16, requires_grad=True, dtype=dt)
    xs, ys = torch.randn(64, 8, dtype=dt), torch.randn(64, 16, dtype=dt)
    return {
        "(x * x).sum()": (lambda: (x * x).sum(), [x]),
        "x.tanh().mean()": (lambda: x.tanh().mean(), [x]),
        "linear + mse": (lambda: torch.nn.functional.mse_loss(xs @ w.t() + b, ys), [w, b]),
    }


def backward_table() -> None:
    print(f"\nbackward passes, ms per pass (best of {REPEAT} x {NUMBER // 4})")
    print(f"{'graph':<18}{'float64':>12}{'float32':>12}{'cost':>9}")
    graphs = {dt: _graphs(dt) for dt in (torch.float64, torch.float32)}
    for name in graphs[torch.float64]:
        times = []
        for dt in (torch.float64, torch.float32):
            make, leaves = graphs[dt][name]

            def step(make=make, leaves=leaves) -> None:
                for t in leaves:
                    t.grad = None
                make().backward()

            forward = min(timeit.repeat(make, repeat=REPEAT, number=NUMBER // 4))
            both = min(timeit.repeat(step, repeat=REPEAT, number=NUMBER // 4))
            times.append((both - forward) / (NUMBER // 4))
        off, on = times
        print(f"{name:<18}{off * 1e3:>12.3f}{on * 1e3:>12.3f}{(on / off - 1) * 100:>8.1f}%")


if __name__ == "__main__":
    main()
    backward_table()
