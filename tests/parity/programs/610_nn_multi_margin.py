import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# A 3-class linear classifier trained with the multi-class hinge loss (MultiMarginLoss), then
# the squared hinge with class weights, the multi-label hinge (MultiLabelMarginLoss) and the
# functional forms and reductions, in float32 and float64.
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    x = torch.randn(8, 4, dtype=dt)
    y = torch.tensor([0, 2, 1, 1, 0, 2, 2, 1])
    model = nn.Linear(4, 3, dtype=dt)
    loss_fn = nn.MultiMarginLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    for step in range(5):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.6f}", loss.grad_fn.name())
    print(model.weight.grad)
    scores = model(x)
    print("accuracy", (scores.argmax(1) == y).float().mean().item())
    w = torch.tensor([1.0, 2.0, 0.5], dtype=dt)
    squared = nn.MultiMarginLoss(p=2, margin=0.5, weight=w)
    print(squared, squared.weight, squared(scores, y))
    for reduction in ["none", "sum", "mean"]:
        print(reduction, F.multi_margin_loss(scores, y, reduction=reduction))
    tags = torch.tensor([[0, 2, -1], [1, -1, 0], [2, 1, 0], [0, -1, 2],
                         [1, 2, -1], [2, -1, 1], [0, 1, 2], [1, -1, -1]])  # fmt: skip
    multi = nn.MultiLabelMarginLoss()
    s = scores.detach().requires_grad_()
    loss = multi(s, tags)
    loss.backward()
    print(multi, loss, s.grad)
    print(F.multilabel_margin_loss(s, tags, reduction="none"))
    print(F.multilabel_margin_loss(s[0], tags[0]))
try:
    F.multi_margin_loss(torch.zeros(2, 3), torch.tensor([0, 3]))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    nn.MultiMarginLoss(p=3)
except ValueError as e:
    print("ValueError", e)
