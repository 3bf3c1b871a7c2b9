"""Make tests/data/ctc_cases.json with real PyTorch (CPU):

.venv/bin/python tests/data/make_ctc_cases.py > tests/data/ctc_cases.json

``F.ctc_loss`` on float32 and float64, every reduction, with and without zero_infinity,
padded (N, S) and concatenated targets, a blank other than 0: the losses and the grads of
``(loss * w).sum()`` (nan written as null).
"""

import itertools
import json
import math

import torch


def _clean(xs):
    if isinstance(xs, list):
        return [_clean(x) for x in xs]
    return None if math.isnan(xs) else xs


def main() -> None:
    torch.manual_seed(0)
    cases = []
    for dt, red, zi, concat, blank in itertools.product(
        ("float32", "float64"), ("mean", "sum", "none"), (False, True), (False, True), (0, 2)
    ):
        lp = torch.randn(6, 3, 5, dtype=getattr(torch, dt)).log_softmax(2).detach()
        # the third can not be aligned (3 labels, two of them repeated, in 2 steps): inf
        tg = [[1, 3, 3], [3, 1, 4], [4, 4, 4]] if blank == 0 else [[1, 3, 3], [3, 1, 0], [0, 0, 0]]
        il, tl = [6, 5, 2], [3, 2, 3]
        targets = torch.tensor(tg)
        if concat:
            targets = torch.cat([targets[0, :3], targets[1, :2], targets[2, :3]])
        x = lp.clone().requires_grad_()
        loss = torch.nn.functional.ctc_loss(x, targets, torch.tensor(il), torch.tensor(tl),
                                            blank, red, zi)  # fmt: skip
        w = torch.randn_like(loss)
        (loss * w).sum().backward()
        cases.append({"dtype": dt, "reduction": red, "zero_infinity": zi, "blank": blank,
                      "log_probs": lp.tolist(), "targets": targets.tolist(),
                      "input_lengths": il, "target_lengths": tl, "w": w.tolist(),
                      "loss": _clean(loss.tolist()), "grad": _clean(x.grad.tolist())})  # fmt: skip
    print(json.dumps(cases))


if __name__ == "__main__":
    main()
