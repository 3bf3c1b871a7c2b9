"""Make tests/data/cross_map_lrn_cases.json with real PyTorch (its AVX2 kernels):
``nn.CrossMapLRN2d``'s outputs and input grads in float32 and float64, and ``torch.addcmul``
(the op its backward runs).

ATEN_CPU_CAPABILITY=avx2 .venv/bin/python tests/data/make_cross_map_lrn_cases.py \\
    > tests/data/cross_map_lrn_cases.json
"""

import json
import sys

import torch

SHAPES = [
    (3, (2, 4, 2, 3)),
    (5, (1, 7, 3, 2)),
    (2, (1, 3, 2, 2)),
    (4, (2, 6, 2, 2)),
    (3, (1, 2, 4, 5)),
]


def main() -> None:
    cases = []
    for dtype in ("float32", "float64"):
        for size, shape in SHAPES:
            torch.manual_seed(size)
            x = torch.randn(*shape, dtype=getattr(torch, dtype), requires_grad=True)
            g = torch.randn(*shape, dtype=x.dtype)
            y = torch.nn.CrossMapLRN2d(size, alpha=0.3, beta=0.75, k=1.5)(x)
            y.backward(g)
            cases.append({"dtype": dtype, "size": size, "x": x.tolist(), "g": g.tolist(),
                          "y": y.tolist(), "grad": x.grad.tolist()})  # fmt: skip
    addcmul = []
    for dtype in ("float32", "float64"):
        torch.manual_seed(0)
        a, b, c = (torch.randn(*s, dtype=getattr(torch, dtype)) for s in ((3, 37), (37,), (3, 1)))
        addcmul.append({"dtype": dtype, "a": a.tolist(), "b": b.tolist(), "c": c.tolist(),
                        "out": torch.addcmul(a, b, c, value=-0.37).tolist()})  # fmt: skip
    json.dump({"cross_map_lrn": cases, "addcmul": addcmul}, sys.stdout)


main()
