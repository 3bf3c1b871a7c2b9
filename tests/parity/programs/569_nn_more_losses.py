import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# ranking, embedding and likelihood losses (margin ranking, hinge embedding, soft margin,
# cosine embedding, Poisson and Gaussian NLL, triplet margin): values, grads, grad_fns, reprs
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    a = torch.randn(6, dtype=dt, requires_grad=True)
    b = torch.randn(6, dtype=dt)
    y = torch.tensor([1.0, -1.0, 1.0, 1.0, -1.0, -1.0], dtype=dt)
    x1 = torch.randn(4, 5, dtype=dt, requires_grad=True)
    x2 = torch.randn(4, 5, dtype=dt)
    x3 = torch.randn(4, 5, dtype=dt)
    yy = torch.tensor([1.0, -1.0, -1.0, 1.0], dtype=dt)
    counts = torch.tensor([0.0, 1.0, 3.0, 2.0, 5.0, 1.0], dtype=dt)
    var = torch.rand(6, dtype=dt) + 0.1
    for reduction in ["mean", "sum", "none"]:
        for name, loss in [
            ("margin_ranking", F.margin_ranking_loss(a, b, y, margin=0.5, reduction=reduction)),
            ("hinge_embedding", F.hinge_embedding_loss(a, y, margin=1.5, reduction=reduction)),
            ("soft_margin", F.soft_margin_loss(a, y, reduction=reduction)),
            (
                "cosine_embedding",
                F.cosine_embedding_loss(x1, x2, yy, margin=0.1, reduction=reduction),
            ),
            ("poisson_nll", F.poisson_nll_loss(a, counts, reduction=reduction)),
            (
                "poisson_nll full",
                F.poisson_nll_loss(
                    a.exp(), counts, log_input=False, full=True, reduction=reduction
                ),
            ),
            ("gaussian_nll", F.gaussian_nll_loss(a, b, var, reduction=reduction)),
            ("gaussian_nll full", F.gaussian_nll_loss(a, b, 0.5, full=True, reduction=reduction)),
            ("triplet_margin", F.triplet_margin_loss(x1, x2, x3, reduction=reduction)),
            (
                "triplet_margin swap p1",
                F.triplet_margin_loss(x1, x2, x3, margin=2.0, p=1, swap=True, reduction=reduction),
            ),
        ]:
            loss.sum().backward()
            grad = a.grad if a.grad is not None else x1.grad
            print(reduction, name, loss, grad, sep="\n")
            a.grad = None
            x1.grad = None
    for m in [
        nn.MarginRankingLoss(0.5),
        nn.HingeEmbeddingLoss(),
        nn.SoftMarginLoss(reduction="sum"),
        nn.CosineEmbeddingLoss(0.2),
        nn.PoissonNLLLoss(full=True),
        nn.GaussianNLLLoss(eps=1e-3),
        nn.TripletMarginLoss(margin=0.3, swap=True),
    ]:
        args = {
            nn.MarginRankingLoss: (a, b, y),
            nn.HingeEmbeddingLoss: (a, y),
            nn.SoftMarginLoss: (a, y),
            nn.CosineEmbeddingLoss: (x1, x2, yy),
            nn.PoissonNLLLoss: (a, counts),
            nn.GaussianNLLLoss: (a, b, var),
            nn.TripletMarginLoss: (x1, x2, x3),
        }[type(m)]
        print(m, m(*args))
try:
    F.gaussian_nll_loss(a, b, -torch.ones(6, dtype=dt))
except ValueError as e:
    print("ValueError:", e)
