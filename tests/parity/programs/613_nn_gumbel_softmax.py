import torch
import torch.nn.functional as F

# ruff: noqa: N812 - written as tutorials write it
# Learning a categorical choice with the Gumbel-softmax trick: soft samples, hard (one-hot,
# straight-through) samples, a temperature schedule, in float32 and float64.
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    logits = torch.zeros(3, 4, dtype=dt, requires_grad=True)
    reward = torch.tensor([0.1, 0.2, 1.0, 0.3], dtype=dt)
    opt = torch.optim.Adam([logits], lr=0.1)
    for step in range(6):
        tau = max(0.5, 1.0 - 0.1 * step)
        opt.zero_grad()
        sample = F.gumbel_softmax(logits, tau=tau, hard=step % 2 == 1)
        loss = -(sample * reward).sum()
        loss.backward()
        opt.step()
        print(step, tau, f"{loss.item():.5f}", sample.grad_fn.name())
    print(logits)
    print(F.gumbel_softmax(logits, tau=0.3))
    print(F.gumbel_softmax(logits, hard=True, dim=0))
    print(logits.softmax(-1).argmax(-1))
