import copy

import torch
from torch import nn
from torch.optim.swa_utils import SWALR, AveragedModel, get_ema_multi_avg_fn, update_bn

# Stochastic weight averaging as PyTorch's tutorial writes it: train, then average the weights
# from epoch 3 on under the SWALR schedule, recompute the batch norm statistics, compare with an
# EMA of the weights and with a deep copy kept as the "best" model; float32 and float64.
for dt in [torch.float32, torch.float64]:
    print("==", dt)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 8, dtype=dt), nn.BatchNorm1d(8, dtype=dt), nn.ReLU(),
                          nn.Linear(8, 1, dtype=dt))  # fmt: skip
    x = torch.randn(32, 3, dtype=dt)
    y = x.sum(1, keepdim=True) ** 2
    loader = [(x[i : i + 8], y[i : i + 8]) for i in range(0, 32, 8)]
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    swa_model = AveragedModel(model)
    ema_model = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.9))
    swa_scheduler = SWALR(opt, swa_lr=0.01, anneal_epochs=2)
    best = None
    for epoch in range(6):
        for xb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            opt.step()
            ema_model.update_parameters(model)
        if epoch >= 3:
            swa_model.update_parameters(model)
            swa_scheduler.step()
        if epoch == 2:
            best = copy.deepcopy(model)
        print(epoch, f"{loss.item():.4f}", [round(lr, 6) for lr in swa_scheduler.get_last_lr()])
    update_bn(loader, swa_model)
    print(swa_model.n_averaged, swa_model.module[1].running_mean)
    print(swa_model.module[0].weight[:2])
    print(ema_model.module[0].weight[:2])
    for name, m in [("model", model), ("swa", swa_model), ("ema", ema_model), ("best", best)]:
        m.eval()
        with torch.no_grad():
            print(name, f"{nn.functional.mse_loss(m(x), y).item():.4f}")
    print(best[0].weight.data_ptr() != model[0].weight.data_ptr())
    print(list(swa_model.state_dict())[:3])
print(swa_model)
