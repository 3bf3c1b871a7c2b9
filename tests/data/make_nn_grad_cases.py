"""Make tests/data/nn_grad_cases.json with real PyTorch (CPU):

.venv/bin/python tests/data/make_nn_grad_cases.py > tests/data/nn_grad_cases.json

``torch.nn.grad.conv{1,2}d_{input,weight}`` on float32 and float64, with stride, padding,
dilation and groups.
"""

import json

import torch


def main() -> None:
    torch.manual_seed(0)
    cases = []
    for dt in ("float32", "float64"):
        dtype = getattr(torch, dt)
        for dims, (stride, padding, dilation, groups) in [
            (1, (1, 0, 1, 1)), (1, (2, 1, 1, 2)), (2, (1, 0, 1, 1)), (2, (2, 1, 2, 2))
        ]:  # fmt: skip
            conv = torch.nn.functional.conv1d if dims == 1 else torch.nn.functional.conv2d
            shape = (2, 4, 7) if dims == 1 else (2, 4, 6, 7)
            x = torch.randn(*shape, dtype=dtype)
            w = torch.randn(6, 4 // groups, *([3] * dims), dtype=dtype)
            g = torch.randn_like(conv(x, w, None, stride, padding, dilation, groups))
            name = f"conv{dims}d"
            gi = getattr(torch.nn.grad, name + "_input")(x.shape, w, g, stride, padding,
                                                          dilation, groups)  # fmt: skip
            gw = getattr(torch.nn.grad, name + "_weight")(x, w.shape, g, stride, padding,
                                                           dilation, groups)  # fmt: skip
            cases.append({"dtype": dt, "name": name, "args": [stride, padding, dilation, groups],
                          "input": x.tolist(), "weight": w.tolist(), "grad_output": g.tolist(),
                          "grad_input": gi.tolist(), "grad_weight": gw.tolist()})  # fmt: skip
    print(json.dumps(cases))


if __name__ == "__main__":
    main()
