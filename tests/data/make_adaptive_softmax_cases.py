"""Make tests/data/adaptive_softmax_cases.json with real PyTorch (CPU):

.venv/bin/python tests/data/make_adaptive_softmax_cases.py > tests/data/adaptive_softmax_cases.json

``nn.AdaptiveLogSoftmaxWithLoss`` on float32 and float64: its weights, an input and targets
in every cluster, the output, the loss, the weights' grads, ``log_prob`` and ``predict``.
"""

import json

import torch


def main() -> None:
    cases = []
    for dt in ("float32", "float64"):
        torch.manual_seed(0)
        asm = torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[3, 6], div_value=2.0,
                                                  head_bias=True, dtype=getattr(torch, dt))  # fmt: skip
        x = torch.randn(6, 8, dtype=getattr(torch, dt))
        t = torch.tensor([0, 4, 9, 2, 7, 5])
        out = asm(x, t)
        out.loss.backward()
        cases.append({"dtype": dt, "state": {k: v.tolist() for k, v in asm.state_dict().items()},
                      "input": x.tolist(), "target": t.tolist(), "output": out.output.tolist(),
                      "loss": out.loss.item(),
                      "grads": {k: p.grad.tolist() for k, p in asm.named_parameters()},
                      "log_prob": asm.log_prob(x).tolist(),
                      "predict": asm.predict(x).tolist()})  # fmt: skip
    print(json.dumps(cases))


if __name__ == "__main__":
    main()
