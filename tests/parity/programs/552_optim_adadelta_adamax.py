import torch

# Adadelta (the official MNIST example's optimizer) and Adamax on a small regression, float64 and float32:
# parameters after each step, the optimizer's state and state_dict, options (weight_decay, maximize)
for dt in [torch.float64, torch.float32]:
    for make in [
        lambda p: torch.optim.Adadelta(p),
        lambda p: torch.optim.Adadelta(p, lr=0.5, rho=0.8, weight_decay=0.1),
        lambda p: torch.optim.Adamax(p),
        lambda p: torch.optim.Adamax(
            p, lr=0.01, betas=(0.8, 0.9), weight_decay=0.01, maximize=True
        ),
    ]:
        torch.manual_seed(0)
        w = torch.randn(3, dtype=dt, requires_grad=True)
        b = torch.zeros(1, dtype=dt, requires_grad=True)
        X = torch.randn(8, 3, dtype=dt)
        y = X @ torch.tensor([1.0, -2.0, 0.5], dtype=dt) + 0.3
        opt = make([w, b])
        for step in range(5):
            opt.zero_grad()
            loss = ((X @ w + b - y) ** 2).mean()
            loss.backward()
            opt.step()
            if dt is torch.float32:  # bit for bit
                print(step, loss.item(), w.tolist(), b.tolist())
            else:  # float64 sums of 8 terms: PyTorch's order is not reproduced (last bit)
                print(step, [f"{v:.12g}" for v in [loss.item(), *w.tolist(), *b.tolist()]])
        print(opt)
        print(sorted(opt.state[w].keys()), opt.state_dict()["param_groups"])
model = torch.nn.Linear(4, 2)
opt = torch.optim.Adadelta(model.parameters(), lr=1.0)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.7)
for epoch in range(3):
    opt.zero_grad()
    model(torch.ones(3, 4)).sum().backward()
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr())
