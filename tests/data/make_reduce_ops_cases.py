"""Make tests/data/reduce_ops_cases.json with real PyTorch:

.venv/bin/python tests/data/make_reduce_ops_cases.py > tests/data/reduce_ops_cases.json
"""

import json

import torch

CASES = [
    (
        "scatter",
        "sum",
        True,
        [[1.0, 2.0], [3.0, 4.0]],
        [[5.0, -0.0], [7.0, 8.0], [0.5, 1.0]],
        [[0, 1], [0, 0], [1, 1]],
        0,
    ),
    (
        "scatter",
        "sum",
        False,
        [[1.0, 2.0], [3.0, 4.0]],
        [[5.0, -0.0], [7.0, 8.0], [0.5, 1.0]],
        [[0, 1], [0, 0], [1, 1]],
        0,
    ),
    (
        "scatter",
        "prod",
        True,
        [[1.0, 0.0], [3.0, 4.0]],
        [[5.0, 0.0], [0.0, 8.0], [0.5, 1.0]],
        [[0, 1], [0, 0], [1, 1]],
        0,
    ),
    (
        "scatter",
        "prod",
        False,
        [[1.0, 0.0], [3.0, 4.0]],
        [[5.0, 0.0], [0.0, 8.0], [0.5, 3.0]],
        [[0, 1], [0, 1], [1, 1]],
        0,
    ),
    ("scatter", "mean", True, [[1.0, 2.0, 3.0]], [[0.1, 0.2, 0.3, 0.4]], [[0, 0, 2, 0]], 1),
    ("scatter", "mean", False, [[1.0, 2.0, 3.0]], [[0.1, 0.2, 0.3, 0.4]], [[0, 0, 2, 0]], 1),
    ("scatter", "amax", True, [[3.0, 5.0]], [[3.0, 1.0, 5.0, 5.0]], [[0, 0, 1, 1]], 1),
    ("scatter", "amax", False, [[3.0, 5.0]], [[3.0, 1.0, 5.0, 2.0]], [[0, 0, 1, 1]], 1),
    (
        "scatter",
        "amin",
        True,
        [[3.0, float("nan")]],
        [[3.0, float("nan"), 5.0, 2.0]],
        [[0, 0, 1, 1]],
        1,
    ),
    (
        "index",
        "prod",
        True,
        [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
        [[2.0, 0.0], [3.0, 0.0]],
        [2, 2],
        0,
    ),
    (
        "index",
        "mean",
        False,
        [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
        [[2.0, 0.0], [3.0, 7.0]],
        [0, 0],
        0,
    ),
    (
        "index",
        "amax",
        True,
        [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
        [[5.0, 6.0], [5.0, 1.0]],
        [2, 2],
        0,
    ),
    (
        "index",
        "amin",
        False,
        [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
        [[5.0, 6.0], [-5.0, 9.0]],
        [1, 1],
        0,
    ),
]
out = []
for fn, how, inc, xs, ss, idx, d in CASES:
    for dt in ("float32", "float64"):
        x = torch.tensor(xs, dtype=getattr(torch, dt), requires_grad=True)
        s = torch.tensor(ss, dtype=getattr(torch, dt), requires_grad=True)
        i = torch.tensor(idx)
        y = (x.scatter_reduce if fn == "scatter" else x.index_reduce)(
            d, i, s, how, include_self=inc
        )
        g = torch.arange(1, y.numel() + 1, dtype=y.dtype).reshape(y.shape) / 3
        y.backward(g)
        out.append(
            [
                fn,
                how,
                inc,
                xs,
                ss,
                idx,
                d,
                dt,
                str(y),
                repr(y.tolist()),
                repr(x.grad.tolist()),
                repr(s.grad.tolist()),
            ]
        )
print(json.dumps(out))
