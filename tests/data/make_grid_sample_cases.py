"""Make tests/data/grid_sample_cases.json with real PyTorch (CPU):

.venv/bin/python tests/data/make_grid_sample_cases.py > tests/data/grid_sample_cases.json

Every mode x padding x align_corners of ``F.grid_sample`` on float32 and float64, and
``F.affine_grid`` on a few sizes: the inputs, the outputs and the grads of ``(out * w).sum()``.
"""

import itertools
import json

import torch


def main() -> None:
    torch.manual_seed(0)
    sample, grids = [], []
    for dt in ("float32", "float64"):
        dtype = getattr(torch, dt)
        for mode, pad, ac in itertools.product(
            ["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"], [False, True]
        ):
            x = torch.randn(2, 2, 3, 4, dtype=dtype, requires_grad=True)
            g = (torch.rand(2, 2, 3, 2, dtype=dtype) * 2.6 - 1.3).requires_grad_()
            out = torch.nn.functional.grid_sample(x, g, mode, pad, ac)
            w = torch.randn_like(out)
            (out * w).sum().backward()
            sample.append({"dtype": dt, "mode": mode, "padding": pad, "align": ac,
                           "input": x.tolist(), "grid": g.tolist(), "w": w.tolist(),
                           "out": out.tolist(), "grad_input": x.grad.tolist(),
                           "grad_grid": g.grad.tolist()})  # fmt: skip
        for ac, size in itertools.product([False, True], ([2, 1, 3, 4], [1, 2, 1, 3])):
            theta = torch.randn(size[0], 2, 3, dtype=dtype, requires_grad=True)
            grid = torch.nn.functional.affine_grid(theta, size, align_corners=ac)
            w = torch.randn_like(grid)
            (grid * w).sum().backward()
            grids.append({"dtype": dt, "align": ac, "size": size, "theta": theta.tolist(),
                          "w": w.tolist(), "grid": grid.tolist(),
                          "grad_theta": theta.grad.tolist()})  # fmt: skip
    print(json.dumps({"grid_sample": sample, "affine_grid": grids}))


if __name__ == "__main__":
    main()
