# Adam, AdamW and amsgrad in float64 on a small least-squares problem: every step at full
# precision and the moment estimates in optimizer.state (https://pytorch.org/docs/stable/generated/torch.optim.Adam.html)
import torch

A = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]], dtype=torch.float64)
b = torch.tensor([1.0, 0.0, -1.0], dtype=torch.float64)
for name, kw in [
    ("Adam", {"lr": 0.1}),
    ("Adam", {"lr": 0.1, "amsgrad": True, "weight_decay": 0.01}),
    ("AdamW", {"lr": 0.1, "betas": (0.8, 0.95)}),
    ("Adam", {"lr": 0.05, "maximize": True}),
]:
    x = torch.zeros(2, dtype=torch.float64, requires_grad=True)
    opt = getattr(torch.optim, name)([x], **kw)
    for _ in range(8):
        opt.zero_grad()
        r = A @ x - b
        loss = (r * r).sum()
        if kw.get("maximize"):
            loss = -loss
        loss.backward()
        opt.step()
    print(name, kw, loss.item(), x.tolist())
    st = opt.state[x]
    print(list(st), st["step"], st["exp_avg"], st["exp_avg_sq"])
