"""What rounding to float32 costs, and how often each kernel gives PyTorch's bits.

    .venv/bin/python bench/float32.py

1. Time: a float64 elementwise op over 1000 Values (``[a * b for ...]``, what the tensor layer
   does per op today) against ``round32`` of the 1000 results (one pass through
   ``array('f')``), and against a few float32 kernels on plain float lists. The rounding must
   stay within ~20% of the op it follows. Best of several repeats; compare ratios.
2. Agreement: for every kernel of ``tests/float32_table.py``, how many of the stored PyTorch
   results (``tests/data/float32_cases.json.gz``) ours match bit for bit, and the largest
   distance in ulp.
"""

from __future__ import annotations

import gzip
import json
import random
import struct
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import float32_table as table  # noqa: E402

from tinygrad_edu import Value  # noqa: E402
from tinygrad_edu._torch_cpu import float32_libm as lm  # noqa: E402
from tinygrad_edu._torch_cpu import float32_pointwise as pw  # noqa: E402
from tinygrad_edu._torch_cpu import float32_reduce as rd  # noqa: E402

N = 1000


def best(fn, number: int = 20, repeat: int = 7) -> float:
    """Seconds per call, best of `repeat` runs of `number` calls."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def timing() -> None:
    rng = random.Random(0)
    xs = lm.round32([rng.uniform(-3, 3) for _ in range(N)])
    ys = lm.round32([rng.uniform(-3, 3) for _ in range(N)])
    va = [Value(x) for x in xs]
    vb = [Value(y) for y in ys]
    fx, fy = [lm.F32(x) for x in xs], [lm.F32(y) for y in ys]  # what a float32 rule runs on
    op = best(lambda: [a * b for a, b in zip(va, vb)])
    prods = [x * y for x, y in zip(xs, ys)]
    rnd = best(lambda: lm.round32(prods))
    scalar = best(lambda: [lm.f32(p) for p in prods])
    print(f"float64 Value op over {N} elements: {op * 1e6:9.1f} us")
    print(f"round32 of the {N} results:         {rnd * 1e6:9.1f} us  ({rnd / op:6.1%} of the op)")
    one = f"{scalar * 1e6:9.1f} us  ({scalar / op:6.1%} of the op)"
    print(f"f32() one value at a time:           {one}")
    print(f"\nfloat32 kernels on {N}-element float lists (ours, pure Python):")
    for name, fn in [
        ("mul", lambda: pw.mul(xs, ys)),
        ("exp", lambda: pw.exp(xs)),
        ("sigmoid (Sleef expf)", lambda: pw.sigmoid(xs)),
        ("tanh's rule (FMA)", lambda: [g * y.fma(-y, 1.0) for g, y in zip(fx, fy)]),
        ("sum (cascade)", lambda: rd.sum(xs)),
        ("softmax (1 row)", lambda: rd.softmax(xs, (1, N))),
        ("dot (MKL order)", lambda: rd.dot(xs, ys)),
    ]:
        t = best(fn, number=5, repeat=3)
        print(f"  {name:22s} {t * 1e6:9.1f} us  ({t / op:6.2f} x the Value op)")


def ordered(x: float) -> int:
    (b,) = struct.unpack("<I", struct.pack("<f", x))
    return b if b < 0x80000000 else 0x80000000 - b


def agreement() -> None:
    with gzip.open(ROOT / "tests" / "data" / "float32_cases.json.gz", "rt", encoding="utf-8") as f:
        data = json.load(f)

    def unpack(h: str) -> list[float]:
        return list(struct.unpack(f"<{len(h) // 8}f", bytes.fromhex(h)))

    inputs = {n: {k: unpack(v) for k, v in s.items()} for n, s in data["inputs"].items()}
    print(f"\nagreement with torch {data['torch']} ({data['capability']}), stored cases:")
    print(f"  {'kernel':22s} {'bit for bit':>16s}  {'max ulp':>7s}  rule")
    for name, (keys, ours, _theirs, exact) in table.KERNELS.items():
        same = total = worst = 0
        for n, bits in data["cases"][name].items():
            got = [float(v) for v in ours(*[inputs[n][k] for k in keys])]
            for a, b in zip(got, unpack(bits)):
                total += 1
                if a.hex() == b.hex():
                    same += 1
                elif a == a and b == b and abs(a) != float("inf") and abs(b) != float("inf"):
                    worst = max(worst, abs(ordered(a) - ordered(b)))
                else:
                    worst = max(worst, 10**9)
        rule = "exact" if exact else "within 1 ulp" if table.ULPS.get(name, 1) == 1 else "BLAS"
        print(f"  {name:22s} {same:7d}/{total:<8d} {worst:7d}  {rule}")


if __name__ == "__main__":
    timing()
    agreement()
