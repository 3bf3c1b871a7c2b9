"""Make tests/data/muon_cases.json with real PyTorch: Muon's steps, and the bfloat16 and
float16 ``addmm`` and ``norm`` its Newton–Schulz iteration runs on.

.venv/bin/python tests/data/make_muon_cases.py > tests/data/muon_cases.json
"""

import json
import random
import sys

import torch

CONFIGS = [
    ((6, 4), {}),
    ((4, 6), {"nesterov": False, "adjust_lr_fn": "match_rms_adamw"}),
    ((12, 3), {"weight_decay": 0.05, "adjust_lr_fn": "original", "momentum": 0.8}),
    ((3, 3), {"lr": 0.1, "ns_steps": 3, "eps": 1e-3}),
    ((5, 2), {"ns_coefficients": (2.0, -1.5, 0.5)}),
]


def _numbers(rng: random.Random, n: int) -> list[float]:
    return [round(rng.uniform(-2, 2), 3) for _ in range(n)]


def muon_cases() -> list[dict]:
    rng = random.Random(0)
    cases = []
    for dtype in ("float32", "float64"):
        for shape, options in CONFIGS:
            n = shape[0] * shape[1]
            start = _numbers(rng, n)
            grads = [_numbers(rng, n) for _ in range(3)]
            p = torch.nn.Parameter(torch.tensor(start, dtype=getattr(torch, dtype)).reshape(shape))
            opt = torch.optim.Muon([p], **{"lr": 0.02, **options})
            for g in grads:
                p.grad = torch.tensor(g, dtype=p.dtype).reshape(shape)
                opt.step()
            cases.append(
                {
                    "dtype": dtype,
                    "shape": list(shape),
                    "options": options,
                    "start": start,
                    "grads": grads,
                    "param": p.detach().reshape(-1).tolist(),
                    "momentum_buffer": opt.state[p]["momentum_buffer"].reshape(-1).tolist(),
                }
            )
    return cases


def low_precision_cases() -> list[dict]:
    torch.manual_seed(0)
    cases = []
    for dtype in ("bfloat16", "float16"):
        for m, k in [(3, 4), (8, 16), (16, 24)]:
            a = (torch.randn(m, k) / 2).to(getattr(torch, dtype))
            g = a @ a.T
            u = torch.addmm(g, g, g, beta=-4.7750, alpha=2.0315)
            cases.append(
                {
                    "dtype": dtype,
                    "a": a.float().tolist(),
                    "gram": g.float().tolist(),
                    "addmm": u.float().tolist(),
                    "norm": a.norm().item(),
                }
            )
    return cases


json.dump({"muon": muon_cases(), "low_precision": low_precision_cases()}, sys.stdout)
