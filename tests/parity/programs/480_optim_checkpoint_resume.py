# Resuming training in memory: the optimizer's state_dict deep-copied, loaded into a fresh optimizer, training continued
# (https://pytorch.org/tutorials/recipes/recipes/saving_and_loading_a_general_checkpoint.html)
import torch
import copy

# ruff: noqa: I001 - torch imported first; student code as written

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
target = torch.tensor([1.0, -2.0, 0.5])
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9, nesterov=True)


def train(opt, w, steps):
    for _ in range(steps):
        opt.zero_grad()
        loss = ((w - target) ** 2).sum()
        loss.backward()
        opt.step()
    return loss.item()


print(train(opt, w, 5), w.tolist())
checkpoint = {"w": w.detach().clone(), "opt": copy.deepcopy(opt.state_dict())}
print(checkpoint["opt"])
print(train(opt, w, 5), w.tolist())
w2 = checkpoint["w"].clone().requires_grad_()
opt2 = torch.optim.SGD([w2], lr=1.0)
opt2.load_state_dict(checkpoint["opt"])
print(opt2)
print(opt2.state[w2]["momentum_buffer"])
print(train(opt2, w2, 5), w2.tolist(), torch.equal(w, w2))
print(list(opt2.param_groups[0].keys()))
