# optim.RMSprop and optim.Adagrad on the same quadratic (https://pytorch.org/docs/stable/optim.html)
import torch

for Opt, kw in [
    (torch.optim.RMSprop, {"lr": 0.01}),
    (torch.optim.RMSprop, {"lr": 0.01, "momentum": 0.9, "centered": True}),
    (torch.optim.Adagrad, {"lr": 0.5}),
    (torch.optim.Adagrad, {"lr": 0.5, "lr_decay": 0.01}),
]:
    w = torch.tensor([3.0, -2.0, 0.5], requires_grad=True)
    opt = Opt([w], **kw)
    print(opt)
    for step in range(15):
        opt.zero_grad()
        loss = (w**2 * torch.tensor([1.0, 5.0, 0.5])).sum()
        loss.backward()
        opt.step()
        print(step, loss.item(), w.tolist())
