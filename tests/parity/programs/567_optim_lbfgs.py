import torch

# ruff: noqa: B023 - a closure in a loop, as tutorials write one

# L-BFGS (fixed steps and the strong-Wolfe line search) on the Rosenbrock function and on a
# small regression, float64 and float32: the iterates, the closure's calls, the state's keys
for dt in [torch.float64, torch.float32]:
    for kw in [
        {},
        {"line_search_fn": "strong_wolfe"},
        {"lr": 0.5, "history_size": 3, "max_iter": 5},
    ]:
        x = torch.tensor([-1.5, 2.0], dtype=dt, requires_grad=True)
        opt = torch.optim.LBFGS([x], **kw)
        calls = 0

        def closure():
            global calls
            calls += 1
            opt.zero_grad()
            if kw.get("line_search_fn"):  # Rosenbrock's valley: the line search copes
                loss = (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2
            else:  # fixed steps on Rosenbrock are chaotic (the last bit decides): a bowl
                loss = (x[0] - 1) ** 2 + 10 * (x[1] + 0.5) ** 2 + x[0] * x[1] + 0.1 * x[0] ** 4
            loss.backward()
            return loss

        for step in range(3):
            loss = opt.step(closure).item()
            shown = f"{loss:.3g}" if abs(loss) > 1e-6 else "below 1e-6"
            print(step, shown, [f"{v:.4f}" for v in x.tolist()], calls)
        st = opt.state[x]
        print(opt)
        print(list(st.keys()), st["func_evals"], st["n_iter"], len(st["old_dirs"]))

    torch.manual_seed(0)
    X = torch.randn(20, 3, dtype=dt)
    y = X @ torch.tensor([2.0, -1.0, 0.5], dtype=dt) + 0.25
    model = torch.nn.Linear(3, 1, dtype=dt)
    opt = torch.optim.LBFGS(model.parameters(), lr=1, line_search_fn="strong_wolfe")

    def fit():
        opt.zero_grad()
        loss = ((model(X).squeeze(1) - y) ** 2).mean()
        loss.backward()
        return loss

    for epoch in range(3):
        print(epoch, f"{opt.step(fit).item():.5g}")
    print([f"{v:.4f}" for v in model.weight.reshape(-1).tolist()], f"{model.bias.item():.4f}")
try:
    torch.optim.LBFGS([{"params": [x]}, {"params": [model.bias]}])
except ValueError as e:
    print("ValueError:", e)
