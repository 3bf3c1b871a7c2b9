"""Make tests/data/pow_cases.json with real PyTorch (its AVX2 kernels): float32 and float64 ``pow`` where Sleef's ``powf8_u10``
(the vector blocks) and ``std::pow`` (the scalar tail) take their special paths: IEEE edges,
negative bases, results that underflow to subnormals, exponents that are not floats.

ATEN_CPU_CAPABILITY=avx2 .venv/bin/python tests/data/make_pow_cases.py > tests/data/pow_cases.json
"""

import itertools
import json
import math
import random
import struct
import sys

import torch

EDGES = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, -2.0, 2.0, 1e-45, 0.5, -0.5,
         3.0, -3.0, 1.5, -1.5, 1e30, -1e30, 2.0**-126, 7.0]  # fmt: skip


def _bits(xs: list[float]) -> str:
    return struct.pack(f"<{len(xs)}f", *xs).hex()


def _bits64(xs: list[float]) -> str:
    return struct.pack(f"<{len(xs)}d", *xs).hex()


def main() -> None:
    rng = random.Random(0)
    pairs = list(itertools.product(EDGES, EDGES))
    pairs += [(rng.uniform(1e-20, 1e-12), rng.choice([2.5, 3.3, 1.7])) for _ in range(200)]
    pairs += [(-rng.uniform(0, 4), float(rng.randint(-5, 5))) for _ in range(100)]
    pairs += [(rng.uniform(0, 4), rng.uniform(-4, 4)) for _ in range(500)]
    x = torch.tensor([p[0] for p in pairs])
    y = torch.tensor([p[1] for p in pairs])
    cases = {"x": _bits(x.tolist()), "y": _bits(y.tolist()), "pow": _bits(torch.pow(x, y).tolist())}
    # a Python exponent: the vector blocks cast it to float, the tail keeps it a double
    base = torch.tensor([rng.uniform(0, 5) for _ in range(1000)])
    cases["base"] = _bits(base.tolist())
    cases["scalar"] = {
        repr(e): _bits(base.pow(e).tolist()) for e in (0.3, -1.7, 3.3, 0.1, 1.1, -0.75, 7.0)
    }
    # float64: Sleef's double pow on blocks of 8, C's pow on the tail
    xd = torch.tensor([p[0] for p in pairs], dtype=torch.float64)
    yd = torch.tensor([p[1] for p in pairs], dtype=torch.float64)
    cases["x64"], cases["y64"] = _bits64(xd.tolist()), _bits64(yd.tolist())
    cases["pow64"] = _bits64(torch.pow(xd, yd).tolist())
    based = torch.tensor([rng.uniform(0, 5) for _ in range(1001)], dtype=torch.float64)
    cases["base64"] = _bits64(based.tolist())
    cases["scalar64"] = {repr(e): _bits64(based.pow(e).tolist()) for e in (0.3, -1.7, 3.3, 1.5)}
    json.dump(cases, sys.stdout)


main()
