# ruff: noqa: B007, B023 - written as tutorials write it
import torch
from torch.optim import lr_scheduler

# The schedules tutorials pair with a training loop: MultiStepLR, LambdaLR, CosineAnnealingLR,
# ReduceLROnPlateau (fed a validation loss), the rates printed each epoch
model = torch.nn.Linear(2, 1)
for make in [
    lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 4, 4], gamma=0.5),
    lambda o: lr_scheduler.LambdaLR(o, lr_lambda=lambda epoch: 0.95**epoch),
    lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=5, eta_min=0.001),
    lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=3),
]:
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = make(opt)
    lrs = []
    for epoch in range(12):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    print(type(sched).__name__, lrs)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
sched = lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=2)
for epoch, val_loss in enumerate([1.0, 0.9, 0.95, 0.97, 0.96, 0.8, 0.85, 0.86, 0.87, 0.9, 0.7]):
    opt.step()
    sched.step(val_loss)
    print(epoch, opt.param_groups[0]["lr"], sched.get_last_lr(), sched.num_bad_epochs)
