import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# A multi-label classifier (each sample may have several of 4 tags), trained a few steps with
# MultiLabelSoftMarginLoss, in float32 and float64; the functional form and its reductions.
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(6, 3, dtype=dt)
    y = torch.tensor([[1, 0, 1, 0], [0, 1, 0, 0], [1, 1, 0, 1],
                      [0, 0, 1, 1], [1, 0, 0, 0], [0, 1, 1, 0]], dtype=dt)  # fmt: skip
    model = nn.Linear(3, 4, dtype=dt)
    loss_fn = nn.MultiLabelSoftMarginLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for step in range(4):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.6f}", loss.grad_fn.name())
    print(model.weight.grad)
    logits = model(x)
    w = torch.tensor([1.0, 2.0, 0.5, 1.0], dtype=dt)
    for reduction in ["none", "sum", "mean"]:
        out = F.multilabel_soft_margin_loss(logits, y, weight=w, reduction=reduction)
        print(reduction, out)
    print(nn.MultiLabelSoftMarginLoss(weight=w), nn.MultiLabelSoftMarginLoss(weight=w).weight)
    print(nn.MultiLabelSoftMarginLoss(reduction="sum")(logits[0], y[0]))
try:
    F.multilabel_soft_margin_loss(torch.zeros(2, 3), torch.zeros(2, 3), reduction="avg")
except ValueError as e:
    print("ValueError", e)
