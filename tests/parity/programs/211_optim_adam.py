# optim.Adam on the Rosenbrock function: every step at full precision (https://pytorch.org/docs/stable/generated/torch.optim.Adam.html)
import torch

# ruff: noqa: B007 - written as the source writes it

xy = torch.tensor([-1.5, 2.0], requires_grad=True)
opt = torch.optim.Adam([xy], lr=0.05)
print(opt)
for step in range(40):
    opt.zero_grad()
    x, y = xy[0], xy[1]
    loss = (1 - x) ** 2 + 100 * (y - x**2) ** 2
    loss.backward()
    opt.step()
    print(step, loss.item(), xy.tolist())
st = opt.state[xy]
print(sorted(st), st["step"], st["exp_avg"], st["exp_avg_sq"])
w = torch.tensor([1.0, 1.0], requires_grad=True)
opt2 = torch.optim.Adam([w], lr=0.1, betas=(0.8, 0.9), eps=1e-6, amsgrad=True, weight_decay=0.1)
for step in range(5):
    opt2.zero_grad()
    (w * torch.tensor([1.0, -3.0])).sum().backward()
    opt2.step()
    print(w.tolist())
