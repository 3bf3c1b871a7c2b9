import torch

# NAdam, RAdam, Rprop and ASGD on a small regression, float64 and float32: parameters after
# each step, the optimizer's repr, its state's keys and state_dict's groups, options
for dt in [torch.float64, torch.float32]:
    for make in [
        lambda p: torch.optim.NAdam(p),
        lambda p: torch.optim.NAdam(p, lr=0.05, weight_decay=0.1, momentum_decay=0.01),
        lambda p: torch.optim.NAdam(p, lr=0.05, weight_decay=0.1, decoupled_weight_decay=True),
        lambda p: torch.optim.RAdam(p),
        lambda p: torch.optim.RAdam(p, lr=0.1, betas=(0.8, 0.9), weight_decay=0.01),
        lambda p: torch.optim.RAdam(p, lr=0.1, betas=(0.5, 0.6), maximize=True),
        lambda p: torch.optim.Rprop(p),
        lambda p: torch.optim.Rprop(p, lr=0.3, etas=(0.3, 1.5), step_sizes=(0.01, 0.5)),
        lambda p: torch.optim.ASGD(p),
        lambda p: torch.optim.ASGD(p, lr=0.05, lambd=0.01, alpha=0.5, t0=2, weight_decay=0.1),
    ]:
        torch.manual_seed(0)
        w = torch.randn(3, dtype=dt, requires_grad=True)
        b = torch.zeros(1, dtype=dt, requires_grad=True)
        X = torch.randn(8, 3, dtype=dt)
        y = X @ torch.tensor([1.0, -2.0, 0.5], dtype=dt) + 0.3
        opt = make([w, b])
        for step in range(8):
            opt.zero_grad()
            loss = ((X @ w + b - y) ** 2).mean()
            loss.backward()
            opt.step()
            if dt is torch.float32 and isinstance(opt, (torch.optim.Rprop, torch.optim.ASGD)):
                print(step, loss.item(), w.tolist(), b.tolist())  # bit for bit
            elif dt is torch.float32:  # a float32 sqrt (MKL's, not correctly rounded: 1 ulp)
                print(step, [f"{v:.6g}" for v in [loss.item(), *w.tolist(), *b.tolist()]])
            else:  # float64 sums of 8 terms: PyTorch's order is not reproduced (last bit)
                print(step, [f"{v:.12g}" for v in [loss.item(), *w.tolist(), *b.tolist()]])
        print(opt)
        print(list(opt.state[w].keys()), opt.state_dict()["param_groups"])
        print({k: v for k, v in opt.state[b].items()})

# a micrograd-style loop with the Rprop the Nature paper made famous
torch.manual_seed(1)
model = torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
opt = torch.optim.Rprop(model.parameters())
x, t = torch.randn(16, 2), torch.randn(16, 1)
for epoch in range(5):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), t)
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 6))
try:
    torch.optim.Rprop(model.parameters(), etas=(1.5, 0.5))
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.NAdam(model.parameters(), momentum_decay=-1)
except ValueError as e:
    print("ValueError:", e)
