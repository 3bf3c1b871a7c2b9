"""Make tests/data/grid_sample_3d_cases.json with real PyTorch: the 3-d ``grid_sample``
(trilinear and nearest, every padding, both corner alignments) with its grads, and the 5-D
``affine_grid``, in float32 and float64.

.venv/bin/python tests/data/make_grid_sample_3d_cases.py > tests/data/grid_sample_3d_cases.json
"""

import json
import sys

import torch
import torch.nn.functional as F  # noqa: N812


def main() -> None:
    torch.manual_seed(0)
    cases = []
    for dtype in ("float32", "float64"):
        dt = getattr(torch, dtype)
        x = torch.randn(1, 2, 3, 4, 5, dtype=dt, requires_grad=True)
        grid = (torch.rand(1, 2, 3, 4, 3, dtype=dt) * 2.8 - 1.4).requires_grad_()
        for align in (False, True):
            for mode in ("bilinear", "nearest"):
                for pad in ("zeros", "border", "reflection"):
                    x.grad = grid.grad = None
                    y = F.grid_sample(x, grid, mode=mode, padding_mode=pad, align_corners=align)
                    (y * y).sum().backward()
                    cases.append({
                        "dtype": dtype, "align": align, "mode": mode, "padding": pad,
                        "x": x.tolist(), "grid": grid.tolist(), "y": y.tolist(),
                        "x_grad": x.grad.tolist(), "grid_grad": grid.grad.tolist(),
                    })  # fmt: skip
    theta = torch.tensor([[[1.0, 0.2, 0.0, 0.1], [0.0, 0.9, 0.3, 0.0], [0.1, 0.0, 1.1, -0.2]]])
    grids = {str(a): F.affine_grid(theta, [1, 1, 2, 3, 4], align_corners=a).tolist()
             for a in (False, True)}  # fmt: skip
    json.dump({"grid_sample": cases, "affine_grid": {"theta": theta.tolist(), **grids}}, sys.stdout)


main()
