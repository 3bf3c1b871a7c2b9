import torch
import torch.nn.functional as F
from torch import nn

# ruff: noqa: N812 - written as tutorials write it
# Metric learning: a small embedding net trained on triplets with TripletMarginWithDistanceLoss,
# with the default distance, a cosine distance and the swap, in float32 and float64.
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(5, 8, dtype=dt), nn.ReLU(), nn.Linear(8, 3, dtype=dt))
    anchor, positive, negative = (torch.randn(6, 5, dtype=dt) for _ in range(3))
    positive = anchor + 0.1 * positive
    loss_fn = nn.TripletMarginWithDistanceLoss(margin=0.5)
    print(loss_fn)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for step in range(4):
        opt.zero_grad()
        loss = loss_fn(net(anchor), net(positive), net(negative))
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.6f}", loss.grad_fn.name())

    def cosine(a, b):
        return 1.0 - F.cosine_similarity(a, b)

    cos_loss = nn.TripletMarginWithDistanceLoss(distance_function=cosine, swap=True,
                                                reduction="none")  # fmt: skip
    out = cos_loss(net(anchor), net(positive), net(negative))
    print(out, out.grad_fn.name())
    l1 = F.triplet_margin_with_distance_loss(
        net(anchor), net(positive), net(negative),
        distance_function=nn.PairwiseDistance(p=1), margin=2.0, reduction="sum",
    )  # fmt: skip
    print(l1)
try:
    nn.TripletMarginWithDistanceLoss(margin=0.0)
except ValueError as e:
    print("ValueError", e)
