# optim.SGD with momentum, nesterov and weight_decay on a quadratic: parameters at full precision,
# the optimizer's repr and state (https://pytorch.org/docs/stable/generated/torch.optim.SGD.html)
import torch

for kwargs in [
    {},
    {"momentum": 0.9},
    {"momentum": 0.9, "nesterov": True},
    {"momentum": 0.5, "dampening": 0.1, "weight_decay": 0.01},
]:
    w = torch.tensor([2.0, -1.5], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1, **kwargs)
    for step in range(12):
        opt.zero_grad()
        loss = (w[0] ** 2 + 10 * w[1] ** 2) / 2
        loss.backward()
        opt.step()
        print(step, loss.item(), w.tolist())
    print(opt)
    print(opt.state_dict()["state"])
