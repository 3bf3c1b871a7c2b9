"""Make tests/data/conv3d_cases.json with real PyTorch (the cases: tests/conv3d_cases.py):

PYTHONPATH=tests .venv/bin/python tests/data/make_conv3d_cases.py > tests/data/conv3d_cases.json
"""

import json
import sys

import torch
import torch.nn.functional as F  # noqa: N812 - PyTorch's spelling
from conv3d_cases import CASES, ERRORS, MODULES, inputs


def flat(v):
    return [a for x in v for a in flat(x)] if isinstance(v, list) else [v]


def run_case(shapes, fn, dt):
    xs = inputs(torch, shapes, dt)
    out = fn(torch, F, *xs)
    y, idx = out if isinstance(out, tuple) else (out, None)
    weights = torch.arange(1.0, y.numel() + 1, dtype=dt).reshape(y.shape)
    (y * weights).sum().backward()
    return {
        "shape": list(y.shape),
        "node": type(y.grad_fn).__name__,
        "values": flat(y.tolist()),
        "grads": [flat(x.grad.tolist()) if x.grad is not None else None for x in xs],
        "indices": flat(idx.tolist()) if idx is not None else None,
    }


def main():
    cases = {
        f"{name}/{dt}": run_case(shapes, fn, getattr(torch, dt))
        for name, (shapes, fn) in CASES.items()
        for dt in ("float32", "float64")
    }
    errors = {}
    for name, fn in ERRORS.items():
        try:
            fn(torch, F)
        except Exception as e:  # whatever PyTorch raises is what is stored
            errors[name] = [type(e).__name__, str(e)]
        else:
            raise SystemExit(f"{name} did not raise")
    modules = {}
    for name, fn in MODULES.items():
        for dt in ("float32", "float64"):
            torch.manual_seed(0)
            m = fn(torch, getattr(torch, dt))
            params = {k: flat(v.tolist()) for k, v in m.state_dict().items()}
            modules[f"{name}/{dt}"] = {"repr": repr(m), "params": params}
    json.dump({"cases": cases, "errors": errors, "modules": modules}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
