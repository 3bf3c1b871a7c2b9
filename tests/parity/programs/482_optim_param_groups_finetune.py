# Fine-tuning with parameter groups: a small lr for the "backbone", a larger one for the "head", a group added later
# and the lr changed by hand each epoch (https://pytorch.org/docs/stable/optim.html#per-parameter-options)
import torch

backbone = torch.tensor([0.5, -0.25], requires_grad=True)
head = torch.tensor([1.0], requires_grad=True)
extra = torch.tensor([2.0, 2.0, 2.0], requires_grad=True)
opt = torch.optim.SGD([{"params": [backbone], "lr": 1e-3}, {"params": head}], lr=1e-1, momentum=0.5)
print(opt)
for epoch in range(4):
    opt.zero_grad()
    loss = (backbone**2).sum() * 3 + (head - 4) ** 2
    if epoch >= 2:
        loss = loss + (extra**2).sum()
    loss.sum().backward()
    opt.step()
    if epoch == 1:
        opt.add_param_group({"params": extra, "weight_decay": 0.1})
    for g in opt.param_groups:
        g["lr"] = g["lr"] * 0.5
    print(epoch, loss.item(), backbone.tolist(), head.tolist(), extra.tolist())
print([g["lr"] for g in opt.param_groups], len(opt.param_groups))
sd = opt.state_dict()
print([g["params"] for g in sd["param_groups"]], sorted(sd["state"]))
print(sd["param_groups"][2])
try:
    opt.add_param_group({"params": head})
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.SGD([], lr=0.1)
except ValueError as e:
    print("ValueError:", e)
try:
    torch.optim.SGD([backbone], lr=-1)
except ValueError as e:
    print("ValueError:", e)
